//! Each of the nine rules on a position whose proof needs it: the rules prove the position,
//! the proof uses the rule, the other eight alone prove nothing, and the solver agrees.
//! (Positions from seeded random play, each the first found that needs its rule.)

use c4_core::{AnySize, Game, Size};
use c4_knowledge::{ProofResult, Rule, RuleSet, explain, explain_with};
use c4_solver::{SolveLimits, Solver};

const NEEDS: [(Rule, &str, &str); 9] = [
    (Rule::Claimeven, "7x6", "fffedfddeggfbcabac"),
    (Rule::Baseinverse, "7x6", "gdfgcffefdebead"),
    (Rule::Vertical, "6x5", "cabacfbeaaafbce"),
    (Rule::Aftereven, "7x6", "fffedfddeggfbcabac"),
    (Rule::Lowinverse, "7x6", "cfccbdgdbe"),
    (Rule::Highinverse, "6x5", "daaccfd"),
    (Rule::Baseclaim, "7x6", "aceaedeedfbgdfdegefgg"),
    (Rule::Before, "7x6", "ad"),
    (Rule::Specialbefore, "7x6", "dacbgbdddbbdadgbe"),
];

#[test]
fn each_rule_has_a_position_whose_proof_needs_it() {
    for (rule, size, moves) in NEEDS {
        let size: Size = size.parse().unwrap();
        let game = Game::from_moves_in(moves, AnySize::new(size)).unwrap();
        let position = *game.position();
        let verdict = explain(&position);
        let proof = verdict.proof.unwrap_or_else(|| panic!("{moves}: no proof"));
        assert_eq!(verdict.nodes, 0, "{moves}");
        assert!(
            proof.rules.iter().any(|r| r.application.rule == rule),
            "{moves}: the proof does not use {}",
            rule.name()
        );
        assert!(
            explain_with(&position, RuleSet::ALL.without(rule))
                .proof
                .is_none(),
            "{moves}: proven without {}",
            rule.name()
        );
        let mut solver = Solver::new_in(22, AnySize::new(size));
        let limits = SolveLimits {
            nodes: Some(50_000_000),
            time: None,
        };
        let (score, _) = solver.solve_within(&position, true, limits).unwrap();
        let for_proof = if position.side_to_move() == proof.player {
            score.signum()
        } else {
            -score.signum()
        };
        match proof.result {
            ProofResult::Win => assert!(for_proof > 0, "{moves}"),
            ProofResult::AtLeastDraw => assert!(for_proof >= 0, "{moves}"),
        }
    }
}

#[test]
fn the_rules_table_names_each_rule_once_in_order() {
    for (index, (rule, name, summary)) in c4_knowledge::RULES.iter().enumerate() {
        assert_eq!(*rule as usize, index);
        assert_eq!(Rule::from_name(name), Some(*rule));
        assert!(!summary.is_empty());
    }
}
