//! The integer arguments of every entry point, each a type that checks its range as it is
//! extracted from Python, with the bounds the CLI's options have.
//!
//! A Python integer may be negative, larger than any machine integer, a float or not a number
//! at all; each of these is a bad argument like any other and raises `ValueError` naming the
//! argument and its range (pyo3's own conversion would raise `OverflowError` or `TypeError`).
//! Taking the type in a signature is the check: `threads: Option<Threads>`.

use c4_books::MAX_BOOK_DEPTH;
use c4_core::{Column, Size, excerpt};
use c4_solver::{MAX_TABLE_BITS, MIN_TABLE_BITS};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::ops::RangeInclusive;

/// The integer `value` if it lies in `range`, or a `ValueError` saying that `name` must.
pub(crate) fn bounded_integer(
    name: &str,
    value: &Bound<'_, PyAny>,
    range: RangeInclusive<i128>,
) -> PyResult<i128> {
    let outside = || {
        PyValueError::new_err(format!(
            "{name} must be an integer from {} to {}, not {}",
            range.start(),
            range.end(),
            excerpt(&value.to_string())
        ))
    };
    let number: i128 = value.extract().map_err(|_| outside())?;
    if range.contains(&number) {
        Ok(number)
    } else {
        Err(outside())
    }
}

/// Declares an argument type holding a `$inner` within `$range`, named `$name` in errors.
macro_rules! bounded_argument {
    ($(#[$doc:meta])* $type:ident($inner:ty), $name:literal, $range:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) struct $type(pub(crate) $inner);

        impl $type {
            /// The values the argument may take.
            pub(crate) const RANGE: RangeInclusive<i128> = $range;
        }

        impl<'a, 'py> FromPyObject<'a, 'py> for $type {
            type Error = PyErr;

            fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
                let number = bounded_integer($name, &value, Self::RANGE)?;
                Ok($type(
                    <$inner>::try_from(number).expect("the range fits the type"),
                ))
            }
        }
    };
}

/// The most worker threads a pool takes, as the CLI's `--threads`.
const MAX_POOL_THREADS: i128 = 256;
/// The most threads searching one position, or solving a batch (each with its own table),
/// as `c4 solve --threads`.
const MAX_SOLVER_THREADS: i128 = 64;
/// The most plies of random openings, as `c4 match --random-openings`.
const MAX_OPENING_PLIES: i128 = 20;
/// The most games a match or each pairing of a tournament plays, as `c4 match --games`.
pub(crate) const MAX_GAMES: u64 = 10_000_000;

bounded_argument!(
    /// Worker threads of a pool (matches, experiments, fits).
    Threads(usize), "threads", 1..=MAX_POOL_THREADS
);
bounded_argument!(
    /// Threads searching one position, or solving a batch of positions.
    SolverThreads(usize), "threads", 1..=MAX_SOLVER_THREADS
);
bounded_argument!(
    /// log2 of a solver table's slots.
    TableBits(u32), "table_bits", MIN_TABLE_BITS as i128..=MAX_TABLE_BITS as i128
);
bounded_argument!(
    /// A seed: any 64-bit unsigned integer.
    Seed(u64), "seed", 0..=u64::MAX as i128
);
bounded_argument!(
    /// Games of a match, or of each pairing of a tournament.
    GameCount(u64), "games", 1..=MAX_GAMES as i128
);
bounded_argument!(
    /// The index of a game in a run, from 0.
    GameIndex(u64), "a game index", 0..=MAX_GAMES as i128 - 1
);
bounded_argument!(
    /// How many games from the first a dataset build looks at, at most 2^32.
    GameLimit(u64), "limit", 0..=1 << 32
);
bounded_argument!(
    /// Games of each experiment's match, as `c4 experiment --games`.
    ExperimentGames(u64), "games", 1..=1_000_000
);
bounded_argument!(
    /// Plies of the random openings, as `c4 match --random-openings`.
    OpeningPlies(u32), "openings", 1..=MAX_OPENING_PLIES
);
bounded_argument!(
    /// The ply a book goes to, as `c4 book build --depth`.
    BookDepth(u32), "depth", 0..=MAX_BOOK_DEPTH as i128
);
bounded_argument!(
    /// A search depth of tuning, as `c4 tune --depth`.
    TuneDepth(u32), "depth", 0..=8
);
bounded_argument!(
    /// SPSA iterations of a run, as `c4 tune --iterations`.
    Iterations(u32), "iterations", 1..=100_000
);
bounded_argument!(
    /// The index of an SPSA iteration: 0 for the first, below the most iterations a run has.
    IterationNumber(u32), "k", 0..=99_999
);
bounded_argument!(
    /// Games of each side of an SPSA iteration, as `c4 tune --games`.
    SpsaGames(u64), "games", 2..=10_000
);
bounded_argument!(
    /// Passes without a better loss before a fit stops, as `c4 tune --patience`.
    Patience(u32), "patience", 1..=100
);
bounded_argument!(
    /// The most passes of a fit, as `c4 tune --max-passes`.
    MaxPasses(u32), "max_passes", 1..=10_000
);
bounded_argument!(
    /// Positions a dataset asks for, as `c4 dataset build --positions`.
    PositionCount(usize), "positions", 1..=100_000_000
);
bounded_argument!(
    /// Positions sampled per game of a dataset, as `c4 dataset build --per-game`.
    PerGame(usize), "per_game", 1..=42
);
bounded_argument!(
    /// Percent of a dataset's games held out, as `c4 dataset build --valid-percent`.
    ValidPercent(u64), "valid_percent", 1..=50
);
bounded_argument!(
    /// The ply of a deep book layer, as `c4 book build --ply`.
    LayerPly(u32), "ply", 10..=13
);
bounded_argument!(
    /// A chunk of a deep book layer, by number (checked against the layer's count).
    ChunkNumber(usize), "chunk", 0..=1_000_000
);
bounded_argument!(
    /// A ply of a position sampled for a dataset: 0 (the empty board) to 63, and below the
    /// board's cells (checked with the board).
    SamplePly(u32), "plies", 0..=63
);
bounded_argument!(
    /// A player of PettingZoo's observations: 0 (red) or 1 (yellow).
    PlayerIndex(u8), "player", 0..=1
);

/// The column `value` names on a board of `size`, as Python counts columns: from 0, as
/// PettingZoo's actions. A value that names none is refused saying which convention applies:
/// the CLI, move strings and records count from 1 (or `a`).
pub(crate) fn column_on(value: &Bound<'_, PyAny>, size: Size) -> PyResult<Column> {
    let wrong = || {
        let last = size.width() - 1;
        let names = if size.has_digit_columns() {
            format!("1-{}", size.width())
        } else {
            format!("a-{}", size.last_letter())
        };
        PyValueError::new_err(format!(
            "column {} is not 0-{last}: in Python columns are 0-based, 0-{last} as \
             PettingZoo's actions (move strings and the CLI count {names})",
            excerpt(&value.to_string()),
        ))
    };
    let index: i128 = value.extract().map_err(|_| wrong())?;
    usize::try_from(index)
        .ok()
        .and_then(|index| size.column(index))
        .ok_or_else(wrong)
}

/// The board `text` names ("WxH", a run's `size`), or a `ValueError` stating the sizes there
/// are.
pub(crate) fn board(text: &str) -> PyResult<Size> {
    text.parse()
        .map_err(|e| PyValueError::new_err(format!("size: {e}")))
}

/// `parse_size(text)`: the board "WxH" names, as `(width, height)`, or the `ValueError` every
/// function taking a `size` raises: what Python drivers check before they start any work.
#[pyfunction]
pub(crate) fn parse_size(text: &str) -> PyResult<(usize, usize)> {
    board(text).map(|size| (size.width(), size.height()))
}

/// The board of `width` columns and `height` rows (7 and 6 where not given), or a
/// `ValueError` stating the sizes there are (the core's words; a side that is no whole
/// number, or a negative one, is refused with the range of that side).
pub(crate) fn board_size(
    width: Option<&Bound<'_, PyAny>>,
    height: Option<&Bound<'_, PyAny>>,
) -> PyResult<Size> {
    let side = |name: &str, value: Option<&Bound<'_, PyAny>>, standard: usize, most: usize| {
        let Some(value) = value else {
            return Ok(standard);
        };
        match value.extract::<usize>() {
            Ok(side) => Ok(side),
            Err(_) => bounded_integer(name, value, Size::MIN_SIDE as i128..=most as i128)
                .map(|side| usize::try_from(side).expect("the range fits usize")),
        }
    };
    let standard = Size::STANDARD;
    let width = side("width", width, standard.width(), Size::MAX_WIDTH)?;
    let height = side("height", height, standard.height(), Size::MAX_HEIGHT)?;
    Size::new(width, height).map_err(|e| PyValueError::new_err(e.to_string()))
}
