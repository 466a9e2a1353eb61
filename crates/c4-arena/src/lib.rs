//! c4-arena: what runs games: matches, tournaments, run folders, game records, their
//! statistics, and checks against perfect play. What fits evaluators (datasets, tuning,
//! learning) is `c4-learn`, and what studies the games (experiments) is `c4-papers` (the
//! papers' experiments) and `c4-lab` (c4's own), all built on this crate.
//!
//! # Why the crate is shaped this way
//!
//! Experiments are thousands of games, so a run must survive being killed and must be
//! reproducible. Every game is a [`record::GameRecord`] appended to a JSONL file the moment
//! it ends; summaries, crosstables and reports are computed *from those records*, never from
//! memory, so they can be rebuilt at any time. Every random choice (openings, players' seeds)
//! derives from the run's seed and the game's index ([`matches::game_seed`]), so a game can be
//! replayed alone and a resumed run plays exactly the games that were missing. Players are
//! `c4_players` agents behind `dyn Agent`: one virtual call per move costs nothing beside a
//! search. Progress reporting goes through [`matches::MatchObserver`], keeping bars and logs
//! out of the game loop.
//!
//! [`log`] is the append-only line file under every resumable run (games, book builds' scores,
//! decisions), with one policy for a line cut short by an interruption. [`run`] records what a
//! run folder holds and locks it; [`verify`] checks games against exact scores.

#![deny(missing_docs)]

pub mod book;
pub mod log;
pub mod matches;
pub mod played;
pub mod record;
mod record_stats;
pub mod review;
pub mod run;
pub mod stats;
pub mod summary;
pub mod tournament;
pub mod verify;
