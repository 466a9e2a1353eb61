//! A layer's finished chunks as a [`ScoreStore`]: what the solver reads in place of
//! searching a position of the layer's ply.
//!
//! A position's chunk follows from its owner root ([`owner`]: a few microseconds), and its
//! place in the chunk from the root's share ([`owned`]: the root's subtree walked, about a
//! millisecond), so a look-up derives only the share it needs, never a whole chunk (a
//! chunk's 500 shares take the better part of a second). Each chunk file is read on first
//! use and checked as [`LayerDir::read_chunk`] checks it (CRC, header, roots, score range);
//! the roots themselves (every ply-9 position, some 60 ms) are found at the first
//! look-up of a layer position. Every share derived is kept, position by position, in a
//! bounded cache, so a position asked again costs a hash look-up. A chunk that is not
//! finished answers nothing (the solver searches its positions), and so does a damaged or
//! foreign file, which the store keeps with its error ([`LayerStore::refused`]) so that a
//! front end can say so. The state of a chunk is read once per store: a chunk finished
//! after that is read by the next store (the next process).
//!
//! A front end with no files and nothing built in (the page) supplies the chunks itself
//! ([`LayerStore::supplied_ply12`]): it asks which chunks a position's answers read
//! ([`LayerStore::chunks_below`]), fetches those, hands each to [`LayerStore::supply`]
//! (checked as a file is), and then asks. A chunk not supplied yet is searched, not
//! remembered as missing, and counted in [`LayerStore::missed`].

use crate::build::{LayerDir, LayerError};
use crate::subtree::{Layout, canonical, is_layer_position, owned, owner};
use c4_core::{Position, Size};
use c4_solver::hashing::mix64;
use c4_solver::{ExactScore, ScoreStore};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Shards of the cache, each under its own lock, so that the threads of a parallel solve
/// rarely wait for each other.
const SHARDS: usize = 16;

/// The most positions a shard keeps before it is emptied (16 shards: about a million
/// positions, some 30 MB, a quarter of the ply-12 layer).
const SHARD_CAPACITY: usize = 1 << 16;

/// The finished chunks of a 7x6 layer folder, answering for the positions of its ply.
pub struct LayerStore {
    path: PathBuf,
    layout: Layout,
    /// Where its chunks come from.
    source: Source,
    /// Chunks asked for and not supplied yet (a supplied store's only).
    missed: Mutex<BTreeSet<usize>>,
    /// The folder with its roots and the state of each chunk, made at the first look-up.
    layer: OnceLock<Layer>,
    /// Scores by canonical key: `None` for a position of a chunk that answers nothing.
    cache: [Mutex<HashMap<u64, Option<ExactScore>>>; SHARDS],
}

/// Where a store's chunks come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// A folder's files.
    Folder,
    /// The files built into the program.
    Builtin,
    /// Bytes handed over by a front end, as it fetches them.
    Supplied,
}

/// What a chunk not supplied yet answers: nothing, as an unfinished one.
static NOT_SUPPLIED: ChunkState = ChunkState::Unfinished;

struct Layer {
    dir: LayerDir,
    chunks: Vec<OnceLock<ChunkState>>,
}

/// What a chunk's file gave when first read.
enum ChunkState {
    /// No finished file: its positions are searched.
    Unfinished,
    /// Damaged, foreign or unreadable: its positions are searched, and the error kept.
    Refused(Arc<LayerError>),
    /// Read and checked.
    Read {
        /// Where each root's share starts among the scores, and where the last one ends.
        starts: Vec<usize>,
        /// The chunk's scores, root after root.
        scores: Vec<ExactScore>,
    },
}

impl ChunkState {
    /// A chunk read and checked, with where each root's share starts.
    fn read(chunk: crate::Chunk) -> ChunkState {
        ChunkState::Read {
            starts: std::iter::once(0)
                .chain(chunk.shares.iter().scan(0, |end, &share| {
                    *end += usize::from(share);
                    Some(*end)
                }))
                .collect(),
            scores: chunk.scores,
        }
    }
}

/// The store of [`LayerStore::supplied_ply12`], once made.
static SUPPLIED: OnceLock<Arc<LayerStore>> = OnceLock::new();

impl std::fmt::Debug for LayerStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LayerStore")
            .field("path", &self.path)
            .field("layout", &self.layout)
            .finish_non_exhaustive()
    }
}

impl LayerStore {
    /// The layer of `layout` in the folder `path`: refused when `path` is not a folder this
    /// process can list, or holds no chunk file (a mistyped folder is not an empty layer).
    /// Nothing else is read until a position of the layer is asked for.
    pub fn open(path: &Path, layout: Layout) -> Result<LayerStore, LayerError> {
        if path.as_os_str().is_empty() {
            return Err(LayerError::EmptyName);
        }
        let files = crate::file_names::chunk_files(path).map_err(|source| LayerError::Io {
            path: path.to_owned(),
            source,
        })?;
        if files.is_empty() {
            return Err(LayerError::NoChunks {
                path: path.to_owned(),
            });
        }
        Ok(LayerStore::new(path, layout, Source::Folder))
    }

    fn new(path: &Path, layout: Layout, source: Source) -> LayerStore {
        LayerStore {
            path: path.to_owned(),
            layout,
            source,
            missed: Mutex::new(BTreeSet::new()),
            layer: OnceLock::new(),
            cache: std::array::from_fn(|_| Mutex::new(HashMap::new())),
        }
    }

    /// The ply-12 layer that comes with the program, one per process: the one a front end
    /// supplies, once it has made it ([`LayerStore::supplied_ply12`]: the page's, fetched
    /// beside it), else the chunks built in (`LayerDir::builtin_ply12`); `None` when there
    /// is neither (a build without the `builtin` feature).
    #[must_use]
    pub fn builtin_ply12() -> Option<Arc<LayerStore>> {
        static BUILTIN: OnceLock<Arc<LayerStore>> = OnceLock::new();
        if let Some(supplied) = SUPPLIED.get() {
            return Some(Arc::clone(supplied));
        }
        (LayerDir::builtin_ply12_chunks() > 0).then(|| {
            Arc::clone(BUILTIN.get_or_init(|| {
                Arc::new(LayerStore::new(
                    Path::new("(built-in ply12)"),
                    Layout::PLY12,
                    Source::Builtin,
                ))
            }))
        })
    }

    /// The ply-12 layer whose chunks this process's front end supplies ([`LayerStore::supply`]),
    /// one per process; from its first call on, [`LayerStore::builtin_ply12`] is this store.
    #[must_use]
    pub fn supplied_ply12() -> Arc<LayerStore> {
        Arc::clone(SUPPLIED.get_or_init(|| {
            Arc::new(LayerStore::new(
                Path::new("(fetched ply12)"),
                Layout::PLY12,
                Source::Supplied,
            ))
        }))
    }

    /// Chunk `number`'s bytes, checked as a file's are (CRC, header, roots, score range), to
    /// answer for its positions from now on. A chunk already read is kept as it is.
    pub fn supply(&self, number: usize, bytes: &[u8]) -> Result<(), LayerError> {
        let layer = self.layer();
        let state = layer.chunks.get(number).ok_or_else(|| LayerError::Chunk {
            path: layer.dir.chunk_path(number),
            source: crate::ChunkError::Other {
                found: format!("chunk {number}"),
                expected: format!("one of the layer's {} chunks", layer.chunks.len()),
            },
        })?;
        if state.get().is_some() {
            return Ok(());
        }
        let chunk = layer.dir.decode_chunk(number, bytes)?;
        // Another thread may have read it meanwhile: the first state stays.
        let _ = state.set(ChunkState::read(chunk));
        self.missed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&number);
        Ok(())
    }

    /// The chunks that the answers about `position` (a 7x6 position of plies 9 to 12) may
    /// read: those holding the layer positions it leads to, each mirror pair once, in
    /// ascending order (a ply-9 position: some 15 to 65 of the 540; ply 11: one to seven).
    /// Empty for a position of another ply.
    #[must_use]
    pub fn chunks_below(&self, position: &Position) -> Vec<usize> {
        let layout = &self.layout;
        let played = position.moves_played();
        if played < layout.root_ply || played > layout.ply {
            return Vec::new();
        }
        let layer = self.layer();
        let roots = layer.dir.roots();
        // Every column of the position itself is answered; below it, a position whose side
        // to move wins at once is answered without a look-up.
        let mut level = vec![canonical(position)];
        for depth in played..layout.ply {
            let mut next: Vec<Position> = level
                .iter()
                .filter(|p| !p.is_over() && (depth == played || !p.can_win_next()))
                .flat_map(|p| {
                    p.legal_moves().map(move |column| {
                        let mut child = *p;
                        child.play_unchecked(column);
                        canonical(&child)
                    })
                })
                .collect();
            next.sort_unstable_by_key(Position::key);
            next.dedup_by_key(|p| p.key());
            level = next;
        }
        let chunks: BTreeSet<usize> = level
            .iter()
            .filter(|p| is_layer_position(p))
            .filter_map(|p| owner(p, layout, roots))
            .filter_map(|root| roots.index_of(root))
            .map(|index| index / layout.roots_per_chunk)
            .collect();
        chunks.into_iter().collect()
    }

    /// The chunks a look-up needed that were not supplied (a supplied store's; each is gone
    /// from the list once supplied): those the front end should fetch.
    #[must_use]
    pub fn missed(&self) -> Vec<usize> {
        self.missed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .copied()
            .collect()
    }

    /// The ply-12 layer in the folder `path`, opened once per folder and process and shared
    /// (a player is built per game; its derived shares are kept across them).
    pub fn shared_ply12(path: &Path) -> Result<Arc<LayerStore>, LayerError> {
        static OPENED: Mutex<Vec<(PathBuf, Arc<LayerStore>)>> = Mutex::new(Vec::new());
        let mut opened = OPENED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, store)) = opened.iter().find(|(p, _)| p == path) {
            return Ok(Arc::clone(store));
        }
        let store = Arc::new(LayerStore::open(path, Layout::PLY12)?);
        opened.push((path.to_owned(), Arc::clone(&store)));
        Ok(store)
    }

    /// Its folder (a name in parentheses for the built-in layer).
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Its layout.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    fn layer(&self) -> &Layer {
        self.layer.get_or_init(|| {
            let dir = match self.source {
                Source::Builtin => LayerDir::builtin_ply12(),
                Source::Folder | Source::Supplied => LayerDir::open(&self.path, self.layout),
            };
            let chunks = (0..dir.chunk_count()).map(|_| OnceLock::new()).collect();
            Layer { dir, chunks }
        })
    }

    /// Chunk `number` read and checked, or why not: `Ok(false)` when it is not finished,
    /// `Ok(true)` when it reads and answers. The store answers nothing for a chunk that
    /// gives an error.
    pub fn chunk(&self, number: usize) -> Result<bool, Arc<LayerError>> {
        let layer = self.layer();
        match layer
            .chunks
            .get(number)
            .map(|state| self.state(layer, number, state))
        {
            None | Some(ChunkState::Unfinished) => Ok(false),
            Some(ChunkState::Refused(error)) => Err(Arc::clone(error)),
            Some(ChunkState::Read { .. }) => Ok(true),
        }
    }

    /// Every finished chunk read and checked (the store reads each on first use otherwise):
    /// how many there are, or the first error.
    pub fn check(&self) -> Result<usize, Arc<LayerError>> {
        let mut finished = 0;
        for number in 0..self.layer().chunks.len() {
            finished += usize::from(self.chunk(number)?);
        }
        Ok(finished)
    }

    /// The chunks read so far that were refused, with their errors: their positions were
    /// searched instead.
    #[must_use]
    pub fn refused(&self) -> Vec<Arc<LayerError>> {
        let Some(layer) = self.layer.get() else {
            return Vec::new();
        };
        layer
            .chunks
            .iter()
            .filter_map(|state| match state.get() {
                Some(ChunkState::Refused(error)) => Some(Arc::clone(error)),
                _ => None,
            })
            .collect()
    }

    fn state<'a>(
        &self,
        layer: &Layer,
        number: usize,
        state: &'a OnceLock<ChunkState>,
    ) -> &'a ChunkState {
        if self.source == Source::Supplied {
            return state.get().unwrap_or(&NOT_SUPPLIED);
        }
        state.get_or_init(|| {
            if !layer.dir.is_finished(number) {
                return ChunkState::Unfinished;
            }
            match layer.dir.read_chunk(number) {
                Ok(chunk) => ChunkState::read(chunk),
                Err(error) => ChunkState::Refused(Arc::new(error)),
            }
        })
    }

    fn shard(&self, key: u64) -> std::sync::MutexGuard<'_, HashMap<u64, Option<ExactScore>>> {
        self.cache[(mix64(key) % SHARDS as u64) as usize]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn remember(&self, key: u64, score: Option<ExactScore>) {
        let mut shard = self.shard(key);
        if shard.len() >= SHARD_CAPACITY {
            shard.clear();
        }
        shard.insert(key, score);
    }

    /// The score of `position` (canonical, a layer position), found in its chunk; every
    /// position of its root's share is remembered on the way.
    fn find(&self, position: &Position) -> Option<ExactScore> {
        let layer = self.layer();
        let (layout, roots) = (&self.layout, layer.dir.roots());
        let root = owner(position, layout, roots)?;
        let index = roots.index_of(root)?;
        let number = index / layout.roots_per_chunk;
        let state = self.state(layer, number, layer.chunks.get(number)?);
        let ChunkState::Read { starts, scores } = state else {
            if self.source == Source::Supplied {
                self.missed
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .insert(number);
            } else {
                self.remember(position.key(), None);
            }
            return None;
        };
        let (first, _) = roots.chunk(layout, number);
        let at = index - first;
        let share = owned(root, layout, roots);
        let stored = &scores[starts[at]..starts[at + 1]];
        // The chunk was checked against these roots, so its share sizes are this program's;
        // a share of another size would mean another ownership rule: nothing is taken then.
        if share.len() != stored.len() {
            return None;
        }
        let mut found = None;
        for (member, &score) in share.iter().zip(stored) {
            self.remember(member.key(), Some(score));
            if member.key() == position.key() {
                found = Some(score);
            }
        }
        found
    }
}

impl ScoreStore for LayerStore {
    fn size(&self) -> Size {
        Size::STANDARD
    }

    fn depth(&self) -> u32 {
        self.layout.ply
    }

    fn holds(&self, discs: u32) -> bool {
        discs == self.layout.ply
    }

    fn score(&self, canonical_key: u64) -> Option<ExactScore> {
        let position = Position::from_key(canonical_key)?;
        if position.moves_played() != self.layout.ply || !is_layer_position(&position) {
            return None;
        }
        let position = canonical(&position);
        if let Some(&known) = self.shard(position.key()).get(&position.key()) {
            return known;
        }
        self.find(&position)
    }
}
