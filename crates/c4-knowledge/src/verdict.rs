//! The verdict on a position: a proof from the rules (for which player, a win or at least a
//! draw, the applications), or unclear, with each side's threats and who controls the
//! zugzwang.

use crate::board::{Board, GroupSet, cells_of};
use crate::combine::combine;
use crate::rules::{Application, RuleSet, applications};
use c4_core::{AnySize, Column, Player, Position, Square};

/// What a proof shows for its player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofResult {
    /// The player wins.
    Win,
    /// The player does not lose.
    AtLeastDraw,
}

impl ProofResult {
    /// `win` or `at_least_draw`, as the JSON writes it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ProofResult::Win => "win",
            ProofResult::AtLeastDraw => "at_least_draw",
        }
    }
}

/// One rule application of a proof, in squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleUse {
    /// The application, in the board's bits.
    pub application: Application,
    /// The squares it uses, lowest column first.
    pub squares: Vec<Square>,
    /// The opponent's groups it answers (those of the proof's targets), each as four squares.
    pub refutes: Vec<[Square; 4]>,
    /// The group of the proof's player it completes (aftereven, before, specialbefore).
    pub group: Option<[Square; 4]>,
    /// The replies: the opponent's move, the answer.
    pub replies: Vec<(Square, Square)>,
}

/// A proof from the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The player the proof is for.
    pub player: Player,
    /// What it shows for that player.
    pub result: ProofResult,
    /// The move the proof's player makes first when it is the side to move; the rules take
    /// over after it.
    pub first_move: Option<Column>,
    /// The odd threat that wins (the win form for the player who does not control the
    /// zugzwang): the empty square that completes the player's four.
    pub odd_threat: Option<Square>,
    /// The opponent's groups the odd threat answers by itself.
    pub refuted_by_threat: Vec<[Square; 4]>,
    /// The applications, which together answer every other group of the opponent.
    pub rules: Vec<RuleUse>,
}

/// A player's threats: the empty squares that would complete a four, by row parity (odd and
/// even counted from the top as everywhere here: on 7x6, rows 1, 3, 5 and 2, 4, 6).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// In odd rows.
    pub odd: Vec<Square>,
    /// In even rows.
    pub even: Vec<Square>,
}

/// What the rules say of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The player to move.
    pub side_to_move: Player,
    /// The player who controls the zugzwang: the one who would take every even square by
    /// answering each move in its column, which is the player who drops the board's last disc.
    pub zugzwang: Player,
    /// Each player's threats, Red's first.
    pub threats: [Threats; 2],
    /// The proof, if the rules give one.
    pub proof: Option<Proof>,
    /// Positions searched beyond the rules: the side to move's moves tried before the rules
    /// took over (0 when the rules alone decide).
    pub nodes: u64,
    /// Whether the game is already over (a four or a full board): nothing to explain.
    pub game_over: bool,
}

/// The verdict of the rules on `position`.
#[must_use]
pub fn explain(position: &Position<AnySize>) -> Verdict {
    explain_with(position, RuleSet::ALL)
}

/// The verdict of the rules of `rules` alone on `position`.
#[must_use]
pub fn explain_with(position: &Position<AnySize>, rules: RuleSet) -> Verdict {
    let mover = position.side_to_move();
    let other = mover.other();
    let size = position.size();
    let empty = size.cells() - position.moves_played() as usize;
    let zugzwang = if empty.is_multiple_of(2) {
        other
    } else {
        mover
    };
    let board = Board::new(position, other);
    let threats = [Player::Red, Player::Yellow].map(|player| {
        let cells = board.threats(player);
        Threats {
            odd: cells_of(cells & board.odd())
                .map(|c| board.square(c))
                .collect(),
            even: cells_of(cells & board.even())
                .map(|c| board.square(c))
                .collect(),
        }
    });
    let mut verdict = Verdict {
        side_to_move: mover,
        zugzwang,
        threats,
        proof: None,
        nodes: 0,
        game_over: position.is_over(),
    };
    if verdict.game_over {
        return verdict;
    }
    verdict.proof = prove_for_waiting(position, other, zugzwang == other, rules);
    if verdict.proof.is_some() {
        return verdict;
    }
    // The side to move: a win at once, else one move after which the rules prove its result.
    let (proof, tried) = first_proving_move(position, &board, rules);
    verdict.proof = proof;
    verdict.nodes = tried;
    verdict
}

/// A move for the side to move of `position` after which the rules prove its result, with
/// that proof (a win at once first, then the moves in the order [`explain`] tries them), and
/// the positions tried.
#[must_use]
pub fn proving_move(position: &Position<AnySize>) -> (Option<(Column, Proof)>, u64) {
    let board = Board::new(position, position.side_to_move().other());
    let (proof, tried) = first_proving_move(position, &board, RuleSet::ALL);
    let found = proof.map(|proof| {
        (
            proof.first_move.expect("a proof after a move names it"),
            proof,
        )
    });
    (found, tried)
}

/// The first move of the side to move, in [`move_order`], after which it wins at once or the
/// rules of `rules` prove its result; the proof names the move. `board` is `position` read
/// for the player not to move. Returns the positions tried too.
fn first_proving_move(
    position: &Position<AnySize>,
    board: &Board,
    rules: RuleSet,
) -> (Option<Proof>, u64) {
    let mover = position.side_to_move();
    let empty = position.size().cells() - position.moves_played() as usize;
    let controls = !empty.is_multiple_of(2);
    let mut tried = 0;
    for column in move_order(board, position) {
        let mut child = *position;
        child.play_unchecked(column);
        tried += 1;
        let proof = if child.last_mover_won() {
            Some(Proof {
                player: mover,
                result: ProofResult::Win,
                first_move: None,
                odd_threat: None,
                refuted_by_threat: Vec::new(),
                rules: Vec::new(),
            })
        } else {
            prove_for_waiting(&child, mover, controls, rules)
        };
        if let Some(mut proof) = proof {
            proof.first_move = Some(column);
            return (Some(proof), tried);
        }
    }
    (None, tried)
}

/// The side to move's moves, wins at once first, then beside a column with an odd number
/// of empty squares toward the centre, then the rest centre first (see [`explain_with`]).
fn move_order(board: &Board, position: &Position<AnySize>) -> Vec<Column> {
    let size = position.size();
    let toward_centre: Vec<usize> = cells_of(board.odd_columns())
        .map(|cell| {
            let index = board.column(cell).index();
            match (2 * index).cmp(&(size.width() - 1)) {
                std::cmp::Ordering::Less => index + 1,
                std::cmp::Ordering::Greater => index - 1,
                std::cmp::Ordering::Equal => index,
            }
        })
        .collect();
    let mut moves: Vec<Column> = size
        .center_first()
        .filter(|&c| position.can_play(c))
        .collect();
    moves.sort_by_key(|c| {
        (
            !position.is_winning_move(*c),
            !toward_centre.contains(&c.index()),
        )
    });
    moves
}

/// A proof for `player`, not to move in `position`: at least a draw when it controls the
/// zugzwang, else a win by an odd threat.
pub(crate) fn prove_for_waiting(
    position: &Position<AnySize>,
    player: Player,
    controls_zugzwang: bool,
    rules: RuleSet,
) -> Option<Proof> {
    let board = Board::new(position, player);
    let targets = board.open_groups(player.other());
    if controls_zugzwang {
        let mut apps = applications(&board, targets, 0);
        apps.retain(|app| rules.contains(app.rule));
        let chosen = combine(&board, &apps, targets)?;
        return Some(proof(
            &board,
            ProofResult::AtLeastDraw,
            None,
            GroupSet::EMPTY,
            &apps,
            &chosen,
            targets,
        ));
    }
    // The odd threat: in a column with an odd number of empty squares, the lowest odd square
    // that completes the player's four. The player answers every move in that column above
    // it, so takes its odd squares, and the opponent must at last fill the square below.
    let odd_threats = board.threats(player) & board.odd();
    for column_bottom in cells_of(board.odd_columns()) {
        let column = board.column_of(column_bottom);
        let Some(threat) = cells_of(odd_threats & column).next() else {
            continue;
        };
        let taken =
            board.at_or_above(threat) | (column & board.odd() & board.empty() & (threat - 1));
        let refuted = board
            .groups_where(|line| line & taken != 0)
            .intersection(targets);
        let left = targets.minus(refuted);
        let mut apps = applications(&board, left, column);
        apps.retain(|app| rules.contains(app.rule));
        if let Some(chosen) = combine(&board, &apps, left) {
            return Some(proof(
                &board,
                ProofResult::Win,
                Some(threat),
                refuted,
                &apps,
                &chosen,
                left,
            ));
        }
    }
    None
}

/// A proof in squares from the chosen applications.
fn proof(
    board: &Board,
    result: ProofResult,
    odd_threat: Option<u64>,
    refuted_by_threat: GroupSet,
    apps: &[Application],
    chosen: &[usize],
    targets: GroupSet,
) -> Proof {
    let group_squares = |cells: u64| -> [Square; 4] {
        let squares: Vec<Square> = cells_of(cells).map(|c| board.square(c)).collect();
        squares.try_into().expect("a group has four squares")
    };
    let groups = |set: GroupSet| -> Vec<[Square; 4]> {
        set.indices()
            .map(|i| group_squares(board.group_cells(i)))
            .collect()
    };
    let mut rules: Vec<RuleUse> = chosen
        .iter()
        .map(|&i| {
            let app = &apps[i];
            RuleUse {
                application: app.clone(),
                squares: cells_of(app.squares).map(|c| board.square(c)).collect(),
                refutes: groups(app.refutes.intersection(targets)),
                group: app.group.map(group_squares),
                replies: app
                    .replies
                    .iter()
                    .map(|&(m, r)| (board.square(m), board.square(r)))
                    .collect(),
            }
        })
        .collect();
    rules.sort_by_key(|r| (r.application.rule, r.squares.clone()));
    Proof {
        player: board.controller(),
        result,
        first_move: None,
        odd_threat: odd_threat.map(|c| board.square(c)),
        refuted_by_threat: groups(refuted_by_threat),
        rules,
    }
}
