//! A player graded on a dataset's positions (`c4 dataset grade`): for each position the move
//! it chooses, against the solver's score of every column, as the `mistakes` experiment
//! grades the reference sets, counted by ply band. A dataset is positions no reference set
//! holds, so it grades a player (or picks between settings) on positions it was not tuned on.
//! The reference sets themselves become samples through [`reference_samples`], so that one
//! grading serves both.

use super::{DatasetError, Sample, Split};
use c4_core::{Size, with_geometry};
use c4_eval::BoardTables;
use c4_players::PlayerSpec;
use c4_solver::{ExactScore, ScoreStore, Solver, reference_positions};
use rayon::prelude::*;
use std::sync::Arc;

/// The six reference sets of the `mistakes` experiment, in AlphaZero.jl's order: the file
/// name in `crates/c4-solver/data/positions/` and Pons' name of it.
pub const REFERENCE_SETS: [(&str, &str); 6] = [
    ("Test_L1_R1", "Begin-Easy"),
    ("Test_L2_R1", "Middle-Easy"),
    ("Test_L3_R1", "End-Easy"),
    ("Test_L1_R2", "Begin-Medium"),
    ("Test_L2_R2", "Middle-Medium"),
    ("Test_L1_R3", "Begin-Hard"),
];

/// The first `first` positions of each of [`REFERENCE_SETS`], every column scored by the
/// solver (each worker's table `2^table_bits` entries, reading `store`: the built-in book
/// and layer, say), as samples (`game` the position's index in its set), set by set, on the
/// current rayon pool.
pub fn reference_samples(
    first: usize,
    table_bits: u32,
    store: Option<Arc<dyn ScoreStore>>,
) -> Result<Vec<(&'static str, Vec<Sample>)>, DatasetError> {
    let mut todo = Vec::new();
    for (set, (file, _)) in REFERENCE_SETS.iter().enumerate() {
        let positions = reference_positions::set(file).ok_or(DatasetError::MissingSet(file))?;
        for (index, scored) in positions.into_iter().take(first).enumerate() {
            todo.push((set, index as u64, scored.moves));
        }
    }
    let labelled: Vec<(usize, Sample)> = todo
        .into_par_iter()
        .map_init(
            || {
                let mut solver = Solver::new(table_bits);
                solver.set_book(store.clone());
                solver
            },
            |solver, (set, index, moves)| -> Result<(usize, Sample), DatasetError> {
                let position =
                    c4_core::parse_moves(&moves).map_err(|source| DatasetError::SampleMoves {
                        moves: moves.clone(),
                        source,
                    })?;
                let (score, columns) = super::label(solver, &position)?;
                let sample = Sample {
                    size: Size::STANDARD,
                    moves,
                    score,
                    columns,
                    game: index,
                    split: Split::Train,
                };
                Ok((set, sample))
            },
        )
        .collect::<Result<_, _>>()?;
    let mut sets: Vec<(&'static str, Vec<Sample>)> = REFERENCE_SETS
        .iter()
        .map(|(_, name)| (*name, Vec::new()))
        .collect();
    for (set, sample) in labelled {
        sets[set].1.push(sample);
    }
    Ok(sets)
}

/// Plies of a band: a position with `p` discs is in band `p / BAND_PLIES`.
pub const BAND_PLIES: u32 = 10;

/// Whether playing `column` is a mistake (its value, win, draw or loss, is worse than the
/// best column's) and whether it is not optimal (its score is below the best); `None` for a
/// full column or one off the board.
#[must_use]
pub fn grade_move(columns: &[Option<ExactScore>], column: usize) -> Option<(bool, bool)> {
    let chosen = (*columns.get(column)?)?;
    let best = columns.iter().flatten().copied().max()?;
    Some((chosen.signum() < best.signum(), chosen < best))
}

/// Counts of graded moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions graded.
    pub positions: u64,
    /// Of them, positions where some move is a mistake (not every column has the best value).
    pub decisive: u64,
    /// Moves of a worse value than the best: a win or a draw given away.
    pub mistakes: u64,
    /// Moves of a lower score than the best.
    pub not_optimal: u64,
}

impl Counts {
    fn add(&mut self, other: Counts) {
        self.positions += other.positions;
        self.decisive += other.decisive;
        self.mistakes += other.mistakes;
        self.not_optimal += other.not_optimal;
    }

    /// Mistakes, percent of the positions.
    #[must_use]
    pub fn mistake_pct(&self) -> f64 {
        percent(self.mistakes, self.positions)
    }

    /// Mistakes, percent of the decisive positions.
    #[must_use]
    pub fn decisive_mistake_pct(&self) -> f64 {
        percent(self.mistakes, self.decisive)
    }

    /// Moves not optimal, percent of the positions.
    #[must_use]
    pub fn not_optimal_pct(&self) -> f64 {
        percent(self.not_optimal, self.positions)
    }
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// A player's grades on a dataset: in all, and by ply band.
#[derive(Clone, Debug, PartialEq)]
pub struct Grades {
    /// Every position.
    pub all: Counts,
    /// By band ([`BAND_PLIES`] plies each), from the first.
    pub bands: Vec<Counts>,
}

/// Which positions of a dataset to grade.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// Every one.
    All,
    /// Only those of one split.
    Split(Split),
}

/// Grades the move `spec` (its random choices seeded by `seed`) chooses in each position
/// of `samples` that `which` names, on the current rayon pool, built for the samples' board
/// (a player bound to another board is refused, naming both).
pub fn grade(
    samples: &[Sample],
    which: Which,
    spec: &PlayerSpec,
    seed: u64,
) -> Result<Grades, DatasetError> {
    with_geometry!(super::board(samples), g => grade_in(samples, which, spec, seed, g))
}

/// [`grade`] on the board of `geometry`, the samples'.
fn grade_in<G: BoardTables>(
    samples: &[Sample],
    which: Which,
    spec: &PlayerSpec,
    seed: u64,
    geometry: G,
) -> Result<Grades, DatasetError> {
    // Refused once, before any work, for a player bound to another board.
    spec.build_in(geometry)?;
    let mut spec = spec.clone();
    spec.set_seed(seed);
    let graded: Vec<(u32, Counts)> = samples
        .par_iter()
        .filter(|s| which == Which::All || which == Which::Split(s.split))
        .map(|sample| -> Result<(u32, Counts), DatasetError> {
            let game = sample.game_in(geometry)?;
            let mut agent = spec.build_in(geometry)?;
            let column = agent.choose(&game).column;
            let (mistake, not_optimal) =
                grade_move(&sample.columns, column.index()).ok_or(DatasetError::FullColumn {
                    moves: sample.moves.clone(),
                    column: column.index() + 1,
                })?;
            let values = sample.columns.iter().flatten().map(|s| s.signum());
            let decisive = values.clone().min() != values.max();
            let counts = Counts {
                positions: 1,
                decisive: u64::from(decisive),
                mistakes: u64::from(mistake),
                not_optimal: u64::from(not_optimal),
            };
            Ok((game.position().moves_played(), counts))
        })
        .collect::<Result<_, _>>()?;
    let mut grades = Grades {
        all: Counts::default(),
        bands: Vec::new(),
    };
    for (ply, counts) in graded {
        let band = (ply / BAND_PLIES) as usize;
        if grades.bands.len() <= band {
            grades.bands.resize(band + 1, Counts::default());
        }
        grades.bands[band].add(counts);
        grades.all.add(counts);
    }
    Ok(grades)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mistake_changes_the_value_and_a_slower_win_is_only_not_optimal() {
        let grade_move = |columns: &[Option<i32>; c4_core::WIDTH], column| {
            grade_move(&columns.map(|c| c.and_then(ExactScore::new)), column)
        };
        let columns = [Some(3), Some(1), Some(0), None, Some(-2), Some(3), Some(-1)];
        assert_eq!(grade_move(&columns, 0), Some((false, false)));
        assert_eq!(grade_move(&columns, 1), Some((false, true)), "a slower win");
        assert_eq!(
            grade_move(&columns, 2),
            Some((true, true)),
            "a draw where a win was"
        );
        assert_eq!(grade_move(&columns, 3), None, "a full column");
        let drawn = [Some(0), Some(-1), None, None, None, None, None];
        assert_eq!(
            grade_move(&drawn, 1),
            Some((true, true)),
            "a loss where a draw was"
        );
        let lost = [Some(-3), Some(-1), None, None, None, None, None];
        assert_eq!(grade_move(&lost, 0), Some((false, true)), "a quicker loss");
    }

    /// Labelled by the solver: three positions whose side to move wins at once with one
    /// column only (band 0), and one of 17 plies that is lost whatever is played (band 1).
    fn samples() -> Vec<Sample> {
        let mut solver = c4_solver::Solver::new(16);
        ["1212124", "121212", "343434", "44444433333322222"]
            .into_iter()
            .enumerate()
            .map(|(game, moves)| {
                let position = c4_core::parse_moves(moves).unwrap();
                let (score, columns) = super::super::label(&mut solver, &position).unwrap();
                Sample {
                    size: Size::STANDARD,
                    moves: moves.to_owned(),
                    score,
                    columns,
                    game: game as u64,
                    split: if game == 3 {
                        Split::Valid
                    } else {
                        Split::Train
                    },
                }
            })
            .collect()
    }

    #[test]
    fn the_reference_sets_are_labelled_as_the_reference_files_score_them() {
        let book = Some(c4_books::OpeningBook::store(
            c4_books::OpeningBook::builtin(),
        ));
        let sets = reference_samples(2, 20, book).unwrap();
        let names: Vec<&str> = sets.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, REFERENCE_SETS.map(|(_, name)| name));
        for ((file, _), (_, samples)) in REFERENCE_SETS.iter().zip(&sets) {
            let reference = reference_positions::set(file).unwrap();
            assert_eq!(samples.len(), 2, "{file}");
            for (sample, scored) in samples.iter().zip(&reference) {
                println!("{file}: {}", scored.moves);
                assert_eq!(sample.moves, scored.moves);
                assert_eq!(sample.score, scored.score, "{file} {}", scored.moves);
            }
        }
        let perfect = PlayerSpec::parse("perfect", 0).unwrap();
        let grades = grade(&sets[0].1, Which::All, &perfect, 1).unwrap();
        assert_eq!((grades.all.positions, grades.all.mistakes), (2, 0));
    }

    #[test]
    fn a_player_is_graded_by_band_and_split() {
        let samples = samples();
        let sees_wins = PlayerSpec::parse("alphabeta:depth=2,eval=center", 0).unwrap();
        let grades = grade(&samples, Which::All, &sees_wins, 1).unwrap();
        let expected = Counts {
            positions: 4,
            decisive: 3,
            mistakes: 0,
            not_optimal: 0,
        };
        assert_eq!(grades.all, expected);
        assert_eq!(
            grades.bands.iter().map(|b| b.positions).collect::<Vec<_>>(),
            [3, 1]
        );
        let valid = grade(&samples, Which::Split(Split::Valid), &sees_wins, 1).unwrap();
        assert_eq!((valid.all.positions, valid.all.decisive), (1, 0));

        let random = PlayerSpec::parse("random", 0).unwrap();
        let grades = grade(&samples, Which::All, &random, 1).unwrap();
        assert!(grades.all.mistakes >= 1, "{grades:?}");
        assert_eq!(
            grades.bands[1].mistakes, 0,
            "a lost position has no mistake"
        );
        assert!(grades.all.decisive_mistake_pct() > grades.all.mistake_pct());
    }
}
