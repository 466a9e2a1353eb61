//! Allis' nine strategic rules, each found on a board as typed applications: the squares an
//! application uses, the opponent's groups it refutes, and the controller's reply to each
//! move it covers.
//!
//! The controller is the player not to move who applies the rules. "Even" and "odd" squares
//! are read from the top of the column on every height (see [`crate::board`]). An application
//! refutes a group when the controller, by its strategy, is sure to take one of the group's
//! empty squares (or the game is won before the group could be completed).

use crate::board::{Board, GroupSet, cells_of};

/// One of Allis' nine rules (A Knowledge-based Approach of Connect-Four, 1988, chapter 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Two empty squares directly above each other, the upper even: answering the lower
    /// with the upper, the controller takes the upper.
    Claimeven,
    /// Two playable squares: answering either with the other, the controller takes one.
    Baseinverse,
    /// Two empty squares directly above each other, the upper odd: answering the lower with
    /// the upper, the opponent never takes both.
    Vertical,
    /// A group of the controller completed by claimevens: the opponent's groups that need a
    /// square above each of its empty squares come too late.
    Aftereven,
    /// Two verticals in two columns: the controller also takes one of the two upper squares.
    Lowinverse,
    /// Three empty squares in each of two columns, the upper even: the controller takes one
    /// of the upper, one of the middle squares, and more.
    Highinverse,
    /// Three playable squares and the even square above the second: a baseinverse and a
    /// claimeven that share a square.
    Baseclaim,
    /// A group of the controller completed by claimevens and verticals before any group of
    /// the opponent through all the squares directly above its empty squares.
    Before,
    /// A before whose group has a playable square, played with another playable square.
    Specialbefore,
}

/// Each rule's name and a sentence on what it does: what the CLI, the page and the docs
/// print.
pub const RULES: [(Rule, &str, &str); 9] = [
    (
        Rule::Claimeven,
        "claimeven",
        "answering the lower square with the upper one, the controller takes the even square",
    ),
    (
        Rule::Baseinverse,
        "baseinverse",
        "answering one playable square with the other, the controller takes one of the two",
    ),
    (
        Rule::Vertical,
        "vertical",
        "answering the lower square with the upper one, the opponent never takes both",
    ),
    (
        Rule::Aftereven,
        "aftereven",
        "the controller's group fills by claimevens, before any group needing a square above it",
    ),
    (
        Rule::Lowinverse,
        "lowinverse",
        "two verticals in two columns: the controller also takes one of the two upper squares",
    ),
    (
        Rule::Highinverse,
        "highinverse",
        "three squares in each of two columns: one of each pair across them is the controller's",
    ),
    (
        Rule::Baseclaim,
        "baseclaim",
        "three playable squares and the even square above the middle one, shared out by replies",
    ),
    (
        Rule::Before,
        "before",
        "the controller's group fills before any group through the squares above its empty ones",
    ),
    (
        Rule::Specialbefore,
        "specialbefore",
        "a before whose group has a playable square, paired with another playable square",
    ),
];

impl Rule {
    /// The rule's name, as Allis writes it (lower case).
    #[must_use]
    pub fn name(self) -> &'static str {
        RULES[self as usize].1
    }

    /// A sentence on what the rule does.
    #[must_use]
    pub fn summary(self) -> &'static str {
        RULES[self as usize].2
    }

    /// The rule of this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Rule> {
        RULES
            .iter()
            .find(|(_, n, _)| *n == name)
            .map(|(rule, _, _)| *rule)
    }
}

/// A set of rules: which of the nine a proof may use (all, normally; fewer to see which
/// rule a proof needs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet(u16);

impl RuleSet {
    /// All nine rules.
    pub const ALL: RuleSet = RuleSet((1 << RULES.len()) - 1);

    /// Whether the set holds `rule`.
    #[must_use]
    pub const fn contains(self, rule: Rule) -> bool {
        self.0 >> rule as u16 & 1 == 1
    }

    /// The set without `rule`.
    #[must_use]
    pub const fn without(self, rule: Rule) -> RuleSet {
        RuleSet(self.0 & !(1 << rule as u16))
    }
}

/// One application of a rule on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Application {
    /// The rule applied.
    pub rule: Rule,
    /// The empty squares it uses (bits of the board).
    pub squares: u64,
    /// The lower squares of the claimevens inside it (the inverses may not sit at or above one).
    pub claimeven_lowers: u64,
    /// Two playable squares it pairs, each answering the other (a specialbefore's square of
    /// its group and the one outside it): no other application may use either unless it pairs
    /// the same two.
    pub paired: u64,
    /// The opponent's groups it refutes.
    pub refutes: GroupSet,
    /// The controller's group it completes (aftereven, before, specialbefore).
    pub group: Option<u64>,
    /// The controller's replies: (the opponent's move, the answer), one bit each.
    pub replies: Vec<(u64, u64)>,
}

/// Every useful application of the nine rules for the controller of `board`: each refutes at
/// least one group of `targets` (the opponent's groups still to refute), and uses no square
/// of `forbidden` (a column another strategy holds).
#[must_use]
pub fn applications(board: &Board, targets: GroupSet, forbidden: u64) -> Vec<Application> {
    let mut found = Vec::new();
    let empty = board.empty() & !forbidden;
    let playable = board.playable() & !forbidden;
    let claimevens: Vec<(u64, u64)> = cells_of(empty & board.even())
        .filter_map(|upper| {
            let lower = board.below(upper);
            (lower & empty != 0).then_some((lower, upper))
        })
        .collect();
    let verticals: Vec<(u64, u64)> = cells_of(empty & board.odd())
        .filter_map(|upper| {
            let lower = board.below(upper);
            (lower & empty != 0).then_some((lower, upper))
        })
        .collect();
    let holding = |cells: u64| board.groups_holding(targets, cells);
    let mut push = |app: Application| {
        if !app.refutes.is_empty() {
            found.push(app);
        }
    };

    for &(lower, upper) in &claimevens {
        push(Application {
            rule: Rule::Claimeven,
            squares: lower | upper,
            claimeven_lowers: lower,
            paired: 0,
            refutes: holding(upper),
            group: None,
            replies: vec![(lower, upper)],
        });
    }
    let playable_cells: Vec<u64> = cells_of(playable).collect();
    for (i, &a) in playable_cells.iter().enumerate() {
        for &b in &playable_cells[i + 1..] {
            push(Application {
                rule: Rule::Baseinverse,
                squares: a | b,
                claimeven_lowers: 0,
                paired: 0,
                refutes: holding(a | b),
                group: None,
                replies: vec![(a, b), (b, a)],
            });
        }
    }
    for &(lower, upper) in &verticals {
        push(Application {
            rule: Rule::Vertical,
            squares: lower | upper,
            claimeven_lowers: 0,
            paired: 0,
            refutes: holding(lower | upper),
            group: None,
            replies: vec![(lower, upper)],
        });
    }
    for (i, &(lower_a, upper_a)) in verticals.iter().enumerate() {
        for &(lower_b, upper_b) in &verticals[i + 1..] {
            if board.column_of(upper_a) == board.column_of(upper_b) {
                continue;
            }
            let across = holding(upper_a | upper_b);
            if across.is_empty() {
                continue;
            }
            push(Application {
                rule: Rule::Lowinverse,
                squares: lower_a | upper_a | lower_b | upper_b,
                claimeven_lowers: 0,
                paired: 0,
                refutes: across
                    .union(holding(lower_a | upper_a))
                    .union(holding(lower_b | upper_b)),
                group: None,
                replies: vec![(lower_a, upper_a), (lower_b, upper_b)],
            });
        }
    }
    highinverses(board, empty, targets, &mut push);
    baseclaims(board, &playable_cells, targets, &mut push);
    group_rules(board, empty, &playable_cells, targets, &mut push);
    found
}

/// The highinverses: in each of two columns three empty squares, the upper even.
fn highinverses(board: &Board, empty: u64, targets: GroupSet, push: &mut impl FnMut(Application)) {
    let holding = |cells: u64| board.groups_holding(targets, cells);
    let playable = board.playable();
    let columns: Vec<(u64, u64, u64)> = cells_of(empty & board.even())
        .filter_map(|upper| {
            let middle = board.below(upper);
            let lower = board.below(middle);
            (middle & empty != 0 && lower & empty != 0).then_some((lower, middle, upper))
        })
        .collect();
    for (i, &(lower_a, middle_a, upper_a)) in columns.iter().enumerate() {
        for &(lower_b, middle_b, upper_b) in &columns[i + 1..] {
            if board.column_of(upper_a) == board.column_of(upper_b) {
                continue;
            }
            let mut refutes = holding(upper_a | upper_b)
                .union(holding(middle_a | middle_b))
                .union(holding(middle_a | upper_a))
                .union(holding(middle_b | upper_b));
            if lower_a & playable != 0 {
                refutes = refutes.union(holding(lower_a | upper_b));
            }
            if lower_b & playable != 0 {
                refutes = refutes.union(holding(lower_b | upper_a));
            }
            push(Application {
                rule: Rule::Highinverse,
                squares: lower_a | middle_a | upper_a | lower_b | middle_b | upper_b,
                claimeven_lowers: 0,
                paired: 0,
                refutes,
                group: None,
                replies: vec![(middle_a, upper_a), (middle_b, upper_b)],
            });
        }
    }
}

/// The baseclaims: three playable squares, the second odd with the even square above it.
fn baseclaims(
    board: &Board,
    playable: &[u64],
    targets: GroupSet,
    push: &mut impl FnMut(Application),
) {
    let holding = |cells: u64| board.groups_holding(targets, cells);
    for &second in playable {
        let above = board.above(second);
        if second & board.odd() == 0 || above == 0 {
            continue;
        }
        for &first in playable {
            if first == second {
                continue;
            }
            for &third in playable {
                if third == first || third == second {
                    continue;
                }
                push(Application {
                    rule: Rule::Baseclaim,
                    squares: first | second | third | above,
                    claimeven_lowers: second,
                    paired: 0,
                    refutes: holding(first | above).union(holding(second | third)),
                    group: None,
                    replies: vec![(first, third), (third, second), (second, third)],
                });
            }
        }
    }
}

/// How the controller holds one empty square of its aftereven or before group.
#[derive(Clone, Copy)]
enum Hold {
    /// A claimeven whose upper square is the group's.
    Claimeven { lower: u64, upper: u64 },
    /// A vertical through the group's square and one next to it.
    Vertical { lower: u64, upper: u64 },
}

/// The afterevens, befores and specialbefores: the rules built on a group of the controller.
fn group_rules(
    board: &Board,
    empty: u64,
    playable: &[u64],
    targets: GroupSet,
    push: &mut impl FnMut(Application),
) {
    let controller_groups = board.open_groups(board.controller());
    for index in controller_groups.indices() {
        let group = board.group_cells(index);
        let open = group & board.empty();
        if open == 0 || open & !empty != 0 || open & board.top_row() != 0 {
            continue;
        }
        let cells: Vec<u64> = cells_of(open).collect();
        // The opponent's groups through a square above each empty square, column by column.
        let above_each = cells.iter().fold(targets, |set, &cell| {
            let above = board.above_all(cell);
            set.intersection(board.groups_where(|line| line & above != 0))
        });
        let directly_above: u64 = cells.iter().map(|&cell| board.above(cell)).sum();
        let options: Vec<Vec<Hold>> = cells
            .iter()
            .map(|&cell| {
                let mut holds = Vec::new();
                let below = board.below(cell);
                if cell & board.even() != 0 && below & empty != 0 {
                    holds.push(Hold::Claimeven {
                        lower: below,
                        upper: cell,
                    });
                }
                if cell & board.odd() != 0 && below & empty != 0 {
                    holds.push(Hold::Vertical {
                        lower: below,
                        upper: cell,
                    });
                }
                let above = board.above(cell);
                if above & empty != 0 {
                    holds.push(Hold::Vertical {
                        lower: cell,
                        upper: above,
                    });
                }
                holds
            })
            .collect();
        if options.iter().any(Vec::is_empty) {
            continue;
        }
        let vertical_group = group & board.column_of(group & group.wrapping_neg()) == group;
        let all_claimevens = options
            .iter()
            .all(|holds| matches!(holds[0], Hold::Claimeven { .. }));
        if all_claimevens {
            let holds: Vec<Hold> = options.iter().map(|holds| holds[0]).collect();
            let (squares, lowers, refutes, replies) = held(board, &holds, targets);
            push(Application {
                rule: Rule::Aftereven,
                squares,
                claimeven_lowers: lowers,
                paired: 0,
                refutes: refutes.union(above_each),
                group: Some(group),
                replies,
            });
        }
        if vertical_group {
            continue;
        }
        let after_group = board.groups_holding(targets, directly_above);
        let mut choice = vec![0usize; options.len()];
        loop {
            let holds: Vec<Hold> = choice.iter().zip(&options).map(|(&k, o)| o[k]).collect();
            if holds
                .iter()
                .any(|hold| matches!(hold, Hold::Vertical { .. }))
            {
                let (squares, lowers, refutes, replies) = held(board, &holds, targets);
                push(Application {
                    rule: Rule::Before,
                    squares,
                    claimeven_lowers: lowers,
                    paired: 0,
                    refutes: refutes.union(after_group),
                    group: Some(group),
                    replies: replies.clone(),
                });
            }
            specialbefores(
                board,
                group,
                &holds,
                directly_above,
                playable,
                targets,
                push,
            );
            if !next_choice(&mut choice, &options) {
                break;
            }
        }
    }
}

/// The specialbefores of one before: the group's playable square, held by a vertical that
/// the rule does not use, paired with a playable square outside the group's columns.
fn specialbefores(
    board: &Board,
    group: u64,
    holds: &[Hold],
    directly_above: u64,
    playable: &[u64],
    targets: GroupSet,
    push: &mut impl FnMut(Application),
) {
    let group_columns: u64 = cells_of(group & board.empty())
        .map(|cell| board.column_of(cell))
        .fold(0, |a, b| a | b);
    for (k, hold) in holds.iter().enumerate() {
        let Hold::Vertical {
            lower: internal, ..
        } = *hold
        else {
            continue;
        };
        if internal & board.playable() == 0 || internal & group == 0 {
            continue;
        }
        let rest: Vec<Hold> = holds
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .map(|(_, &hold)| hold)
            .collect();
        let (squares, lowers, refutes, replies) = held(board, &rest, targets);
        for &external in playable {
            if external & group_columns != 0 {
                continue;
            }
            let refutes = refutes
                .union(board.groups_holding(targets, external | directly_above))
                .union(board.groups_holding(targets, external | internal));
            let mut replies = replies.clone();
            replies.push((internal, external));
            replies.push((external, internal));
            push(Application {
                rule: Rule::Specialbefore,
                squares: squares | internal | external,
                claimeven_lowers: lowers,
                paired: internal | external,
                refutes,
                group: Some(group),
                replies,
            });
        }
    }
}

/// The squares, claimeven lower squares, refuted groups and replies of a set of holds.
fn held(board: &Board, holds: &[Hold], targets: GroupSet) -> (u64, u64, GroupSet, Vec<(u64, u64)>) {
    let mut squares = 0;
    let mut lowers = 0;
    let mut refutes = GroupSet::EMPTY;
    let mut replies = Vec::new();
    for hold in holds {
        match *hold {
            Hold::Claimeven { lower, upper } => {
                squares |= lower | upper;
                lowers |= lower;
                refutes = refutes.union(board.groups_holding(targets, upper));
                replies.push((lower, upper));
            }
            Hold::Vertical { lower, upper } => {
                squares |= lower | upper;
                refutes = refutes.union(board.groups_holding(targets, lower | upper));
                replies.push((lower, upper));
            }
        }
    }
    (squares, lowers, refutes, replies)
}

/// The next combination of options, odometer order; false after the last.
fn next_choice(choice: &mut [usize], options: &[Vec<Hold>]) -> bool {
    for (k, slot) in choice.iter_mut().enumerate() {
        *slot += 1;
        if *slot < options[k].len() {
            return true;
        }
        *slot = 0;
    }
    false
}
