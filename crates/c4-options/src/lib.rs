//! Options of players and evaluators, each declared once in a table.
//!
//! A spec's options are `KEY=VALUE` pairs, as in `alphabeta:depth=5,eval=center` and
//! `kang:features=12`. Every player kind and every evaluator declares its options in one
//! table of [`OptionDef`]s: key, help text, what values it takes and the field it reads and
//! writes. From that table come parsing ([`OptionTable::parse`]), the canonical text
//! ([`OptionTable::canonical`]), the documentation that `c4 evals` and `/api/players` show
//! ([`OptionTable::docs`]) and the numbers a tuner may change ([`OptionTable::tunables`]).
//!
//! The same parser serves player specs, `--eval` and JSON requests, so every front end
//! reports the same errors. Unknown keys are an error that lists the valid ones.
//!
//! Options that name a file are a kind of their own ([`Field::File`]): a list parsed with
//! [`FileAccess::ShippedOnly`] (a server's) refuses every one of them, before any file is
//! touched, unless its value names something shipped inside the binary.
//!
//! The layer knows no evaluator or player: an evaluator-valued option ([`Field::Nested`])
//! reads and writes its spec through functions its table provides.
//!
//! # Why this is a crate of its own
//!
//! Evaluators (`c4-eval`) and player kinds (`c4-players`) both declare their options in
//! these tables, and the players crate sits above the evaluators' crate: the layer they share
//! must sit below both. It knows nothing of Connect-4 but `c4_core::excerpt`, the one way c4
//! quotes a user's input in an error.

#![deny(missing_docs)]

mod error;
mod field;
mod list;
mod macros;
mod table;

pub use error::SpecError;
pub use field::{Field, FileOption, OptionDef, SHIPPED_WORDS, Spelled};
pub use list::{FileAccess, MAX_SPEC_LEN, Options, split_spec};
pub use macros::words_of_field;
pub use table::{OptionDoc, OptionTable, Tunable, Variant, VariantOptions};

/// An enum that specs spell as words (`order=center`, `sides=own`).
pub trait Word: Copy + PartialEq + 'static {
    /// Every value with its word, in the order help texts list them.
    const WORDS: &'static [(Self, &'static str)];
}

/// The word for `value`.
#[must_use]
pub fn word_of<T: Word>(value: T) -> &'static str {
    T::WORDS
        .iter()
        .find(|(v, _)| *v == value)
        .map_or("", |(_, w)| w)
}

/// Every word of `T`.
#[must_use]
pub fn words<T: Word>() -> Vec<&'static str> {
    T::WORDS.iter().map(|(_, w)| *w).collect()
}

/// Sets `slot` to the value spelled `word` (one of [`words`], as [`OptionTable::parse`]
/// has checked).
pub fn set_word<T: Word>(slot: &mut T, word: &str) {
    if let Some((value, _)) = T::WORDS.iter().find(|(_, w)| *w == word) {
        *slot = *value;
    }
}

/// A number, or a word that stands for no number (`none`, `off`, `auto`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberOr {
    /// A number.
    Number(i64),
    /// One of the option's words.
    Word(&'static str),
}
