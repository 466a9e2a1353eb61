//! Building a layer: its chunks solved in order by a pool of workers, each score written to
//! the chunk's progress file as it is found, each finished chunk written once as its file.
//!
//! A layer lives in one folder: `chunk-NNNNN.c4layer` for each finished chunk, and
//! `chunk-NNNNN.partial` for a chunk under way (a 24-byte header naming the chunk, then one
//! score byte a position). An interrupted build, started again on any machine with the same
//! folder, reads the finished chunks (each checked), takes up each progress file where it
//! stopped (its header, its scores' range and its last score solved again), and solves
//! only what is missing. Each worker keeps its solver's table across the positions of its
//! chunk: the positions of one root's share are neighbours, and share most of their subtrees.

use crate::chunk::{Chunk, ChunkError, MAX_CHUNK_BYTES, read_scores};
use crate::file_names;
use crate::subtree::{Layout, Roots, owned, roots_digest};
use c4_books::OpeningBook;
use c4_books::moves_of;
use c4_core::Position;
use c4_solver::files::{FileError, read_bytes};
use c4_solver::{ExactScore, SolveError, Solver};
use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

const PARTIAL_MAGIC: &[u8; 8] = b"c4lpart\0";
const PARTIAL_HEADER_BYTES: usize = 24;

/// Why a layer cannot be built or read.
#[derive(Debug, thiserror::Error)]
pub enum LayerError {
    /// A file or folder could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// A chunk or progress file cannot be read (missing, not a regular file, too large).
    #[error(transparent)]
    File(#[from] FileError),
    /// A chunk file is not the chunk its name says.
    #[error("{path}: {source}")]
    Chunk {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: ChunkError,
    },
    /// A progress file is not this build's, or is damaged.
    #[error("{path}: {reason}: a build cannot go on from it")]
    Partial {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The solver could not finish a position.
    #[error("{moves}: {error}")]
    Solve {
        /// The position's moves.
        moves: String,
        /// Why.
        error: SolveError,
    },
    /// A layer folder given as an empty name.
    #[error("an empty name is no folder: give builtin, none or a layer folder")]
    EmptyName,
    /// A folder given as a layer holds no chunk file, finished or under way.
    #[error("{}: no chunk files (chunk-NNNNN.c4layer) in this folder: not a layer", path.display())]
    NoChunks {
        /// The folder.
        path: PathBuf,
    },
    /// A root's share does not fit a chunk file's two-byte count.
    #[error("root {root:#x} has {positions} positions, more than a chunk file counts")]
    Share {
        /// The root's key.
        root: u64,
        /// Its share.
        positions: usize,
    },
}

pub(crate) fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> LayerError + '_ {
    move |source| LayerError::Io {
        path: path.to_owned(),
        source,
    }
}

/// A layer's folder and the roots it is built over.
#[derive(Debug)]
pub struct LayerDir {
    path: PathBuf,
    layout: Layout,
    roots: Roots,
    /// The chunk files built into the program (by number, ascending), read in place of the
    /// folder's: the built-in layer.
    builtin: Option<&'static [(u32, &'static [u8])]>,
}

/// The finished chunks of `data/ply12` built into the crate with the `builtin` feature
/// (see `build.rs`), by number; none without it.
static BUILTIN_PLY12: &[(u32, &[u8])] = include!(concat!(env!("OUT_DIR"), "/builtin_ply12.rs"));

/// One chunk's positions and where they come from.
pub(crate) struct ChunkPlan {
    number: usize,
    first_root: usize,
    digest: u32,
    shares: Vec<u16>,
    pub(crate) positions: Vec<Position>,
}

impl LayerDir {
    /// The layer of `layout` in folder `path`, made if missing: checked to be a folder this
    /// process can write before any work starts.
    pub fn create(path: &Path, layout: Layout) -> Result<LayerDir, LayerError> {
        std::fs::create_dir_all(path).map_err(io_error(path))?;
        let probe = path.join(".c4layer-write-check");
        std::fs::write(&probe, b"").map_err(io_error(&probe))?;
        std::fs::remove_file(&probe).map_err(io_error(&probe))?;
        Ok(LayerDir::open(path, layout))
    }

    /// The layer of `layout` in folder `path`, for reading.
    #[must_use]
    pub fn open(path: &Path, layout: Layout) -> LayerDir {
        LayerDir {
            path: path.to_owned(),
            layout,
            roots: Roots::of(&layout),
            builtin: None,
        }
    }

    /// The ply-12 layer built into the program: the chunks of `data/ply12` finished when it
    /// was built (none without the `builtin` feature). Its files are named as in that folder.
    #[must_use]
    pub fn builtin_ply12() -> LayerDir {
        LayerDir {
            builtin: Some(BUILTIN_PLY12),
            ..LayerDir::open(Path::new("(built-in ply12)"), Layout::PLY12)
        }
    }

    /// How many chunks of the ply-12 layer are built into the program.
    #[must_use]
    pub fn builtin_ply12_chunks() -> usize {
        BUILTIN_PLY12.len()
    }

    /// The bytes of built-in chunk `number`, if this is the built-in layer and holds it.
    fn builtin_bytes(&self, number: usize) -> Option<&'static [u8]> {
        let chunks = self.builtin?;
        let at = chunks
            .binary_search_by_key(&number, |&(n, _)| n as usize)
            .ok()?;
        Some(chunks[at].1)
    }

    /// Whether this is the layer built into the program, which is read, never written.
    pub(crate) fn is_builtin(&self) -> bool {
        self.builtin.is_some()
    }

    /// Its layout.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Its roots.
    #[must_use]
    pub fn roots(&self) -> &Roots {
        &self.roots
    }

    /// The number of chunks the layer has when complete.
    #[must_use]
    pub fn chunk_count(&self) -> usize {
        self.roots.chunk_count(&self.layout)
    }

    /// The file of finished chunk `number`.
    #[must_use]
    pub fn chunk_path(&self, number: usize) -> PathBuf {
        self.path.join(file_names::chunk_file_name(number))
    }

    /// The progress file of chunk `number`.
    #[must_use]
    pub fn partial_path(&self, number: usize) -> PathBuf {
        self.path.join(file_names::progress_file_name(number))
    }

    /// The chunks not finished yet, ascending.
    #[must_use]
    pub fn missing_chunks(&self) -> Vec<usize> {
        (0..self.chunk_count())
            .filter(|&number| !self.is_finished(number))
            .collect()
    }

    /// Whether chunk `number` is finished (its file's name is there, whatever it is or
    /// points to; [`LayerDir::read_chunk`] checks it, so a broken link is refused by name).
    #[must_use]
    pub fn is_finished(&self, number: usize) -> bool {
        match self.builtin {
            Some(_) => self.builtin_bytes(number).is_some(),
            None => std::fs::symlink_metadata(self.chunk_path(number)).is_ok(),
        }
    }

    /// Finished chunk `number`, read and checked: its CRC, every score's range, and that it
    /// is this layout's chunk of that number over these roots.
    pub fn read_chunk(&self, number: usize) -> Result<Chunk, LayerError> {
        let path = self.chunk_path(number);
        let read;
        let bytes = match (self.builtin, self.builtin_bytes(number)) {
            (Some(_), Some(bytes)) => bytes,
            (Some(_), None) => {
                return Err(LayerError::Io {
                    path,
                    source: std::io::ErrorKind::NotFound.into(),
                });
            }
            (None, _) => {
                read = read_bytes(&path, MAX_CHUNK_BYTES)?;
                &read[..]
            }
        };
        self.decode_chunk(number, bytes)
    }

    /// The bytes of chunk `number` (a file's, built in, or fetched by a front end) read and
    /// checked as [`LayerDir::read_chunk`] checks a file; errors name the chunk's file.
    pub fn decode_chunk(&self, number: usize, bytes: &[u8]) -> Result<Chunk, LayerError> {
        let path = self.chunk_path(number);
        let (first, keys) = self.roots.chunk(&self.layout, number);
        Chunk::decode(bytes)
            .and_then(|chunk| {
                chunk.check_is(
                    &self.layout,
                    number as u32,
                    first as u32,
                    keys.len(),
                    roots_digest(keys),
                )?;
                Ok(chunk)
            })
            .map_err(|source| LayerError::Chunk { path, source })
    }

    /// The positions of chunk `number`, in its order.
    pub(crate) fn plan(&self, number: usize) -> Result<ChunkPlan, LayerError> {
        let (first_root, keys) = self.roots.chunk(&self.layout, number);
        let mut shares = Vec::with_capacity(keys.len());
        let mut positions = Vec::new();
        for &root in keys {
            let share = owned(root, &self.layout, &self.roots);
            shares.push(u16::try_from(share.len()).map_err(|_| LayerError::Share {
                root,
                positions: share.len(),
            })?);
            positions.extend(share);
        }
        Ok(ChunkPlan {
            number,
            first_root,
            digest: roots_digest(keys),
            shares,
            positions,
        })
    }

    /// The plan of `chunk`, chunk `number` as read: refused when its roots' shares are not
    /// the ones this program derives.
    pub(crate) fn plan_of(&self, number: usize, chunk: &Chunk) -> Result<ChunkPlan, LayerError> {
        let plan = self.plan(number)?;
        if plan.shares != chunk.shares {
            return Err(LayerError::Chunk {
                path: self.chunk_path(number),
                source: ChunkError::Other {
                    found: "a chunk whose roots' shares differ from this program's".into(),
                    expected: format!("the shares of chunk {number}"),
                },
            });
        }
        Ok(plan)
    }

    /// The positions of chunk `number` with the scores its file holds, in its order:
    /// for checks and for reading the layer.
    pub fn scored_positions(
        &self,
        number: usize,
    ) -> Result<Vec<(Position, ExactScore)>, LayerError> {
        let chunk = self.read_chunk(number)?;
        let plan = self.plan_of(number, &chunk)?;
        Ok(plan.positions.into_iter().zip(chunk.scores).collect())
    }

    fn partial_header(&self, plan: &ChunkPlan) -> [u8; PARTIAL_HEADER_BYTES] {
        let mut header = [0u8; PARTIAL_HEADER_BYTES];
        header[..8].copy_from_slice(PARTIAL_MAGIC);
        header[8] = self.layout.root_ply as u8;
        header[9] = self.layout.ply as u8;
        header[12..16].copy_from_slice(&(plan.number as u32).to_le_bytes());
        header[16..20].copy_from_slice(&(plan.positions.len() as u32).to_le_bytes());
        header[20..24].copy_from_slice(&plan.digest.to_le_bytes());
        header
    }

    /// The progress file of chunk `number` checked as a build resuming it checks it: how
    /// many of the chunk's positions it holds scores for.
    pub fn check_progress(&self, number: usize, solver: &mut Solver) -> Result<usize, LayerError> {
        let plan = self.plan(number)?;
        if !self.partial_path(number).exists() {
            return Err(LayerError::Partial {
                path: self.partial_path(number),
                reason: "not a file this process can read".to_owned(),
            });
        }
        Ok(self.resume(&plan, solver)?.len())
    }

    /// The scores a progress file holds for `plan`, checked: its header is this chunk's,
    /// no more scores than positions, each within its ply's range, and the last one solved
    /// again equal.
    fn resume(&self, plan: &ChunkPlan, solver: &mut Solver) -> Result<Vec<ExactScore>, LayerError> {
        let path = self.partial_path(plan.number);
        if !path.exists() {
            return Ok(Vec::new());
        }
        let bytes = read_bytes(&path, MAX_CHUNK_BYTES)?;
        let refuse = |reason: String| LayerError::Partial {
            path: path.clone(),
            reason,
        };
        if bytes.len() < PARTIAL_HEADER_BYTES
            || bytes[..PARTIAL_HEADER_BYTES] != self.partial_header(plan)
        {
            return Err(refuse(format!(
                "not the progress file of chunk {} of this layer",
                plan.number
            )));
        }
        let body = &bytes[PARTIAL_HEADER_BYTES..];
        if body.len() > plan.positions.len() {
            return Err(refuse(format!(
                "{} scores for {} positions",
                body.len(),
                plan.positions.len()
            )));
        }
        let scores =
            read_scores(body, self.layout.ply).map_err(|error| refuse(error.to_string()))?;
        if let Some(&last) = scores.last() {
            let position = &plan.positions[scores.len() - 1];
            let again = solve(solver, position)?;
            if again != last {
                return Err(refuse(format!(
                    "its last score, {last} for {}, solves again to {again}",
                    moves_of(position)
                )));
            }
        }
        Ok(scores)
    }
}

pub(crate) fn solve(solver: &mut Solver, position: &Position) -> Result<ExactScore, LayerError> {
    solver
        .solve(position)
        .map(|(score, _)| score)
        .map_err(|error| LayerError::Solve {
            moves: moves_of(position),
            error,
        })
}

/// What a build does, as it happens.
#[derive(Clone, Copy, Debug)]
pub enum LayerEvent {
    /// A worker takes up a chunk: `done` of its `positions` already solved.
    Started {
        /// The chunk.
        chunk: usize,
        /// Its positions.
        positions: usize,
        /// Those its progress file held.
        done: usize,
    },
    /// A position was solved.
    Solved,
    /// A chunk's file was written.
    Finished {
        /// The chunk.
        chunk: usize,
        /// Its positions.
        positions: usize,
    },
}

/// How a build runs: its workers, their tables, and when it stops.
#[derive(Clone, Debug)]
pub struct LayerBuild {
    /// Workers, each with its own solver and table.
    pub threads: usize,
    /// log2 of each table's slots.
    pub table_bits: u32,
    /// No position is started after this instant (the progress files keep what was solved).
    pub deadline: Option<Instant>,
    /// At most this many chunks are taken up.
    pub max_chunks: Option<usize>,
}

/// What a build did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayerSummary {
    /// Chunks finished by this run.
    pub finished: usize,
    /// Positions solved by this run.
    pub solved: usize,
    /// Chunks finished before, by any run.
    pub finished_before: usize,
}

impl LayerBuild {
    /// Solves the missing chunks of `dir` in order until all are finished, the deadline
    /// passes, `max_chunks` were taken up or `stop` is set; calls `on_event` as it goes.
    pub fn run(
        &self,
        dir: &LayerDir,
        stop: &AtomicBool,
        on_event: &(dyn Fn(LayerEvent) + Sync),
    ) -> Result<LayerSummary, LayerError> {
        let missing = VecDeque::from(dir.missing_chunks());
        let finished_before = dir.chunk_count() - missing.len();
        let mut queue = missing;
        queue.truncate(self.max_chunks.unwrap_or(usize::MAX));
        let queue = Mutex::new(queue);
        let summary = Mutex::new(LayerSummary {
            finished_before,
            ..LayerSummary::default()
        });
        let halted = AtomicBool::new(false);
        let should_stop = || {
            stop.load(Ordering::Relaxed)
                || halted.load(Ordering::Relaxed)
                || self
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline)
        };
        let results: Vec<Result<(), LayerError>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..self.threads.max(1))
                .map(|_| {
                    scope.spawn(|| -> Result<(), LayerError> {
                        let mut solver = layer_solver(self.table_bits)?;
                        loop {
                            if should_stop() {
                                return Ok(());
                            }
                            let Some(number) = queue.lock().expect("no worker panics").pop_front()
                            else {
                                return Ok(());
                            };
                            let outcome =
                                self.work(dir, number, &mut solver, &should_stop, on_event);
                            let mut summary = summary.lock().expect("no worker panics");
                            match outcome {
                                Ok((solved, finished)) => {
                                    summary.solved += solved;
                                    summary.finished += usize::from(finished);
                                }
                                Err(error) => {
                                    halted.store(true, Ordering::Relaxed);
                                    return Err(error);
                                }
                            }
                        }
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().expect("no worker panics"))
                .collect()
        });
        results.into_iter().collect::<Result<(), _>>()?;
        Ok(summary.into_inner().expect("no worker panics"))
    }

    /// Solves what is missing of chunk `number`: the positions solved and whether the chunk
    /// was finished.
    fn work(
        &self,
        dir: &LayerDir,
        number: usize,
        solver: &mut Solver,
        should_stop: &dyn Fn() -> bool,
        on_event: &(dyn Fn(LayerEvent) + Sync),
    ) -> Result<(usize, bool), LayerError> {
        let plan = dir.plan(number)?;
        let mut scores = dir.resume(&plan, solver)?;
        on_event(LayerEvent::Started {
            chunk: number,
            positions: plan.positions.len(),
            done: scores.len(),
        });
        let partial_path = dir.partial_path(number);
        let mut partial = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&partial_path)
            .map_err(io_error(&partial_path))?;
        if scores.is_empty() {
            partial.set_len(0).map_err(io_error(&partial_path))?;
            partial
                .write_all(&dir.partial_header(&plan))
                .map_err(io_error(&partial_path))?;
        }
        let mut solved = 0;
        for position in &plan.positions[scores.len()..] {
            if should_stop() {
                return Ok((solved, false));
            }
            let score = solve(solver, position)?;
            partial
                .write_all(&[score.value() as i8 as u8])
                .map_err(io_error(&partial_path))?;
            scores.push(score);
            solved += 1;
            on_event(LayerEvent::Solved);
        }
        drop(partial);
        write_chunk(dir, &plan, scores)?;
        std::fs::remove_file(&partial_path).map_err(io_error(&partial_path))?;
        on_event(LayerEvent::Finished {
            chunk: number,
            positions: plan.positions.len(),
        });
        Ok((solved, true))
    }
}

/// A solver as a build's worker has it: a table of `2^table_bits` slots, and the built-in
/// book, from which the roots and the shallower plies are answered at once.
pub fn layer_solver(table_bits: u32) -> Result<Solver, LayerError> {
    let mut solver = Solver::try_new(table_bits).map_err(|source| LayerError::Io {
        path: PathBuf::from("(the solver table's memory)"),
        source,
    })?;
    solver.set_book(Some(OpeningBook::builtin()));
    Ok(solver)
}

/// The finished chunk of `plan` with its `scores`, as its file holds it.
pub(crate) fn finished_chunk(dir: &LayerDir, plan: &ChunkPlan, scores: Vec<ExactScore>) -> Chunk {
    Chunk {
        root_ply: dir.layout.root_ply,
        ply: dir.layout.ply,
        number: plan.number as u32,
        first_root: plan.first_root as u32,
        roots_digest: plan.digest,
        shares: plan.shares.clone(),
        scores,
    }
}

/// Writes a finished chunk's file whole or not at all (a temporary file renamed).
fn write_chunk(
    dir: &LayerDir,
    plan: &ChunkPlan,
    scores: Vec<ExactScore>,
) -> Result<(), LayerError> {
    write_whole(
        &dir.chunk_path(plan.number),
        &finished_chunk(dir, plan, scores).encode(),
    )
}

/// Writes `bytes` as the file `path`, whole or not at all (a temporary file renamed).
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), LayerError> {
    let temporary = path.with_extension("writing");
    let mut file = File::create(&temporary).map_err(io_error(&temporary))?;
    file.write_all(bytes).map_err(io_error(&temporary))?;
    file.sync_all().map_err(io_error(&temporary))?;
    std::fs::rename(&temporary, path).map_err(io_error(path))
}
