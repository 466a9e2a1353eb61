//! Diagnostics of a network's one-ply mistakes on a run's graded sample: which of them are
//! tactical (a missed block, a move under the opponent's winning cell) and which strategic.
//!
//! `cargo run --release -p c4-learn --example ntuple_diag -- LABELS.json [NETWORK.c4nt]`

use c4_core::{Game, Position};
use c4_eval::ntuple::{Network, evaluator, file};
use c4_learn::learn::metrics::Labelled;
use c4_learn::learn::td::greedy_move;
use std::sync::Arc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let labels: Vec<Labelled> =
        serde_json::from_str(&std::fs::read_to_string(&args[1]).unwrap()).unwrap();
    let network: Arc<Network> = match args.get(2) {
        Some(path) => Arc::new(file::decode(&std::fs::read(path).unwrap()).unwrap()),
        None => Arc::new(evaluator::builtin().unwrap().to_network()),
    };
    let (mut mistakes, mut missed_block, mut gave_win, mut other) = (0, 0, 0, 0);
    // States where the side to move can win at once: their value should be near +1.
    let (mut can_win, mut can_win_low, mut can_win_sum) = (0, 0, 0.0f32);
    for labelled in &labels {
        let position: Position = *Game::from_moves(&labelled.moves).unwrap().position();
        for column in position.legal_moves() {
            if position.is_winning_move(column) {
                continue;
            }
            let mut next = position;
            next.play_unchecked(column);
            if next.can_win_next() {
                let value = network.value(&next);
                can_win += 1;
                can_win_sum += value;
                if value < 0.5 {
                    can_win_low += 1;
                }
            }
        }
    }
    println!(
        "states where the side to move wins at once: {can_win}, mean value {:.3}, below 0.5: {can_win_low}",
        can_win_sum / can_win.max(1) as f32
    );
    for (n, labelled) in labels.iter().enumerate() {
        let game = Game::from_moves(&labelled.moves).unwrap();
        let position: Position = *game.position();
        let chosen = greedy_move(&network, &position);
        let class = |score: Option<c4_solver::ExactScore>| score.map(|s| s.signum());
        let best = labelled.scores.iter().copied().max().unwrap();
        if class(labelled.scores[chosen.index()]) >= class(best) {
            continue;
        }
        mistakes += 1;
        let threats = position.opponent_winning_cells().0 & position.playable_cells().0;
        let mut next = position;
        next.play_unchecked(chosen);
        let kind = if threats != 0 {
            missed_block += 1;
            "missed block"
        } else if next.can_win_next() {
            gave_win += 1;
            "gave a win"
        } else {
            other += 1;
            "strategic"
        };
        let values: Vec<String> = position
            .legal_moves()
            .map(|c| {
                let mut p = position;
                p.play_unchecked(c);
                format!(
                    "{}:{:+.2}({})",
                    c.index() + 1,
                    -network.value(&p),
                    class(labelled.scores[c.index()]).unwrap_or(0)
                )
            })
            .collect();
        println!(
            "{n:3} {:24} ply {:2} chose {} {kind:13} {}",
            labelled.moves,
            position.moves_played(),
            chosen.index() + 1,
            values.join(" ")
        );
    }
    println!(
        "mistakes {mistakes} of {}: missed block {missed_block}, gave a win {gave_win}, strategic {other}",
        labels.len()
    );
}
