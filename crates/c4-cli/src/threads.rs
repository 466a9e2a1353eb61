//! `--threads N`: the worker pool of the commands that run in parallel.

use anyhow::{Result, bail};

/// Most worker threads a command takes.
pub const MAX_THREADS: usize = 256;

/// A pool of `threads` workers (default: one per core).
pub fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        if n == 0 || n > MAX_THREADS {
            bail!("--threads must be from 1 to {MAX_THREADS}");
        }
        builder = builder.num_threads(n);
    }
    Ok(builder.build()?)
}
