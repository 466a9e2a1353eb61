//! What a texel fit predicts and how it runs.

/// What the fit predicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Each position's exact result, by a logistic of its value.
    Results,
    /// Which columns of each position keep the best win/draw/loss value, by a softmax of the
    /// columns' values. Positions with a win in one move, or whose columns all share one
    /// value, say nothing about the weights and are left out.
    Moves,
}

impl Target {
    /// Its name, as `c4 tune --target` spells it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Target::Results => "results",
            Target::Moves => "moves",
        }
    }
}

/// How to fit.
#[derive(Clone, Debug)]
pub struct TexelConfig {
    /// What the fit predicts.
    pub target: Target,
    /// Results: 0 evaluates the quiescent leaf, N searches N plies. Moves: the depth of the
    /// searcher whose choice is fitted, each column searched N - 1 plies (0 and 1: each
    /// column's quiescent leaf).
    pub depth: u32,
    /// The tunable weights to fit (empty: all of them).
    pub params: Vec<String>,
    /// Passes without a better validation loss before stopping.
    pub patience: u32,
    /// At most this many passes.
    pub max_passes: u32,
}
