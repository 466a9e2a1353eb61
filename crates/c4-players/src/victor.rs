//! `victor`: Allis' strategic rules as a player. Before each move it asks the rules for a
//! move of its own after which they prove its result (c4-knowledge's `proving_move`: the
//! strategy's reply keeps the proof, or a first move sets one up); where they prove
//! nothing, its engine searches. A proof, once found, is kept: each later move is again one
//! after which the rules prove at least the same result. Where they prove only a draw, the
//! engine still looks for a win, and its move is played only where its search proves one:
//! the rules' draw is the floor, not the aim.

use crate::Agent;
use c4_core::{AnySize, Game, Geometry};
use c4_knowledge::{ProofResult, proving_move};
use c4_search::search::{MoveReport, MoveValue};
use c4_solver::Cancel;
use c4_solver::clock::Instant;

/// The rules first, then the engine.
pub(crate) struct VictorAgent<G: Geometry> {
    spec: String,
    engine: Box<dyn Agent<G>>,
}

impl<G: Geometry> VictorAgent<G> {
    pub(crate) fn new(spec: String, engine: Box<dyn Agent<G>>) -> VictorAgent<G> {
        VictorAgent { spec, engine }
    }
}

impl<G: Geometry> Agent<G> for VictorAgent<G> {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn choose(&mut self, game: &Game<G>) -> MoveReport {
        let start = Instant::now();
        let size = game.size();
        let position = game
            .position()
            .to_geometry(AnySize::new(size))
            .expect("a position fits the geometry of its own size");
        let (found, tried) = proving_move(&position);
        let Some((column, proof)) = found else {
            return self.engine.choose(game);
        };
        let mut nodes = tried;
        if proof.result == ProofResult::AtLeastDraw {
            let searched = self.engine.choose(game);
            if proves_a_win(searched.score) {
                return MoveReport {
                    note: Some(
                        "the engine's search proves a win (Allis' rules prove at least a draw)"
                            .to_owned(),
                    ),
                    ..searched
                };
            }
            nodes += searched.nodes;
        }
        let result = match proof.result {
            ProofResult::Win => "a win",
            ProofResult::AtLeastDraw => "at least a draw",
        };
        let note = format!(
            "Allis' rules prove {result} after this move ({} rule application{})",
            proof.rules.len(),
            if proof.rules.len() == 1 { "" } else { "s" }
        );
        MoveReport {
            size,
            nodes,
            ..MoveReport::unscored(column, position.moves_played(), start.elapsed(), Some(note))
        }
    }

    fn set_cancel(&mut self, cancel: Cancel) {
        self.engine.set_cancel(cancel);
    }
}

/// Whether a search's value of its move is a win it proved: the solver's, or a forced win
/// found by the search itself.
fn proves_a_win(value: MoveValue) -> bool {
    match value {
        MoveValue::Exact(score) => score.is_win(),
        MoveValue::Heuristic(value) => value.is_decisive() && value.0 > 0,
        MoveValue::Unscored => false,
    }
}
