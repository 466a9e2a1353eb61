//! Every evaluator's breakdown explains its value: the terms' values sum to what `evaluate`
//! returns, for either view, in positions reached by random play, with the default weights
//! and with other settings of each evaluator's options.

use c4_core::{Column, Game, Player};
use c4_eval::{CAP_TERM, EVALUATORS, EvalSpec, Evaluator};
use proptest::prelude::*;

/// Each evaluator as it starts, and with options that change what its terms weigh.
fn specs() -> Vec<EvalSpec> {
    let mut texts: Vec<String> = EVALUATORS.iter().map(|e| e.name.to_owned()).collect();
    texts.extend(
        [
            "kang:features=124,count=empty,two-half3=25000",
            "center:sides=own",
            "corners:d3=9",
            "lines:preset=defensive",
            "lines:skyline=off,good=7",
            "itu:sides=own,row-weight=9",
            "threats:center=5,parity=3",
            "connected:sides=own",
        ]
        .map(str::to_owned),
    );
    texts.iter().map(|t| EvalSpec::parse(t).expect(t)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_terms_sum_to_the_value(choices in proptest::collection::vec(0usize..7, 0..40)) {
        let mut game = Game::new();
        for choice in choices {
            let legal: Vec<Column> = game.position().legal_moves().collect();
            let Some(&column) = legal.get(choice % legal.len().max(1)) else { break };
            let mut next = game.clone();
            next.try_play(column).unwrap();
            if next.position().is_over() {
                break;
            }
            game = next;
        }
        for spec in specs() {
            let mut evaluator = spec.build(7);
            for view in [Player::Red, Player::Yellow] {
                let (position, last) = (game.position(), game.last_move());
                let terms = evaluator.breakdown(position, view, last);
                let value = evaluator.evaluate(position, view, last);
                let sum: i64 = terms.iter().map(|t| t.value).sum();
                prop_assert_eq!(sum, i64::from(value), "{} at {:?}: {:?}", spec, game.move_string(), terms);
                prop_assert!(
                    terms.iter().all(|t| t.name != CAP_TERM),
                    "{} at {:?} saturated: {:?}", spec, game.move_string(), terms
                );
                if spec.name() != "naive" && spec.name() != "zero" {
                    prop_assert!(terms.iter().all(|t| t.name != "total"), "{} has named terms", spec);
                }
            }
        }
    }
}
