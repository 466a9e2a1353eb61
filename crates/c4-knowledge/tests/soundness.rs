//! No proof of the rules contradicts perfect play: positions from seeded random play on 7x6
//! and other sizes, each explained and, when the rules prove something, solved by c4-solver.
//! Bounded by the number of positions and the solver's nodes, not by time: 20,400 positions
//! in the default run (7 small sizes x 2,700, then 1,500 on 7x6 and four more), 240,000 in
//! the ignored whole check.

use c4_core::{AnySize, Player, Position, Size};
use c4_knowledge::{ProofResult, explain};
use c4_solver::hashing::mix64;
use c4_solver::{SolveLimits, Solver};

/// A position of `plies` random moves on `size` that is not over, from `seed`, with its moves.
fn random_position(size: Size, plies: u32, seed: u64) -> Option<(Position<AnySize>, String)> {
    let mut position = Position::new_in(AnySize::new(size));
    let mut moves_played = String::new();
    let mut state = seed;
    for _ in 0..plies {
        let moves: Vec<_> = position.legal_moves().collect();
        if moves.is_empty() {
            return None;
        }
        state = mix64(state.wrapping_add(0x9e37_79b9_7f4a_7c15));
        let column = moves[(state % moves.len() as u64) as usize];
        if position.is_winning_move(column) {
            return None;
        }
        position.play_unchecked(column);
        moves_played.push(column.letter());
    }
    Some((position, moves_played))
}

/// What a solve says of the proof's player: its score's sign from that player's side.
fn solved_sign(
    solver: &mut Solver<AnySize>,
    position: &Position<AnySize>,
    player: Player,
) -> Option<i32> {
    let limits = SolveLimits {
        nodes: Some(3_000_000),
        time: None,
    };
    let (score, _) = solver.solve_within(position, true, limits).ok()?;
    let sign = score.signum();
    Some(if position.side_to_move() == player {
        sign
    } else {
        -sign
    })
}

/// Checks `count` positions of `size`; returns (proofs, proofs checked by the solver).
pub fn check_size(size: Size, count: u64, seed: u64) -> (u64, u64) {
    let mut solver = Solver::new_in(20, AnySize::new(size));
    let (mut proofs, mut checked) = (0, 0);
    let mut wrong = Vec::new();
    let cells = size.cells() as u64;
    for n in 0..count {
        let key = mix64(seed ^ n);
        let plies = (key % (cells - 1)) as u32;
        let Some((position, moves)) = random_position(size, plies, key) else {
            continue;
        };
        let verdict = explain(&position);
        let Some(proof) = verdict.proof else {
            continue;
        };
        proofs += 1;
        let Some(sign) = solved_sign(&mut solver, &position, proof.player) else {
            continue;
        };
        checked += 1;
        let holds = match proof.result {
            ProofResult::Win => sign > 0,
            ProofResult::AtLeastDraw => sign >= 0,
        };
        if !holds {
            wrong.push(format!(
                "{moves} ({:?} {}, the solver {sign}: {})",
                proof.player,
                proof.result.as_str(),
                proof
                    .rules
                    .iter()
                    .map(|r| r.application.rule.name())
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{size}: {} proofs contradict the solver:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    (proofs, checked)
}

#[test]
fn no_proof_contradicts_the_solver_on_small_boards() {
    for (w, h) in [(4, 4), (5, 4), (4, 5), (6, 4), (5, 5), (6, 5), (4, 6)] {
        let size = Size::new(w, h).unwrap();
        let (proofs, checked) = check_size(size, 2700, 7);
        eprintln!("{size}: {proofs} proofs, {checked} checked");
        assert!(checked > 0);
    }
}

#[test]
fn no_proof_contradicts_the_solver_on_7x6_and_larger_boards() {
    for (w, h, count) in [
        (7, 6, 400),
        (6, 6, 300),
        (8, 5, 200),
        (7, 4, 300),
        (5, 6, 300),
    ] {
        let size = Size::new(w, h).unwrap();
        let (proofs, checked) = check_size(size, count, 11);
        eprintln!("{size}: {proofs} proofs, {checked} checked");
        assert!(checked > 0);
    }
}

/// The whole check: 240,000 positions of every ply on 7x6 and six other sizes (in release,
/// about an hour on one core): `cargo test --release -p c4-knowledge --test soundness --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn no_proof_contradicts_the_solver_on_240000_positions() {
    let sizes = [
        (6, 7, 30_000),
        (7, 6, 60_000),
        (6, 6, 30_000),
        (8, 5, 30_000),
        (6, 5, 30_000),
        (7, 4, 30_000),
        (5, 6, 30_000),
    ];
    for (w, h, count) in sizes {
        let size = Size::new(w, h).unwrap();
        let (proofs, checked) = check_size(size, count, 2026);
        eprintln!("{size}: {count} positions, {proofs} proofs, {checked} checked by the solver");
    }
}
