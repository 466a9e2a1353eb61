//! [`SearchValue`]: what the heuristic searches say a position is worth, a type of its own
//! beside the solver's [`ExactScore`](c4_solver::ExactScore), so that the two scales never
//! mix.

use super::MAX_PLY;
use c4_eval::{Eval, MAX_HEURISTIC};

/// A value from a depth-limited search, for the side to move: a heuristic value, or a won or
/// lost end within the horizon.
///
/// A game won by the side to move `n` plies from the search's root is worth `WIN - n`
/// ([`win_in`](Self::win_in)), so that quicker wins are worth more; a loss is the negation.
/// Heuristic values are clamped to [`MAX_HEURISTIC`] ([`from_eval`](Self::from_eval)), far
/// below any won end, so [`is_decisive`](Self::is_decisive) tells the two apart. The bounds
/// are symmetric ([`INFINITY`](Self::INFINITY) and its negation), so negation never
/// overflows.
///
/// The number is public for files and tables that keep it as a plain integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SearchValue(pub i32);

impl SearchValue {
    /// A draw, or a heuristic value of nothing either way.
    pub const ZERO: SearchValue = SearchValue(0);
    /// A win at the root itself: never reached, as a win is at least one ply away; wins
    /// count down from it.
    pub const WIN: SearchValue = SearchValue(1_000_000_000);
    /// Above any value a search returns: the open bound of a full window.
    pub const INFINITY: SearchValue = SearchValue(2_000_000_000);

    /// The value of winning `plies` plies from the root.
    #[must_use]
    pub const fn win_in(plies: u32) -> SearchValue {
        SearchValue(Self::WIN.0 - plies as i32)
    }

    /// The value of losing `plies` plies from the root.
    #[must_use]
    pub const fn loss_in(plies: u32) -> SearchValue {
        SearchValue(-Self::win_in(plies).0)
    }

    /// An evaluator's value, clamped so that it stays below every won or lost end.
    #[inline]
    #[must_use]
    pub fn from_eval(eval: Eval) -> SearchValue {
        SearchValue(eval.clamp(-MAX_HEURISTIC, MAX_HEURISTIC))
    }

    /// If the value is a forced win or loss found by search, the plies to the end, signed:
    /// positive for a win of the side to move.
    #[must_use]
    pub const fn decisive_plies(self) -> Option<i32> {
        if self.0 > Self::WIN.0 - MAX_PLY as i32 {
            Some(Self::WIN.0 - self.0)
        } else if self.0 < -(Self::WIN.0 - MAX_PLY as i32) {
            Some(-(Self::WIN.0 + self.0))
        } else {
            None
        }
    }

    /// Whether the value is a forced win or loss rather than a heuristic estimate.
    #[must_use]
    pub const fn is_decisive(self) -> bool {
        self.decisive_plies().is_some()
    }

    /// The value one below this one, for a window that must let an equal value through
    /// (saturating, so the open bound stays open).
    #[must_use]
    pub const fn just_below(self) -> SearchValue {
        SearchValue(self.0.saturating_sub(1))
    }

    /// The value in words, for the side to move: a forced win or loss the search proved
    /// reads as an exact one does (`win in 2 moves (search)`, counting the winner's discs);
    /// anything else is labelled heuristic, with the depth when known:
    /// `heuristic +26 (depth 5)`.
    #[must_use]
    pub fn describe(self, depth: Option<u32>) -> String {
        let moves = |n: i32| format!("{n} move{}", if n == 1 { "" } else { "s" });
        match self.decisive_plies() {
            Some(p) if p > 0 => format!("win in {} (search)", moves((p + 1) / 2)),
            Some(p) => format!("loss in {} (search)", moves((-p) / 2)),
            None => match depth {
                Some(depth) => format!("heuristic {:+} (depth {depth})", self.0),
                None => format!("heuristic {:+}", self.0),
            },
        }
    }

    /// The same judgement after the move that was valued, for the opponent: a forced end
    /// found by the search is one ply nearer, anything else is negated.
    #[must_use]
    pub fn for_reply(self) -> SearchValue {
        match self.decisive_plies() {
            Some(plies) if plies > 0 => SearchValue::loss_in(plies.unsigned_abs() - 1),
            Some(plies) => SearchValue::win_in(plies.unsigned_abs().saturating_sub(1)),
            None => -self,
        }
    }
}

impl std::ops::Neg for SearchValue {
    type Output = SearchValue;

    /// The same value for the other player.
    #[inline]
    fn neg(self) -> SearchValue {
        SearchValue(-self.0)
    }
}

impl std::fmt::Display for SearchValue {
    /// The value in words, without a depth (see [`SearchValue::describe`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe(None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_and_losses_are_decisive_and_heuristic_values_are_not() {
        assert_eq!(SearchValue::win_in(3).decisive_plies(), Some(3));
        assert_eq!(SearchValue::loss_in(4).decisive_plies(), Some(-4));
        assert!(!SearchValue::from_eval(Eval::MAX).is_decisive());
        assert!(!SearchValue::from_eval(Eval::MIN).is_decisive());
        assert_eq!(-SearchValue::INFINITY, SearchValue(-2_000_000_000));
    }

    #[test]
    fn values_read_in_words() {
        assert_eq!(
            SearchValue::win_in(3).describe(None),
            "win in 2 moves (search)"
        );
        assert_eq!(
            SearchValue::loss_in(2).describe(None),
            "loss in 1 move (search)"
        );
        assert_eq!(SearchValue(26).describe(Some(5)), "heuristic +26 (depth 5)");
        assert_eq!(SearchValue::win_in(3).for_reply(), SearchValue::loss_in(2));
        assert_eq!(SearchValue(26).for_reply(), SearchValue(-26));
    }
}
