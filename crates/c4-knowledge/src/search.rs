//! Proof-number search (Allis, 1994) whose leaves are the rules' verdicts: a position the
//! rules leave unclear is settled by searching the moves until every line ends in a
//! position the rules (or the end of the game) decide.

use crate::rules::RuleSet;
use crate::verdict::{ProofResult, prove_for_waiting};
use c4_core::{AnySize, Player, Position};

/// What a search set out to show: `player` gets at least `result`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The player the goal is for.
    pub player: Player,
    /// What it must get.
    pub result: ProofResult,
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// The goal holds.
    Proven,
    /// The goal fails: the other player gets the opposite (a win against `AtLeastDraw`, at
    /// least a draw against `Win`).
    Disproven,
    /// The search stopped at its limit first.
    Unknown,
}

/// A search's result and cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// What it found.
    pub found: Found,
    /// The positions it looked at, each decided by the rules or expanded.
    pub nodes: u64,
}

const INFINITE: u64 = u64::MAX / 4;

struct Node {
    position: Position<AnySize>,
    parent: Option<usize>,
    children: Vec<usize>,
    proof: u64,
    disproof: u64,
}

/// Searches `position` for `goal`, looking at no more than `max_nodes` positions; `stop`,
/// asked before each expansion, ends it early (a deadline, a cancel), as at the limit.
#[must_use]
pub fn proof_number_search(
    position: &Position<AnySize>,
    goal: Goal,
    max_nodes: u64,
    mut stop: impl FnMut() -> bool,
) -> SearchResult {
    let mut nodes = 1;
    let (proof, disproof) = numbers(leaf(position, goal));
    let mut tree = vec![Node {
        position: *position,
        parent: None,
        children: Vec::new(),
        proof,
        disproof,
    }];
    while tree[0].proof != 0 && tree[0].disproof != 0 && nodes < max_nodes && !stop() {
        // The most proving node: the child that sets its parent's number, down to a leaf.
        let mut at = 0;
        while !tree[at].children.is_empty() {
            let or_node = tree[at].position.side_to_move() == goal.player;
            at = *tree[at]
                .children
                .iter()
                .min_by_key(|&&c| {
                    if or_node {
                        tree[c].proof
                    } else {
                        tree[c].disproof
                    }
                })
                .expect("an expanded node has children");
        }
        let parent_position = tree[at].position;
        for column in parent_position.size().center_first() {
            if !parent_position.can_play(column) || nodes >= max_nodes {
                continue;
            }
            let mut child = parent_position;
            child.play_unchecked(column);
            nodes += 1;
            let (proof, disproof) = numbers(leaf(&child, goal));
            tree.push(Node {
                position: child,
                parent: Some(at),
                children: Vec::new(),
                proof,
                disproof,
            });
            let index = tree.len() - 1;
            tree[at].children.push(index);
        }
        // Back up the numbers to the root.
        let mut up = Some(at);
        while let Some(i) = up {
            let or_node = tree[i].position.side_to_move() == goal.player;
            let children = &tree[i].children;
            let proofs = children.iter().map(|&c| tree[c].proof);
            let disproofs = children.iter().map(|&c| tree[c].disproof);
            let (proof, disproof) = if or_node {
                (
                    proofs.min().unwrap_or(INFINITE),
                    disproofs.fold(0, |a, b| (a + b).min(INFINITE)),
                )
            } else {
                (
                    proofs.fold(0, |a, b| (a + b).min(INFINITE)),
                    disproofs.min().unwrap_or(INFINITE),
                )
            };
            tree[i].proof = proof;
            tree[i].disproof = disproof;
            up = tree[i].parent;
        }
    }
    let found = if tree[0].proof == 0 {
        Found::Proven
    } else if tree[0].disproof == 0 {
        Found::Disproven
    } else {
        Found::Unknown
    };
    SearchResult { found, nodes }
}

fn numbers(found: Found) -> (u64, u64) {
    match found {
        Found::Proven => (0, INFINITE),
        Found::Disproven => (INFINITE, 0),
        Found::Unknown => (1, 1),
    }
}

/// A position decided by the end of the game, a win at once, or the rules; else unknown.
fn leaf(position: &Position<AnySize>, goal: Goal) -> Found {
    let holds = |player: Player, result: ProofResult| {
        if player == goal.player {
            if result == ProofResult::Win || goal.result == ProofResult::AtLeastDraw {
                Found::Proven
            } else {
                Found::Unknown
            }
        } else if result == ProofResult::Win || goal.result == ProofResult::Win {
            Found::Disproven
        } else {
            Found::Unknown
        }
    };
    if position.last_mover_won() {
        return holds(position.side_to_move().other(), ProofResult::Win);
    }
    if position.is_over() {
        return if goal.result == ProofResult::AtLeastDraw {
            Found::Proven
        } else {
            Found::Disproven
        };
    }
    if position.can_win_next() {
        return holds(position.side_to_move(), ProofResult::Win);
    }
    let waiting = position.side_to_move().other();
    let empty = position.size().cells() - position.moves_played() as usize;
    match prove_for_waiting(position, waiting, empty.is_multiple_of(2), RuleSet::ALL) {
        Some(proof) => holds(proof.player, proof.result),
        None => Found::Unknown,
    }
}
