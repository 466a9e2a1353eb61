//! The solver options of the commands that judge games (`c4 verify`, `c4 review`).

use anyhow::{Result, bail};
use c4_books::BookChoice;
use c4_books::OpeningBook;
use c4_core::{Geometry, Size};
use c4_solver::{DEFAULT_TABLE_BITS, MAX_TABLE_BITS, MIN_TABLE_BITS, Solver};
use std::sync::Arc;

#[derive(clap::Args, Debug)]
pub struct SolverArgs {
    /// Judge only the moves made from this ply on, up to the board's last (41 on 7x6): moves
    /// before it are taken as an opening (early positions cost the most to solve).
    #[arg(long, default_value_t = 0)]
    pub from_ply: u32,
    /// Threads solving each position together (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: Option<u32>,
    /// log2 of the solver table's slots (8 bytes each; 24 = 128 MiB, 27 = 1 GiB).
    #[arg(long, default_value_t = DEFAULT_TABLE_BITS, value_parser = clap::value_parser!(u32).range(MIN_TABLE_BITS as i64..=MAX_TABLE_BITS as i64))]
    pub table: u32,
    /// An opening book (`c4 book build`) whose positions are answered at once: `builtin`
    /// (the one in c4), `none`, or a file.
    #[arg(long, default_value = "builtin")]
    pub book: BookChoice,
}

impl SolverArgs {
    /// The first ply judged, `--from-ply`, on the board of `size`: a ply past its last is
    /// refused.
    pub fn first_ply(&self, size: Size) -> Result<u32> {
        let last = c4_books::max_depth(size);
        if self.from_ply > last {
            bail!(
                "--from-ply {} is past the {size} board's last ply ({last})",
                self.from_ply
            );
        }
        Ok(self.from_ply)
    }

    /// The book of the board `size`, loaded: the built-in one is 7x6's, no book on another
    /// board; a file of another size is refused, naming both.
    pub fn book_in(&self, size: Size) -> Result<Option<Arc<OpeningBook>>> {
        Ok(self.book.load_in(size)?)
    }

    /// A solver of the board of `geometry` with these threads and table, answering from
    /// `book` (a book of its board).
    pub fn solver_in<G: Geometry>(&self, book: Option<Arc<OpeningBook>>, geometry: G) -> Solver<G> {
        let mut solver = Solver::new_in(self.table, geometry);
        solver.set_threads(self.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            |n| n as usize,
        ));
        solver.set_book(book.map(OpeningBook::store));
        solver
    }
}
