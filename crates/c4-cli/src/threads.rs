//! `--threads N`: the worker pool of the commands that run in parallel.

use anyhow::Result;
use clap::builder::RangedU64ValueParser;

/// Most worker threads a command takes.
pub const MAX_THREADS: usize = 256;

/// The parser of every `--threads` flag of a worker pool: 1 to [`MAX_THREADS`].
#[must_use]
pub fn parser() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..=MAX_THREADS as u64)
}

/// A pool of `threads` workers (default: one per core), a number [`parser`] accepted.
pub fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        builder = builder.num_threads(n);
    }
    Ok(builder.build()?)
}
