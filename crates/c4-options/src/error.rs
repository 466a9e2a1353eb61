//! Why a spec or an option cannot be used.

use super::MAX_SPEC_LEN;

/// Why a spec or an option cannot be used. Each names the key and value at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// No player name at all.
    #[error("empty player spec; try one of: {valid}")]
    Empty {
        /// The names that would do.
        valid: String,
    },
    /// A player name that is neither a player kind nor a level.
    #[error("unknown player {name:?}; valid players: {valid}")]
    UnknownPlayer {
        /// The name given.
        name: String,
        /// The names that would do.
        valid: String,
    },
    /// A level name followed by options.
    #[error("level {level:?} takes no options; write its spec instead: {spec}")]
    LevelWithOptions {
        /// The level.
        level: &'static str,
        /// What it stands for.
        spec: &'static str,
    },
    /// An evaluator name not in the registry.
    #[error("unknown evaluator {name:?}; valid evaluators: {valid}")]
    UnknownEvaluator {
        /// The name given.
        name: String,
        /// The names that would do.
        valid: String,
    },
    /// A key that neither the player nor its evaluator takes.
    #[error("unknown option {key:?} for {context}; valid options: {valid}")]
    UnknownOption {
        /// The key given.
        key: String,
        /// Whose options were read (`player alphabeta`, `evaluator kang`).
        context: String,
        /// The keys that would do.
        valid: String,
    },
    /// An item without `=`.
    #[error("option {item:?} has no value: write KEY=VALUE")]
    NoValue {
        /// The item.
        item: String,
    },
    /// An item with an empty key or value.
    #[error("option {item:?} needs both a key and a value")]
    Blank {
        /// The item.
        item: String,
    },
    /// A key given twice.
    #[error("option {key:?} is given twice")]
    Repeated {
        /// The key.
        key: String,
    },
    /// An option list over [`MAX_SPEC_LEN`].
    #[error("option list is {length} characters long; the limit is {MAX_SPEC_LEN}")]
    TooLong {
        /// Its length.
        length: usize,
    },
    /// A value the option does not take.
    #[error("{key}={value} is not valid: expected {expected}")]
    Invalid {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What the option takes.
        expected: String,
    },
    /// A number outside the option's range.
    #[error("{key}={value} is out of range: expected {expected}")]
    OutOfRange {
        /// The key.
        key: String,
        /// The number given.
        value: i64,
        /// What the option takes.
        expected: String,
    },
    /// An option naming a file, where files are refused (a server): only the words that
    /// name something shipped inside the binary are taken.
    #[error("{key}={value} names a file on the server, which it does not read; use {shipped}")]
    FileRefused {
        /// The key.
        key: &'static str,
        /// The value given, cut to a readable length.
        value: String,
        /// The words that would do.
        shipped: String,
    },
    /// A valid option whose player cannot be built here: a table too large for memory,
    /// a book file that does not load.
    #[error("{key}={value}: {reason}")]
    Unavailable {
        /// The key.
        key: &'static str,
        /// The value given.
        value: String,
        /// Why it cannot be used.
        reason: String,
    },
}
