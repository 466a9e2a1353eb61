//! c4 in the terminal: what the `c4` program shows a person at a terminal, and the
//! interactive sessions.
//!
//! - [`screen`]: the board as text (in colour on a terminal without `NO_COLOR`) and lines
//!   wrapped to the terminal's width;
//! - [`words`]: where a game stands, a move's number as players count them, a board's
//!   column keys;
//! - [`stats`]: a move's statistics in the one layout every command prints, and a player's
//!   moves summed up;
//! - [`play`]: a person against the computer (`c4 play`), with undo, hints, new games and
//!   the record of each finished game; [`watch`]: two computer players (`c4 watch`).
//!
//! # Why the crate is shaped this way
//!
//! The command line (`c4-cli`) reads arguments and files and hands this crate what they
//! name: players built from specs, a starting game, an open games file. Everything here
//! writes to any `Write` and reads lines from any iterator, so a session is tested with
//! strings. Its errors are messages for the person at the terminal, said once and never
//! matched, so they are `anyhow`'s, as the program's are.

#![deny(missing_docs)]

pub mod play;
pub mod screen;
pub mod stats;
pub mod watch;
pub mod words;
