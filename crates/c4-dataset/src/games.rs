//! Where a build's games come from: the pool of varied players (with size-general
//! substitutes for those bound to 7x6), players the build names, or the games of a run.

use super::error::DatasetError;
use c4_arena::matches::game_seed;
use c4_arena::record::GameLog;
use c4_core::{Game, Geometry, Size, Standard, with_geometry};
use c4_eval::{BoardTables, SeededRng};
use c4_players::PlayerSpec;
use rand::{RngExt, SeedableRng};
use std::path::{Path, PathBuf};

/// Where the games come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Games played here by the varied players of [`PLAYER_POOL`].
    Generated,
    /// Games played here by these players (specs), each side of each game drawn from them
    /// with equal chance: a spec given twice is drawn twice as often.
    Players(Vec<String>),
    /// The games of an earlier run (a games file or a run folder).
    Games(PathBuf),
}

/// The players of generated games on 7x6, drawn per side and per game: random play for
/// variety, and alpha-beta players whose mistakes make the middle games of real play.
pub const PLAYER_POOL: [&str; 8] = [
    "random",
    "alphabeta:depth=1,eval=center,tiebreak=random",
    "alphabeta:depth=2,eval=kang,tiebreak=random,random-every=4",
    "alphabeta:depth=3,eval=lines,tiebreak=random,random-every=5",
    "alphabeta:depth=4,eval=threats,tiebreak=random,random-every=6",
    "alphabeta:depth=4,eval=itu,tiebreak=random,random-every=4",
    "alphabeta:depth=5,eval=naive,tiebreak=random",
    "alphabeta:depth=6,eval=threats,tiebreak=random,random-every=8",
];

/// The players of [`PLAYER_POOL`] whose evaluator is bound to 7x6, each with the player of
/// the same search and a size-general evaluator that takes its place on other boards.
pub const POOL_SUBSTITUTES: [(&str, &str); 1] = [(
    "alphabeta:depth=2,eval=kang,tiebreak=random,random-every=4",
    "alphabeta:depth=2,eval=connected,tiebreak=random,random-every=4",
)];

/// The players of generated games on the board `size`: [`PLAYER_POOL`], with
/// [`POOL_SUBSTITUTES`] in place of the players bound to 7x6 on other boards.
#[must_use]
pub fn player_pool(size: Size) -> Vec<&'static str> {
    PLAYER_POOL
        .iter()
        .map(|&spec| {
            if size.is_standard() {
                return spec;
            }
            POOL_SUBSTITUTES
                .iter()
                .find(|(bound, _)| *bound == spec)
                .map_or(spec, |(_, general)| general)
        })
        .collect()
}

/// The games file of `path`, a games file or a run folder.
fn games_file(path: &Path) -> PathBuf {
    if path.is_dir() {
        path.join("games.jsonl")
    } else {
        path.to_owned()
    }
}

/// The board of the games of a run (for [`Source::Games`]): a file of several boards' games,
/// or of none, is refused. The file is read as finished, as `c4 review` reads one: a line
/// that is not a game record, the last included, is refused naming it, never skipped.
pub fn recorded_board(path: &Path) -> Result<Size, DatasetError> {
    let file = games_file(path);
    let loaded = GameLog::load_finished(&file)?;
    let Some(first) = loaded.records.first() else {
        return Err(DatasetError::NoGames(file));
    };
    if let Some(other) = loaded.records.iter().find(|r| r.size != first.size) {
        return Err(DatasetError::RecordedMixed {
            file,
            size: first.size,
            other: other.size,
            game: other.game,
        });
    }
    Ok(first.size)
}

/// The games of a run of 7x6, for [`Source::Games`].
pub fn recorded_games(path: &Path) -> Result<Vec<Game>, DatasetError> {
    recorded_games_in(path, Standard)
}

/// The games of a run on the board of `geometry`, for [`Source::Games`]: a file of several
/// boards' games, or of another board's, is refused, naming both.
pub fn recorded_games_in<G: Geometry>(
    path: &Path,
    geometry: G,
) -> Result<Vec<Game<G>>, DatasetError> {
    let found = recorded_board(path)?;
    let file = games_file(path);
    if found != geometry.size() {
        return Err(DatasetError::RecordedSize {
            file,
            found,
            asked: geometry.size(),
        });
    }
    let loaded = GameLog::load_finished(&file)?;
    let mut games = Vec::with_capacity(loaded.records.len());
    for record in loaded.records {
        // `moves` holds the opening too.
        let game = Game::from_moves_in(&record.moves, geometry).map_err(|source| {
            DatasetError::RecordedMoves {
                file: file.clone(),
                source,
            }
        })?;
        games.push(game);
    }
    Ok(games)
}

impl Source {
    /// The specs of the players of generated games on the board `size`; `None` for
    /// recorded games.
    #[must_use]
    pub fn players(&self, size: Size) -> Option<Vec<&str>> {
        match self {
            Source::Generated => Some(player_pool(size)),
            Source::Players(specs) => Some(specs.iter().map(String::as_str).collect()),
            Source::Games(_) => None,
        }
    }

    /// Parses and builds each player of generated games on the board `size` once, before
    /// any work, so that a spec that does not parse, names a missing file or is bound to
    /// another board is refused at the start. The specs returned hold what they read (a
    /// network's weights) for the build's games to share.
    pub fn check_players(&self, size: Size) -> Result<Vec<PlayerSpec>, DatasetError> {
        let Some(specs) = self.players(size) else {
            return Ok(Vec::new());
        };
        if specs.is_empty() {
            return Err(DatasetError::NoPlayers);
        }
        specs
            .into_iter()
            .map(|text| {
                let spec =
                    PlayerSpec::parse(text, 0).map_err(|source| DatasetError::PlayerSpec {
                        spec: text.to_owned(),
                        source,
                    })?;
                with_geometry!(size, g => spec.build_in(g).map(|_| ())).map_err(|source| {
                    DatasetError::PlayerSpec {
                        spec: text.to_owned(),
                        source,
                    }
                })?;
                Ok(spec)
            })
            .collect()
    }
}

/// Plays generated game `index` on the board of `geometry` between players drawn from
/// `players`.
pub(super) fn generated_game<G: BoardTables>(
    seed: u64,
    index: u64,
    players: &[&str],
    geometry: G,
) -> Result<Game<G>, DatasetError> {
    if players.is_empty() {
        return Err(DatasetError::NoPlayers);
    }
    let mut rng = SeededRng::seed_from_u64(game_seed(seed, index, 0));
    let mut agents = Vec::new();
    for side in 0..2 {
        let text = players[rng.random_range(0..players.len())];
        let spec = PlayerSpec::parse(text, game_seed(seed, index, 1 + side)).map_err(|source| {
            DatasetError::PlayerSpec {
                spec: text.to_owned(),
                source,
            }
        })?;
        agents.push(spec.build_in(geometry)?);
    }
    let mut game = Game::new_in(geometry);
    while !game.position().is_over() {
        let mover = game.position().moves_played() as usize % 2;
        let column = agents[mover].choose(&game).column;
        game.try_play(column)?;
    }
    Ok(game)
}
