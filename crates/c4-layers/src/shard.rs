//! A chunk solved away from its folder and brought back: what a task on another machine (the
//! Ray driver's, `python -m c4lab.ray book --ply`) does with one chunk of a layer. The task
//! needs no folder: [`LayerDir::solve_chunk`] derives the chunk's positions from the layout
//! and returns its finished file's bytes. The driver, which holds the folder, checks them as
//! it checks any chunk file and writes them there, whole or not at all
//! ([`LayerDir::add_chunk`]).

use crate::build::{LayerDir, LayerError, finished_chunk, io_error, solve, write_whole};
use crate::chunk::{Chunk, ChunkError};
use c4_solver::Solver;

impl LayerDir {
    /// Solves every position of chunk `number` on `solver` (one table across them, as a
    /// build's worker keeps it; [`crate::build::layer_solver`] makes one) and returns the
    /// bytes of the chunk's finished file. Nothing is read from or written to the folder.
    pub fn solve_chunk(&self, number: usize, solver: &mut Solver) -> Result<Vec<u8>, LayerError> {
        self.check_number(number)?;
        let plan = self.plan(number)?;
        let scores = plan
            .positions
            .iter()
            .map(|position| solve(solver, position))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(finished_chunk(self, &plan, scores).encode())
    }

    /// Writes `bytes`, chunk `number`'s file as [`LayerDir::solve_chunk`] returned it, into
    /// the folder: checked first as a chunk file read back is (its CRC, header, roots and
    /// scores' ranges) and against the shares of the roots this program derives. A chunk
    /// already finished is kept, and the bytes must equal its file. A progress file of the
    /// chunk, left by an interrupted build, is removed once its chunk is written. Returns
    /// whether the file was written.
    pub fn add_chunk(&self, number: usize, bytes: &[u8]) -> Result<bool, LayerError> {
        self.check_number(number)?;
        let path = self.chunk_path(number);
        if self.is_builtin() {
            return Err(LayerError::Io {
                path,
                source: std::io::Error::other("the built-in layer is not written"),
            });
        }
        let chunk = self.decode_chunk(number, bytes)?;
        self.plan_of(number, &chunk)?;
        if self.is_finished(number) {
            let held: Chunk = self.read_chunk(number)?;
            if held != chunk {
                return Err(LayerError::Chunk {
                    path,
                    source: ChunkError::Other {
                        found: "other scores than the chunk brought back".into(),
                        expected: "the same chunk solved twice to the same scores".into(),
                    },
                });
            }
            return Ok(false);
        }
        write_whole(&path, bytes)?;
        let partial = self.partial_path(number);
        if partial.exists() {
            std::fs::remove_file(&partial).map_err(io_error(&partial))?;
        }
        Ok(true)
    }

    /// Refuses a chunk number past the layer's last.
    fn check_number(&self, number: usize) -> Result<(), LayerError> {
        if number < self.chunk_count() {
            return Ok(());
        }
        Err(LayerError::Chunk {
            path: self.chunk_path(number),
            source: ChunkError::Other {
                found: format!("chunk {number}"),
                expected: format!("a chunk of 0 to {}", self.chunk_count() - 1),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::LayerStore;
    use crate::subtree::Layout;
    use std::path::PathBuf;
    use std::sync::Arc;

    fn committed() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/ply12")
    }

    /// The last chunk of the ply-12 layer, the smallest.
    const LAST: usize = 539;

    #[test]
    fn a_chunk_solved_apart_is_its_committed_file_and_is_added_once() {
        let layout = Layout::PLY12;
        let source = LayerDir::open(&committed(), layout);
        let file = std::fs::read(source.chunk_path(LAST)).expect("committed");
        // A solver that reads the committed layer answers each position at once, so the
        // bytes follow the plan's order and the file's encoding alone.
        let mut solver = Solver::new(16);
        let store: Arc<dyn c4_solver::ScoreStore> =
            Arc::new(LayerStore::open(&committed(), layout).expect("a folder"));
        solver.set_book(Some(store));
        let bytes = source.solve_chunk(LAST, &mut solver).expect("solved");
        assert_eq!(bytes, file);
        assert!(source.solve_chunk(LAST + 1, &mut solver).is_err());

        let folder = std::env::temp_dir().join(format!("c4-layer-shard-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        let dir = LayerDir::create(&folder, layout).expect("writable");
        assert_eq!(dir.missing_chunks().len(), 540);
        std::fs::write(dir.partial_path(LAST), b"left by a build").expect("writable");
        // Damaged bytes, another chunk's and a number past the last are refused, unwritten.
        let mut damaged = bytes.clone();
        damaged[40] ^= 1;
        assert!(dir.add_chunk(LAST, &damaged).is_err());
        assert!(dir.add_chunk(LAST - 1, &bytes).is_err());
        assert!(dir.add_chunk(LAST + 1, &bytes).is_err());
        assert!(!dir.is_finished(LAST));
        assert!(dir.add_chunk(LAST, &bytes).expect("added"));
        assert_eq!(std::fs::read(dir.chunk_path(LAST)).unwrap(), file);
        assert!(!dir.partial_path(LAST).exists());
        assert_eq!(dir.missing_chunks().len(), 539);
        // Brought back twice: kept as it is.
        assert!(!dir.add_chunk(LAST, &bytes).expect("the same scores"));
        std::fs::remove_dir_all(&folder).expect("removable");
    }
}
