//! Which applications can be played together (Allis' combination conditions, 1988, section
//! 7.2), and the search for a set of them that refutes every group of the opponent.
//!
//! The conditions, by the two rules' kinds:
//! - a claimeven, baseinverse or vertical goes with anything whose squares it shares none
//!   of, but a claimeven beside a lowinverse or highinverse needs only that none of the
//!   inverse's squares is at or above the claimeven's lower square in its column;
//! - an aftereven, before or specialbefore beside another of these three: in each column the
//!   squares the two use are the same or share none (they may share claimevens and verticals);
//! - a lowinverse or highinverse beside anything holding a claimeven (aftereven, baseclaim,
//!   before, specialbefore): no claimeven lower square at or below the inverse's squares, and
//!   the squares disjoint (lowinverse beside a before or specialbefore: the same or none in
//!   each column);
//! - everything else: no shared square.

use crate::board::{Board, GroupSet};
use crate::rules::{Application, Rule};

/// Whether `a` and `b` can be played together.
#[must_use]
pub fn compatible(board: &Board, a: &Application, b: &Application) -> bool {
    use Rule::*;
    let disjoint = a.squares & b.squares == 0;
    let pairs_clash =
        (a.paired & b.squares != 0 || b.paired & a.squares != 0) && a.paired != b.paired;
    if pairs_clash {
        return false;
    }
    let (first, second) = if rank(a.rule) <= rank(b.rule) {
        (a, b)
    } else {
        (b, a)
    };
    match (first.rule, second.rule) {
        (Claimeven, Lowinverse | Highinverse) => no_claimeven_at_or_below(board, second, first),
        (Claimeven | Baseinverse | Vertical, _) => disjoint,
        (Aftereven, Aftereven | Before | Specialbefore) => columnwise_same_or_apart(board, a, b),
        (Aftereven, Lowinverse | Highinverse) => {
            disjoint && no_claimeven_at_or_below(board, second, first)
        }
        (Lowinverse, Lowinverse | Highinverse) | (Highinverse, Highinverse) => disjoint,
        (Lowinverse | Highinverse, Baseclaim) => {
            disjoint && no_claimeven_at_or_below(board, first, second)
        }
        (Lowinverse, Before | Specialbefore) => {
            disjoint && no_claimeven_at_or_below(board, first, second)
        }
        (Highinverse, Before | Specialbefore) => {
            disjoint && no_claimeven_at_or_below(board, first, second)
        }
        (Before | Specialbefore, Before | Specialbefore) => columnwise_same_or_apart(board, a, b),
        _ => disjoint,
    }
}

/// The order of the kinds in the table above, so each pair is matched once.
fn rank(rule: Rule) -> u8 {
    match rule {
        Rule::Claimeven => 0,
        Rule::Baseinverse => 1,
        Rule::Vertical => 2,
        Rule::Aftereven => 3,
        Rule::Lowinverse => 4,
        Rule::Highinverse => 5,
        Rule::Baseclaim => 6,
        Rule::Before => 7,
        Rule::Specialbefore => 8,
    }
}

/// No square of `inverse` at or above a claimeven lower square of `other` in its column.
fn no_claimeven_at_or_below(board: &Board, inverse: &Application, other: &Application) -> bool {
    crate::board::cells_of(other.claimeven_lowers)
        .all(|lower| inverse.squares & board.at_or_above(lower) == 0)
}

/// In each column, the squares `a` and `b` use there are the same or share none.
fn columnwise_same_or_apart(board: &Board, a: &Application, b: &Application) -> bool {
    (0..board.size().width()).all(|column| {
        let cells = board.column_cells(column);
        let (in_a, in_b) = (a.squares & cells, b.squares & cells);
        in_a & in_b == 0 || in_a == in_b
    })
}

/// The most steps a combination search takes before it gives up, so that no position's
/// explanation runs long (a step is one application tried).
pub const SEARCH_STEPS: u64 = 200_000;

/// A set of compatible applications of `apps` that refutes every group of `targets`, by
/// index, if the search finds one within [`SEARCH_STEPS`].
#[must_use]
pub fn combine(board: &Board, apps: &[Application], targets: GroupSet) -> Option<Vec<usize>> {
    // A group no application refutes ends the search before it starts.
    let covered = apps
        .iter()
        .fold(GroupSet::EMPTY, |set, app| set.union(app.refutes));
    if !targets.minus(covered).is_empty() {
        return None;
    }
    let mut by_group = vec![Vec::new(); 128];
    for (i, app) in apps.iter().enumerate() {
        for group in app.refutes.intersection(targets).indices() {
            by_group[group].push(i);
        }
    }
    let mut search = Search {
        board,
        apps,
        by_group,
        chosen: Vec::new(),
        steps: 0,
    };
    search.cover(targets).then_some(search.chosen)
}

struct Search<'a> {
    board: &'a Board,
    apps: &'a [Application],
    /// The applications that refute each group, by the group's index.
    by_group: Vec<Vec<usize>>,
    chosen: Vec<usize>,
    steps: u64,
}

impl Search<'_> {
    /// Chooses applications until `left` is empty; false when no choice does it.
    fn cover(&mut self, left: GroupSet) -> bool {
        if left.is_empty() {
            return true;
        }
        // The group with the fewest applications that can still join the chosen ones.
        let mut best: Option<Vec<usize>> = None;
        for group in left.indices() {
            let usable: Vec<usize> = self.by_group[group]
                .iter()
                .copied()
                .filter(|&i| self.fits(i))
                .collect();
            if usable.is_empty() {
                return false;
            }
            if best.as_ref().is_none_or(|b| usable.len() < b.len()) {
                let only_one = usable.len() == 1;
                best = Some(usable);
                if only_one {
                    break;
                }
            }
        }
        let mut candidates = best.expect("left holds a group");
        // Those that refute the most of what is left first.
        candidates
            .sort_by_key(|&i| std::cmp::Reverse(self.apps[i].refutes.intersection(left).len()));
        for i in candidates {
            self.steps += 1;
            if self.steps > SEARCH_STEPS {
                return false;
            }
            self.chosen.push(i);
            if self.cover(left.minus(self.apps[i].refutes)) {
                return true;
            }
            self.chosen.pop();
        }
        false
    }

    /// Whether application `i` can join the chosen ones.
    fn fits(&self, i: usize) -> bool {
        let app = &self.apps[i];
        self.chosen
            .iter()
            .all(|&j| compatible(self.board, app, &self.apps[j]))
    }
}
