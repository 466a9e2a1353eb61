//! A labelled position and the dataset file: one JSON [`Sample`] per line, each on the board
//! it names (7x6 where it names none, so that a 7x6 dataset reads and writes as it always
//! has).

use super::error::DatasetError;
pub use super::error::SampleError;
use c4_core::{Game, Geometry, ParseMovesError, Position, Size, Standard, with_geometry};
use c4_solver::ExactScore;
use c4_solver::files;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Which half of the data a position belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Split {
    /// Fitted on.
    Train,
    /// Held out: decides when fitting stops.
    Valid,
}

/// One labelled position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sample {
    /// The board, written only off 7x6 (a sample without one is of 7x6).
    #[serde(default, skip_serializing_if = "Size::is_standard")]
    pub size: Size,
    /// Moves from the empty board: digits, or letters on a board wider than 9.
    pub moves: String,
    /// The exact score for the side to move (Pons' convention).
    pub score: ExactScore,
    /// The exact score of each column of the board, left to right, after it is played, from
    /// the mover's view; `None` for a full column.
    pub columns: Vec<Option<ExactScore>>,
    /// The game it was sampled from.
    pub game: u64,
    /// Training or validation.
    pub split: Split,
}

impl Sample {
    /// The board of the position.
    #[must_use]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The game of the sample's moves, on the board of `geometry`: a sample of another
    /// board is refused, naming both, and so are moves that are not a game of it (a column
    /// off the board is an error naming its size).
    pub fn game_in<G: Geometry>(&self, geometry: G) -> Result<Game<G>, DatasetError> {
        if self.size != geometry.size() {
            return Err(DatasetError::SampleSize {
                moves: self.moves.clone(),
                size: self.size,
                asked: geometry.size(),
            });
        }
        Game::from_moves_in(&self.moves, geometry).map_err(|source| DatasetError::SampleMoves {
            moves: self.moves.clone(),
            source,
        })
    }

    /// The position, on the board of `geometry` (see [`Sample::game_in`]).
    pub fn position_in<G: Geometry>(&self, geometry: G) -> Result<Position<G>, DatasetError> {
        self.game_in(geometry).map(|game| *game.position())
    }

    /// The position on the standard board (a sample of another board is refused).
    pub fn position(&self) -> Result<Position, DatasetError> {
        self.position_in(Standard)
    }

    /// The game-theoretic result for the side to move: 1 a win, 0 a draw, -1 a loss.
    #[must_use]
    pub fn result(&self) -> i32 {
        self.score.signum()
    }

    /// What is wrong with the sample as a position of its board: its moves are not a game
    /// of it, or it has not a score for each column.
    fn check(&self) -> Result<(), SampleError> {
        with_geometry!(self.size, g => c4_core::parse_moves_in(&self.moves, g).map(|_| ()))
            .map_err(|source: ParseMovesError| SampleError::Moves {
                moves: self.moves.clone(),
                source,
            })?;
        if self.columns.len() != self.size.width() {
            return Err(SampleError::Columns {
                moves: self.moves.clone(),
                found: self.columns.len(),
                size: self.size,
            });
        }
        Ok(())
    }
}

/// The board of a dataset's samples: that of the first (7x6 for none). [`parse`] refuses a
/// dataset of several boards.
#[must_use]
pub fn board(samples: &[Sample]) -> Size {
    samples.first().map_or(Size::STANDARD, Sample::size)
}

/// Refuses a dataset of another board than 7x6 for `consumer`, a reader of 7x6 positions
/// only (its evaluators are 7x6's), naming both boards.
pub fn check_standard(samples: &[Sample], consumer: &'static str) -> Result<(), DatasetError> {
    match samples.iter().find(|s| !s.size.is_standard()) {
        Some(sample) => Err(DatasetError::NotStandard {
            size: sample.size,
            consumer,
        }),
        None => Ok(()),
    }
}

/// Writes a dataset: one JSON sample per line.
pub fn write(path: &Path, samples: &[Sample]) -> Result<(), DatasetError> {
    let mut text = String::new();
    for sample in samples {
        text.push_str(&serde_json::to_string(sample).expect("plain data"));
        text.push('\n');
    }
    let temporary = path.with_extension("writing");
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|source| DatasetError::Write {
            path: path.to_owned(),
            source,
        })
}

/// The largest dataset read: tens of millions of labelled positions.
pub(crate) const MAX_DATASET_BYTES: u64 = 16 << 30;

/// Reads a dataset written by [`write()`], checking every line.
pub fn read(path: &Path) -> Result<Vec<Sample>, DatasetError> {
    let text = files::read_text(path, MAX_DATASET_BYTES)?;
    parse(&text, &path.display().to_string())
}

/// Parses the text of a dataset written by [`write()`] (`name` says where it came from in the
/// errors), checking every line: a sample whose moves are a game of its board, with a score
/// for each of its columns, every line of one board.
pub fn parse(text: &str, name: &str) -> Result<Vec<Sample>, DatasetError> {
    let mut samples: Vec<Sample> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let sample: Sample = serde_json::from_str(line).map_err(|source| DatasetError::Line {
            name: name.to_owned(),
            line: index + 1,
            source,
        })?;
        sample.check().map_err(|source| DatasetError::LineSample {
            name: name.to_owned(),
            line: index + 1,
            source,
        })?;
        if let Some(first) = samples.first()
            && first.size != sample.size
        {
            return Err(DatasetError::MixedBoards {
                name: name.to_owned(),
                line: index + 1,
                size: sample.size,
                first: first.size,
            });
        }
        samples.push(sample);
    }
    if samples.is_empty() {
        return Err(DatasetError::Empty(name.to_owned()));
    }
    Ok(samples)
}
