//! A book checked as a whole: each entry against its children where the book holds them, each
//! ply complete up to the book's depth, and the deepest ply, which has no children in the book,
//! against the solver on a seeded sample (or in full).
//!
//! Reading a book ([`crate::OpeningBook::open`]) checks each entry alone (a score its ply can
//! have, no conflict); a wrong score inside the possible range passes that and is caught here.

use crate::{OpeningBook, moves_of};
use c4_core::with_geometry;
use c4_core::{Column, Geometry, Position, Size, Standard};
use c4_solver::hashing::mix64;
use c4_solver::{ExactScore, SolveError, SolveLimits, Solver, move_score};

/// What is wrong with a book, naming the first bad entry.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BookCheckError {
    /// A score that is not the best of its moves' scores, all of which the book gives.
    #[error(
        "{moves:?} scores {score}, but the book's scores of its moves make it {derived} \
         (the entry, or one of its children's, is wrong)"
    )]
    NotItsChildrensBest {
        /// The entry's moves.
        moves: String,
        /// Its score.
        score: ExactScore,
        /// The best of its moves' scores in the book.
        derived: ExactScore,
    },
    /// A score below what a move the book scores already gives.
    #[error(
        "{moves:?} scores {score}, but its move in column {column} scores {at_least} in the \
         book (the entry, or that child's, is wrong)"
    )]
    BelowAChild {
        /// The entry's moves.
        moves: String,
        /// Its score.
        score: ExactScore,
        /// The move the book scores higher.
        column: Column,
        /// That move's score.
        at_least: ExactScore,
    },
    /// A position of a ply up to the depth that the book leaves out.
    #[error("ply {ply} is incomplete: {moves:?} is missing (the book is cut short?)")]
    Missing {
        /// The missing position's moves.
        moves: String,
        /// Its ply.
        ply: u32,
    },
    /// An entry the solver scores otherwise.
    #[error("{moves:?} scores {score}, but the solver scores it {solved}")]
    Solved {
        /// The entry's moves.
        moves: String,
        /// Its score in the book.
        score: ExactScore,
        /// The solver's score.
        solved: ExactScore,
    },
    /// The solver failed on an entry.
    #[error("solving {moves:?}")]
    Solver {
        /// The entry's moves.
        moves: String,
        /// Why the solver failed.
        #[source]
        source: SolveError,
    },
}

impl BookCheckError {
    /// The 7x6 position of the entry named (see [`position_in`](Self::position_in) for any
    /// size).
    #[must_use]
    pub fn position(&self) -> Option<Position> {
        self.position_in(Standard)
    }

    /// The position of the entry named, on the board of `geometry`.
    #[must_use]
    pub fn position_in<G: Geometry>(&self, geometry: G) -> Option<Position<G>> {
        let moves = match self {
            BookCheckError::NotItsChildrensBest { moves, .. }
            | BookCheckError::BelowAChild { moves, .. }
            | BookCheckError::Missing { moves, .. }
            | BookCheckError::Solved { moves, .. }
            | BookCheckError::Solver { moves, .. } => moves,
        };
        c4_core::parse_moves_in(moves, geometry).ok()
    }
}

/// What a check found good: entries checked against their children, and deepest entries
/// solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BookCheck {
    /// Entries whose every move the book scores, checked equal to their best.
    pub derived: usize,
    /// Entries with moves the book does not score (the deepest ply), checked at least as
    /// good as the moves it does.
    pub bounded: usize,
    /// Entries of the deepest ply solved and found equal.
    pub solved: usize,
}

/// Entries of the deepest ply that reading a book file solves again.
pub const LOAD_SAMPLE: usize = 4;
/// The most nodes each of them may take (a few milliseconds).
pub const LOAD_SAMPLE_NODES: u64 = 200_000;
/// The seed picking them: fixed, so that a file is read the same way every time.
const LOAD_SEED: u64 = 1;
/// log2 of the slots of the table they are solved on (8 MiB).
const LOAD_TABLE_BITS: u32 = 20;

/// Which of the deepest ply's entries to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sample {
    /// `count` of them, chosen by `seed`.
    Seeded {
        /// How many.
        count: usize,
        /// The seed of the choice.
        seed: u64,
    },
    /// All of them.
    Full,
}

impl OpeningBook {
    /// Checks every entry against its children where the book holds them (its score is the
    /// best of its moves' scores) and that every position of a ply up to the depth, reachable
    /// from the book's entries, is in it, as a book build writes it (a position whose side to
    /// move wins at once is left out, the positions after it are not). Entries are visited by
    /// ascending key, so the first bad one named is always the same. No search: about a
    /// quarter of a second for the built-in book in an optimised build.
    pub fn check_consistency(&self) -> Result<BookCheck, BookCheckError> {
        with_geometry!(self.size, geometry => self.check_consistency_in(geometry))
    }

    fn check_consistency_in<G: Geometry>(&self, geometry: G) -> Result<BookCheck, BookCheckError> {
        let mut check = BookCheck::default();
        for (key, score) in self.sorted_entries() {
            let position =
                Position::from_key_in(key, geometry).expect("a book's keys are positions");
            if check_against_moves(&position, score, |child| self.known(child))? {
                check.derived += 1;
            } else {
                check.bounded += 1;
            }
            if position.moves_played() < self.depth {
                for column in columns(&position) {
                    let mut child = position;
                    child.play_unchecked(column);
                    self.check_stored(&child)?;
                }
            }
        }
        Ok(check)
    }

    /// Checks a book under construction (a build's progress read back), which may lack any
    /// position: each entry against its moves' scores where the book holds them (at least
    /// each, and their best where it holds them all), and each entry of `reference`, a book
    /// known good such as the built-in one, against its moves' scores in this book in the
    /// same way. The number of `reference` entries that met a move scored here.
    /// A `reference` of another size meets nothing.
    pub fn check_partial(&self, reference: Option<&OpeningBook>) -> Result<usize, BookCheckError> {
        with_geometry!(self.size, geometry => self.check_partial_in(geometry, reference))
    }

    fn check_partial_in<G: Geometry>(
        &self,
        geometry: G,
        reference: Option<&OpeningBook>,
    ) -> Result<usize, BookCheckError> {
        for (key, score) in self.sorted_entries() {
            let position =
                Position::from_key_in(key, geometry).expect("a book's keys are positions");
            check_against_moves(&position, score, |child| self.known(child))?;
        }
        let mut met = 0;
        for (key, score) in reference
            .filter(|r| r.size == self.size)
            .map(OpeningBook::sorted_entries)
            .unwrap_or_default()
        {
            let position =
                Position::from_key_in(key, geometry).expect("a book's keys are positions");
            let holds_a_move = columns(&position).any(|column| {
                let mut child = position;
                child.play_unchecked(column);
                self.get(&child).is_some()
            });
            if holds_a_move {
                let known_here = |child: &Position<G>| self.known(child);
                check_against_moves(&position, score, known_here)?;
                met += 1;
            }
        }
        Ok(met)
    }

    /// Solves the entries of the deepest ply that `sample` picks on `solver` and compares,
    /// and with them every one whose score says the game ends with the winner's next disc:
    /// proving that costs the solver next to nothing when it is true, and a score within the
    /// ply's range but far from the truth (`11111212 17` where the truth is -3) claims one.
    /// The book is of the solver's size (on another, no entry is solved: the 7x6 solver
    /// checks 7x6 books, [`check_by_solving_in`](Self::check_by_solving_in) any other).
    pub fn check_by_solving(
        &self,
        sample: Sample,
        solver: &mut Solver,
    ) -> Result<usize, BookCheckError> {
        self.check_by_solving_within(sample, solver, None)
    }

    /// [`check_by_solving`](Self::check_by_solving) with the solver of any size, which must
    /// be the book's (`Solver::new_in(bits, AnySize::new(book.size()))`, c4-core's `AnySize`).
    pub fn check_by_solving_in<G: Geometry>(
        &self,
        sample: Sample,
        solver: &mut Solver<G>,
    ) -> Result<usize, BookCheckError> {
        self.check_by_solving_within(sample, solver, None)
    }

    /// The check of a book file as it is read ([`OpeningBook::open`]): every entry against
    /// its children ([`check_consistency`](Self::check_consistency): complete plies, each
    /// entry its children's best), then [`LOAD_SAMPLE`] entries of the deepest ply solved
    /// again, each within [`LOAD_SAMPLE_NODES`] nodes so that reading stays quick (one that
    /// needs more is passed over). A fraction of a second for a book of a million entries.
    ///
    /// A book of the greatest depth, [`MAX_BOOK_DEPTH`](crate::MAX_BOOK_DEPTH), is a collection of scored positions
    /// (`c4 verify`'s scores), not a book built ply by ply: no ply of it need be complete, so
    /// its entries are checked against the children it holds
    /// ([`check_partial`](Self::check_partial)).
    pub fn check_on_load(&self) -> Result<BookCheck, BookCheckError> {
        let mut check = if self.is_full_depth() {
            self.check_partial(None)?;
            BookCheck::default()
        } else {
            self.check_consistency()?
        };
        let sample = Sample::Seeded {
            count: LOAD_SAMPLE,
            seed: LOAD_SEED,
        };
        let nodes = Some(LOAD_SAMPLE_NODES);
        check.solved = with_geometry!(self.size, geometry => {
            let mut solver = Solver::new_in(LOAD_TABLE_BITS, geometry);
            self.check_by_solving_within(sample, &mut solver, nodes)?
        });
        Ok(check)
    }

    /// [`check_by_solving`](Self::check_by_solving), each solve given at most `nodes` nodes
    /// when a bound is given: an entry that needs more is passed over. The entries solved.
    fn check_by_solving_within<G: Geometry>(
        &self,
        sample: Sample,
        solver: &mut Solver<G>,
        nodes: Option<u64>,
    ) -> Result<usize, BookCheckError> {
        let geometry = solver.geometry();
        if geometry.size() != self.size {
            return Ok(0);
        }
        let mut deepest: Vec<(u64, ExactScore)> = self
            .sorted_entries()
            .into_iter()
            .filter(|(key, _)| {
                Position::from_key_in(*key, geometry)
                    .is_some_and(|p| p.moves_played() == self.depth)
            })
            .collect();
        if let Sample::Seeded { count, seed } = sample {
            let ends_next = |score: ExactScore| ends_next(score, self.depth, self.size);
            let (mut chosen, mut others): (Vec<_>, Vec<_>) = deepest
                .into_iter()
                .partition(|&(_, score)| ends_next(score));
            others.sort_by_key(|(key, _)| (mix64(key ^ mix64(seed)), *key));
            others.truncate(count);
            chosen.append(&mut others);
            deepest = chosen;
        }
        let limits = SolveLimits { nodes, time: None };
        let mut solved_count = 0;
        for &(key, score) in &deepest {
            let position =
                Position::from_key_in(key, geometry).expect("a book's keys are positions");
            let solved = match solver.solve_within(&position, false, limits) {
                Ok((solved, _)) => solved,
                Err(SolveError::LimitReached) if nodes.is_some() => continue,
                Err(source) => {
                    return Err(BookCheckError::Solver {
                        moves: moves_of(&position),
                        source,
                    });
                }
            };
            solved_count += 1;
            if solved != score {
                return Err(BookCheckError::Solved {
                    moves: moves_of(&position),
                    score,
                    solved,
                });
            }
        }
        Ok(solved_count)
    }

    /// Checks that `position`, a position up to the depth, is in the book as a build stores
    /// it: present unless over or won at once; for one won at once, its children in turn.
    fn check_stored<G: Geometry>(&self, position: &Position<G>) -> Result<(), BookCheckError> {
        if position.is_over() || position.moves_played() > self.depth {
            return Ok(());
        }
        if !position.can_win_next() {
            return match self.get(position) {
                Some(_) => Ok(()),
                None => Err(BookCheckError::Missing {
                    moves: moves_of(position),
                    ply: position.moves_played(),
                }),
            };
        }
        for column in columns(position) {
            let mut child = *position;
            child.play_unchecked(column);
            self.check_stored(&child)?;
        }
        Ok(())
    }
}

/// Checks `score`, the score of `position`, against the scores of its moves that `known`
/// gives (the score of the position a move leads to): at least each of them, and their best
/// when `known` gives them all. Whether it gave them all.
fn check_against_moves<G: Geometry>(
    position: &Position<G>,
    score: ExactScore,
    known: impl Fn(&Position<G>) -> Option<ExactScore>,
) -> Result<bool, BookCheckError> {
    let mut best: Option<ExactScore> = None;
    let mut all_known = true;
    for column in columns(position) {
        match move_score(position, column, |child| known(child).ok_or(())) {
            Ok(value) if value > score => {
                return Err(BookCheckError::BelowAChild {
                    moves: moves_of(position),
                    score,
                    column,
                    at_least: value,
                });
            }
            Ok(value) => best = Some(best.map_or(value, |b| b.max(value))),
            Err(()) => all_known = false,
        }
    }
    match best {
        Some(derived) if all_known && derived != score => {
            Err(BookCheckError::NotItsChildrensBest {
                moves: moves_of(position),
                score,
                derived,
            })
        }
        _ => Ok(all_known),
    }
}

/// The playable columns of `position`, left to right.
fn columns<G: Geometry>(position: &Position<G>) -> impl Iterator<Item = Column> + '_ {
    position.size().columns().filter(|c| position.can_play(*c))
}

/// Whether `score`, of a position with `discs` discs on the board `size`, says the game ends
/// with the winner's next disc.
fn ends_next(score: ExactScore, discs: u32, size: Size) -> bool {
    if score.is_draw() {
        return false;
    }
    // The winner's discs at the end, (cells + 2) / 2 - |score| (ExactScore::winner_discs_left
    // on 7x6), against the discs it has now: the side to move has discs / 2, the other half
    // rounded up.
    let at_end = (size.cells() as i32 + 2) / 2 - score.value().abs();
    let now = if score.is_win() {
        discs / 2
    } else {
        discs.div_ceil(2)
    } as i32;
    at_end - now <= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text;
    use c4_core::{Game, parse_moves};

    /// The built-in book cut to `depth` plies, as text lines.
    fn builtin_text(depth: u32) -> String {
        let mut book = OpeningBook::new(depth);
        for (key, score) in OpeningBook::builtin().sorted_entries() {
            let position = Position::from_key(key).unwrap();
            if position.moves_played() <= depth {
                book.insert(&position, score);
            }
        }
        let mut bytes = Vec::new();
        text::write(&book, &mut bytes, &Game::new()).unwrap();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn the_builtin_book_is_consistent_and_complete() {
        let check = OpeningBook::builtin().check_consistency().unwrap();
        assert!(check.derived > 0 && check.bounded > 0, "{check:?}");
    }

    #[test]
    fn a_wrong_score_within_the_range_is_found() {
        let good = builtin_text(4);
        let book = OpeningBook::from_bytes(good.as_bytes()).unwrap();
        book.check_consistency().unwrap();
        // The empty board's true score is 1; 3 is possible but wrong.
        let bad = good.replacen("\n 1\n", "\n 3\n", 1);
        assert_ne!(bad, good, "the empty board's line is ` 1`");
        let error = OpeningBook::from_bytes(bad.as_bytes())
            .unwrap()
            .check_consistency()
            .unwrap_err();
        assert!(
            matches!(
                error,
                BookCheckError::NotItsChildrensBest { score, derived, .. }
                    if (score.value(), derived.value()) == (3, 1)
            ),
            "{error}"
        );
    }

    #[test]
    fn a_book_cut_short_is_incomplete() {
        let good = builtin_text(3);
        let cut: String = good
            .lines()
            .take(good.lines().count() - 5)
            .map(|l| format!("{l}\n"))
            .collect();
        let error = OpeningBook::from_bytes(cut.as_bytes())
            .unwrap()
            .check_consistency()
            .unwrap_err();
        assert!(
            matches!(
                error,
                BookCheckError::Missing { .. } | BookCheckError::BelowAChild { .. }
            ),
            "{error}"
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Any score of a shallower entry changed to another its ply can have is found.
        #[test]
        fn any_changed_score_above_the_deepest_ply_is_found(pick in 0usize..1000, shift in 1i32..40) {
            let good = builtin_text(3);
            let lines: Vec<&str> = good.lines().collect();
            let shallow: Vec<usize> = (1..lines.len())
                .filter(|&i| lines[i].split(' ').next().unwrap().len() < 3)
                .collect();
            let index = shallow[pick % shallow.len()];
            let (moves, score) = lines[index].split_once(' ').unwrap();
            let (min, max) = crate::score_bounds(moves.len() as u32);
            let (min, max) = (min.value(), max.value());
            let score: i32 = score.parse().unwrap();
            let changed = min + (score - min + shift).rem_euclid(max - min + 1);
            proptest::prop_assume!(changed != score);
            let mut edited = lines.clone();
            let line = format!("{moves} {changed}");
            edited[index] = &line;
            let book = OpeningBook::from_bytes(edited.join("\n").as_bytes()).unwrap();
            proptest::prop_assert!(book.check_consistency().is_err(), "{line}");
        }

        /// Damaged bytes are refused or checked, never a panic.
        #[test]
        fn damaged_books_are_refused_or_checked(at in 0usize..2000, byte in 0u8..=255) {
            let mut bytes = builtin_text(2).into_bytes();
            let at = at % bytes.len();
            bytes[at] = byte;
            if let Ok(book) = OpeningBook::from_bytes(&bytes) {
                let _ = book.check_consistency();
            }
        }
    }

    #[test]
    fn a_wrong_deepest_score_is_found_by_solving() {
        // 11111212 scores -3; 17 is within the range of ply 8 but wrong.
        let position = parse_moves("11111212").unwrap();
        let mut book = OpeningBook::new(8);
        book.insert(&position, ExactScore::new(17).unwrap());
        let mut solver = Solver::new(20);
        let error = book
            .check_by_solving(Sample::Full, &mut solver)
            .unwrap_err();
        assert!(
            matches!(
                error,
                BookCheckError::Solved { score, solved, .. }
                    if score.value() == 17 && solved.value() == -3
            ),
            "{error}"
        );
        let sample = Sample::Seeded { count: 0, seed: 1 };
        assert!(
            book.check_by_solving(sample, &mut solver).is_err(),
            "a claimed win at once is always solved"
        );
        book.insert(&position, ExactScore::new(-3).unwrap());
        assert_eq!(book.check_by_solving(Sample::Full, &mut solver).unwrap(), 1);
        assert_eq!(book.check_by_solving(sample, &mut solver).unwrap(), 0);
    }
}
