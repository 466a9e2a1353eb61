//! Played games checked against perfect play, after the fact.
//!
//! A match's summary says from which ply a player's own solver *proved* each of its moves
//! optimal while it played. This module answers the other question: which moves *were*
//! optimal, whatever the player knew. Every position before a player's move is scored
//! exactly (by whatever the caller supplies: c4's solver, a book, a cache of earlier runs);
//! a move is *optimal* when its score equals the position's, and *keeps the result* when
//! its sign does (a win stays a win, a draw a draw).

use crate::record::GameRecord;
use crate::stats::Spread;
use c4_core::{Column, Geometry, Position, Size, Standard};
use c4_players::review::Quality;
use c4_solver::{ExactScore, move_score};
use std::fmt::Write as _;

/// Why a game's moves cannot be checked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VerifyError {
    /// A recorded move cannot be played.
    #[error("game {game}: move {number} ({digit:?}) of {moves:?} cannot be played")]
    Unplayable {
        /// The game's index in its run.
        game: u64,
        /// The move's number, from 1.
        number: usize,
        /// The move as recorded.
        digit: char,
        /// The game's moves.
        moves: String,
    },
    /// The game is on another board than the one its moves are checked on.
    #[error("game {game} is on the {size} board: its moves are checked on {checked} only")]
    OtherSize {
        /// The game's index in its run.
        game: u64,
        /// Its board.
        size: Size,
        /// The board of the check.
        checked: Size,
    },
    /// The scorer gave no exact score of a position the check needs.
    #[error("game {game}, {before:?}: a position has no score")]
    Unscored {
        /// The game's index in its run.
        game: u64,
        /// The moves before the checked one.
        before: String,
    },
}

/// One player's move, scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedMove {
    /// The game's index in its run.
    pub game: u64,
    /// Discs on the board before the move.
    pub ply: u32,
    /// Whether player A made it.
    pub by_a: bool,
    /// The label of the player who made it.
    pub player: String,
    /// The moves before it (digits).
    pub before: String,
    /// The column played.
    pub column: Column,
    /// The exact score of the move for its player.
    pub score: ExactScore,
    /// The exact score of the position: the best any move achieves.
    pub best: ExactScore,
}

impl CheckedMove {
    /// Whether no move scores better.
    #[must_use]
    pub fn optimal(&self) -> bool {
        self.quality() == Quality::Optimal
    }

    /// Whether the game-theoretic result (win, draw or loss) is unchanged.
    #[must_use]
    pub fn keeps_result(&self) -> bool {
        self.quality() != Quality::Mistake
    }

    /// Optimal, inaccurate or a mistake.
    #[must_use]
    pub fn quality(&self) -> Quality {
        Quality::of(self.score, self.best)
    }
}

/// The positions of `record` that need an exact score to check its players' moves: every
/// position a player moved from (the opening's positions excluded), unless its side to move
/// could connect four at once (those score themselves), with its move string; from ply
/// `from_ply` on. The game must be of 7x6 ([`positions_to_score_in`] reads any board).
pub fn positions_to_score(
    record: &GameRecord,
    from_ply: u32,
) -> Result<Vec<(String, Position)>, VerifyError> {
    positions_to_score_in(record, from_ply, Standard)
}

/// [`positions_to_score`] of a game on the board of `geometry`.
pub fn positions_to_score_in<G: Geometry>(
    record: &GameRecord,
    from_ply: u32,
    geometry: G,
) -> Result<Vec<(String, Position<G>)>, VerifyError> {
    let mut needed = Vec::new();
    walk(record, from_ply, geometry, |before, position, _| {
        if !position.can_win_next() {
            needed.push((before.to_owned(), *position));
        }
    })?;
    Ok(needed)
}

/// Every move the players of `record` chose from ply `from_ply` on, scored with `exact` (the
/// exact score of a position, as the solver gives it, for each position [`positions_to_score`]
/// lists). The game must be of 7x6 ([`check_game_in`] reads any board).
pub fn check_game(
    record: &GameRecord,
    from_ply: u32,
    exact: impl FnMut(&Position) -> Option<ExactScore>,
) -> Result<Vec<CheckedMove>, VerifyError> {
    check_game_in(record, from_ply, Standard, exact)
}

/// [`check_game`] of a game on the board of `geometry`.
pub fn check_game_in<G: Geometry>(
    record: &GameRecord,
    from_ply: u32,
    geometry: G,
    mut exact: impl FnMut(&Position<G>) -> Option<ExactScore>,
) -> Result<Vec<CheckedMove>, VerifyError> {
    /// A position the scorer left without a score.
    struct Unscored;
    let mut score_of = |position: &Position<G>| -> Result<ExactScore, Unscored> {
        if position.can_win_next() {
            Ok(ExactScore::win_now_in(position))
        } else {
            exact(position).ok_or(Unscored)
        }
    };
    let mut steps = Vec::new();
    walk(record, from_ply, geometry, |before, position, column| {
        steps.push((before.to_owned(), *position, column));
    })?;
    // `steps` starts at the players' move number `first_step`.
    let first_step = (from_ply as usize).saturating_sub(record.opening.len());
    steps
        .into_iter()
        .enumerate()
        .map(|(step, (before, position, column))| {
            let unscored = |Unscored| VerifyError::Unscored {
                game: record.game,
                before: before.clone(),
            };
            let best = score_of(&position).map_err(unscored)?;
            let score = move_score(&position, column, &mut score_of).map_err(unscored)?;
            let by_a = record.chosen_by_a(step + first_step);
            Ok(CheckedMove {
                game: record.game,
                ply: position.moves_played(),
                by_a,
                player: if by_a { &record.a } else { &record.b }.clone(),
                before,
                column,
                score,
                best,
            })
        })
        .collect()
}

/// Calls `visit(moves before, position, column)` for each move the players chose from ply
/// `from_ply` on, on the board of `geometry`, the record's. A move is a digit, or a letter on
/// a board wider than 9 (as records write them).
fn walk<G: Geometry>(
    record: &GameRecord,
    from_ply: u32,
    geometry: G,
    mut visit: impl FnMut(&str, &Position<G>, Column),
) -> Result<(), VerifyError> {
    let size = geometry.size();
    if record.size != size {
        return Err(VerifyError::OtherSize {
            game: record.game,
            size: record.size,
            checked: size,
        });
    }
    let mut position = Position::new_in(geometry);
    for (index, digit) in record.moves.char_indices() {
        // Not `Size::column_of_char`: c4 writes a record's moves in its board's one alphabet
        // (`MoveAlphabet::preferred`), so a letter on a board up to 9 wide is an edited record.
        let column = size
            .column_from_digit(digit)
            .or_else(|| size.column_from_letter(digit).filter(|_| size.width() > 9))
            .filter(|c| position.can_play(*c) && !position.is_over())
            .ok_or_else(|| VerifyError::Unplayable {
                game: record.game,
                number: index + 1,
                digit,
                moves: record.moves.clone(),
            })?;
        if index >= record.opening.len().max(from_ply as usize) {
            visit(&record.moves[..index], &position, column);
        }
        position.play_unchecked(column);
    }
    Ok(())
}

/// What the checks of one player's moves come to.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct PlayerVerdict {
    /// The player's label, with its spec when that differs.
    pub player: String,
    /// Games in which it made a move checked.
    pub games: u64,
    /// Moves checked.
    pub moves: u64,
    /// Of those, optimal.
    pub optimal: u64,
    /// Of those, keeping the result.
    pub keeps_result: u64,
    /// Per game, the ply of the player's first move from which every later move of it was
    /// optimal, over the games where its last move was.
    pub optimal_from_ply: Spread,
    /// Games whose last move by the player was optimal.
    pub optimal_at_the_end: u64,
    /// Games where every move of the player was optimal.
    pub perfect_games: u64,
}

/// What the checks of a run come to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Verdict {
    /// Games checked.
    pub games: u64,
    /// Each player, in order of first appearance.
    pub players: Vec<PlayerVerdict>,
    /// Every move that was not optimal, in game order.
    pub mistakes: Vec<CheckedMove>,
}

impl Verdict {
    /// Sums up the checked moves of each game of a run (`checked[i]` from `records[i]`).
    #[must_use]
    pub fn of(records: &[GameRecord], checked: &[Vec<CheckedMove>]) -> Verdict {
        let label = |name: &str, spec: &str| {
            if name == spec {
                name.to_owned()
            } else {
                format!("{name} ({spec})")
            }
        };
        let mut players: Vec<PlayerVerdict> = Vec::new();
        let mut from_plies: Vec<Vec<f64>> = Vec::new();
        for (record, game) in records.iter().zip(checked) {
            for by_a in [true, false] {
                let player = if by_a {
                    label(&record.a, &record.a_spec)
                } else {
                    label(&record.b, &record.b_spec)
                };
                let index = players
                    .iter()
                    .position(|p| p.player == player)
                    .unwrap_or_else(|| {
                        players.push(PlayerVerdict {
                            player,
                            ..PlayerVerdict::default()
                        });
                        from_plies.push(Vec::new());
                        players.len() - 1
                    });
                let verdict = &mut players[index];
                let moves: Vec<&CheckedMove> = game.iter().filter(|m| m.by_a == by_a).collect();
                if moves.is_empty() {
                    continue; // the game ended before the plies checked
                }
                verdict.games += 1;
                verdict.moves += moves.len() as u64;
                verdict.optimal += moves.iter().filter(|m| m.optimal()).count() as u64;
                verdict.keeps_result += moves.iter().filter(|m| m.keeps_result()).count() as u64;
                if let Some(first) = moves.iter().rev().take_while(|m| m.optimal()).last() {
                    from_plies[index].push(f64::from(first.ply));
                }
                if moves.iter().all(|m| m.optimal()) {
                    verdict.perfect_games += 1;
                }
            }
        }
        for (verdict, plies) in players.iter_mut().zip(from_plies) {
            verdict.optimal_at_the_end = plies.len() as u64;
            verdict.optimal_from_ply = Spread::of(plies);
        }
        Verdict {
            games: checked.len() as u64,
            players,
            mistakes: checked
                .iter()
                .flatten()
                .filter(|m| !m.optimal())
                .cloned()
                .collect(),
        }
    }

    /// The verdict as JSON: the games, each player's figures, and every mistake with
    /// whether it keeps the game's result.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        let mistakes: Vec<serde_json::Value> = self
            .mistakes
            .iter()
            .map(|m| {
                serde_json::json!({
                    "game": m.game,
                    "ply": m.ply,
                    "player": m.player,
                    "before": m.before,
                    "column": m.column,
                    "score": m.score,
                    "best": m.best,
                    "keeps_result": m.keeps_result(),
                })
            })
            .collect();
        serde_json::json!({
            "games": self.games,
            "players": self.players,
            "mistakes": mistakes,
        })
    }

    /// The verdict as text: two lines per player, then up to `max_mistakes` mistakes.
    #[must_use]
    pub fn to_text(&self, max_mistakes: usize) -> String {
        let mut out = String::new();
        let percent = |n: u64, of: u64| {
            if of == 0 {
                0.0
            } else {
                100.0 * n as f64 / of as f64
            }
        };
        for p in &self.players {
            let _ = writeln!(
                out,
                "{}: {} moves checked, {} optimal ({:.1}%), {} kept the result ({:.1}%); every move optimal in {} of {} games",
                p.player,
                p.moves,
                p.optimal,
                percent(p.optimal, p.moves),
                p.keeps_result,
                percent(p.keeps_result, p.moves),
                p.perfect_games,
                p.games
            );
            let _ = writeln!(
                out,
                "  optimal on every move from ply: median {:.0} p90 {:.0} max {:.0}, in {} of {} games",
                p.optimal_from_ply.median,
                p.optimal_from_ply.p90,
                p.optimal_from_ply.max,
                p.optimal_at_the_end,
                p.games
            );
        }
        if self.mistakes.is_empty() {
            let _ = writeln!(out, "no move short of optimal");
            return out;
        }
        let _ = writeln!(
            out,
            "moves short of optimal ({} in all{}):",
            self.mistakes.len(),
            if self.mistakes.len() > max_mistakes {
                format!(", the first {max_mistakes} shown")
            } else {
                String::new()
            }
        );
        for m in self.mistakes.iter().take(max_mistakes) {
            let _ = writeln!(
                out,
                "  game {} ply {} {}: after {:?} played {} scoring {:+}, best {:+}{}",
                m.game,
                m.ply,
                m.player,
                m.before,
                m.column.number(),
                m.score,
                m.best,
                if m.keeps_result() {
                    ""
                } else {
                    " (changes the result)"
                }
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::GameResult;
    use c4_core::parse_moves;
    use c4_solver::reference_positions;
    use c4_solver::{SolveLimits, Solver};

    /// A game from a middle-game position of the reference sets, A moving first from there:
    /// both players play the solver's move, except that B's first move is the worst one.
    fn game_with_one_blunder(solver: &mut Solver) -> (GameRecord, u32) {
        let opening = reference_positions::set("Test_L2_R1").unwrap()[0]
            .moves
            .clone();
        let mut moves = opening.clone();
        let mut blunder_ply = None;
        loop {
            let position = parse_moves(&moves).unwrap();
            if position.is_over() {
                break;
            }
            let by_b = (moves.len() - opening.len()) % 2 == 1;
            let column = if by_b && blunder_ply.is_none() {
                let (scores, _) = solver
                    .analyze(&position, false, SolveLimits::default())
                    .unwrap();
                let worst = Column::ALL
                    .into_iter()
                    .filter(|c| position.can_play(*c))
                    .min_by_key(|c| scores[c.index()])
                    .unwrap();
                assert!(scores[worst.index()] < *scores.iter().max().unwrap());
                blunder_ply = Some(position.moves_played());
                worst
            } else {
                solver
                    .best_move(&position, SolveLimits::default())
                    .unwrap()
                    .0
            };
            moves.push(char::from(b'0' + column.number()));
        }
        let record = GameRecord {
            game: 7,
            size: c4_core::Size::STANDARD,
            a: "A".to_owned(),
            b: "B".to_owned(),
            a_spec: "perfect".to_owned(),
            b_spec: "blunderer".to_owned(),
            a_first: opening.len().is_multiple_of(2),
            opening,
            moves,
            result: GameResult::Draw,
            winner: None,
            seeds: [0, 0],
            stats: Vec::new(),
        };
        (record, blunder_ply.unwrap())
    }

    #[test]
    fn finds_the_one_move_short_of_optimal_and_whose_it_was() {
        let mut solver = Solver::new(20);
        let (record, blunder_ply) = game_with_one_blunder(&mut solver);
        let needed = positions_to_score(&record, 0).unwrap();
        assert!(needed.iter().all(|(_, p)| !p.can_win_next()));
        assert!(
            needed
                .iter()
                .all(|(m, p)| m.len() >= record.opening.len() && parse_moves(m).unwrap() == *p)
        );
        let mut exact = |p: &Position| Some(solver.solve(p).unwrap().0);
        let checked = check_game(&record, 0, &mut exact).unwrap();
        assert_eq!(checked.len(), record.moves.len() - record.opening.len());
        let mistakes: Vec<&CheckedMove> = checked.iter().filter(|m| !m.optimal()).collect();
        assert_eq!(mistakes.len(), 1, "{checked:?}");
        assert_eq!(mistakes[0].ply, blunder_ply);
        assert!(!mistakes[0].by_a);
        assert!(mistakes[0].score < mistakes[0].best);
        assert!(checked.iter().step_by(2).all(|m| m.by_a));

        let verdict = Verdict::of(std::slice::from_ref(&record), &[checked]);
        assert_eq!(verdict.players.len(), 2);
        let (a, b) = (&verdict.players[0], &verdict.players[1]);
        assert_eq!(a.player, "A (perfect)");
        assert_eq!((a.perfect_games, b.perfect_games), (1, 0));
        assert_eq!((a.optimal_at_the_end, b.optimal_at_the_end), (1, 1));
        assert_eq!(a.optimal, a.moves);
        assert_eq!(b.optimal + 1, b.moves);
        // B's moves were all optimal from its second move on (two plies after the blunder).
        assert_eq!(b.optimal_from_ply.max, f64::from(blunder_ply + 2));
        assert_eq!(a.optimal_from_ply.max, f64::from(blunder_ply - 1));
        assert_eq!(verdict.mistakes.len(), 1);
        let text = verdict.to_text(5);
        assert!(
            text.contains("every move optimal in 0 of 1 games"),
            "{text}"
        );
        assert!(
            text.contains(&format!("game 7 ply {blunder_ply} B")),
            "{text}"
        );

        // From the ply after the blunder on, B is perfect too.
        let later = check_game(&record, blunder_ply + 1, &mut exact).unwrap();
        assert!(later.iter().all(CheckedMove::optimal));
        assert_eq!(later[0].ply, blunder_ply + 1);
        assert!(later[0].by_a);
    }

    fn record(opening: &str, moves: &str) -> GameRecord {
        GameRecord {
            game: 3,
            size: c4_core::Size::STANDARD,
            a: "A".to_owned(),
            b: "B".to_owned(),
            a_spec: "A".to_owned(),
            b_spec: "B".to_owned(),
            a_first: true,
            opening: opening.to_owned(),
            moves: moves.to_owned(),
            result: GameResult::Draw,
            winner: None,
            seeds: [0, 0],
            stats: Vec::new(),
        }
    }

    #[test]
    fn a_missed_win_at_once_is_scored_without_the_solver() {
        // Red (A) has three in column 4 and plays 1; yellow (B) then connects in column 5.
        let game = record("454545", "45454515");
        assert!(positions_to_score(&game, 0).unwrap().is_empty());
        let checked = check_game(&game, 0, |_| None).unwrap();
        assert_eq!(checked.len(), 2);
        let (missed, won) = (&checked[0], &checked[1]);
        assert!(missed.by_a && !won.by_a);
        let values = |m: &CheckedMove| (m.ply, m.best.value(), m.score.value());
        assert_eq!(values(missed), (6, 18, -18));
        assert!(!missed.keeps_result());
        assert_eq!(values(won), (7, 18, 18));
        assert!(won.optimal());
    }

    #[test]
    fn an_unplayable_move_is_an_error_naming_the_game() {
        for moves in ["4444444", "12121212", "4x"] {
            let error = positions_to_score(&record("", moves), 0).unwrap_err();
            assert!(
                matches!(error, VerifyError::Unplayable { game: 3, .. }),
                "{error}"
            );
            assert!(error.to_string().starts_with("game 3: move "), "{error}");
        }
        // A position the scores do not cover is an error too, not a guess.
        let error = check_game(&record("", "4455"), 0, |_| None).unwrap_err();
        assert!(
            matches!(error, VerifyError::Unscored { game: 3, .. }),
            "{error}"
        );
        assert!(error.to_string().contains("has no score"), "{error}");
    }
}
