//! One option: its key, help, what values it takes and the field it reads and writes.

use super::{FileAccess, NumberOr, Options, SpecError};

/// What an option takes, and the field of a `C` it reads and writes.
pub enum Field<C: 'static> {
    /// An integer in `min..=max`.
    Integer {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
        /// Reads it.
        get: fn(&C) -> i64,
        /// Writes it.
        set: fn(&mut C, i64),
    },
    /// An integer in `min..=max`, or one of `words`.
    NumberOr {
        /// The words it also takes, lower case.
        words: &'static [&'static str],
        /// Smallest number.
        min: i64,
        /// Largest number.
        max: i64,
        /// Reads it.
        get: fn(&C) -> NumberOr,
        /// Writes it.
        set: fn(&mut C, NumberOr),
    },
    /// Any `u64` (a seed).
    Unsigned {
        /// Reads it.
        get: fn(&C) -> u64,
        /// Writes it.
        set: fn(&mut C, u64),
    },
    /// One of a fixed set of words.
    Choice {
        /// The words.
        words: fn() -> Vec<&'static str>,
        /// Reads it.
        get: fn(&C) -> &'static str,
        /// Writes it (the word is one of `words`).
        set: fn(&mut C, &str),
    },
    /// `on` or `off` (also `true`/`false`, `yes`/`no`, `1`/`0`).
    Switch {
        /// Reads it.
        get: fn(&C) -> bool,
        /// Writes it.
        set: fn(&mut C, bool),
    },
    /// Text that the option checks itself (a set of digits).
    Text {
        /// What it takes, for the error message.
        expected: &'static str,
        /// Reads it.
        get: fn(&C) -> String,
        /// Writes it, or refuses it.
        set: fn(&mut C, &str) -> Result<(), ()>,
    },
    /// A file to read, or one of the words that name something shipped inside the binary
    /// (`builtin`, `none`, `tuned`). Where files are refused ([`FileAccess::ShippedOnly`])
    /// only the words are taken.
    File {
        /// The words that name something shipped, lower case.
        shipped: &'static [&'static str],
        /// Reads it, as the canonical text spells it.
        get: fn(&C) -> String,
        /// Writes it: a word of `shipped`, or a path it refuses if it cannot be one.
        set: fn(&mut C, &str) -> Result<(), ()>,
    },
    /// A spec of its own named by a word (an evaluator: `eval=kang`), whose options join the
    /// list. The table that declares it reads and writes it through these functions, so this
    /// layer knows no evaluator.
    Nested {
        /// What it takes, in words.
        expected: &'static str,
        /// Its name, as the canonical text spells it.
        name: fn(&C) -> &'static str,
        /// Its own options that differ from their defaults, as `key=value` items.
        options_text: fn(&C) -> Vec<String>,
        /// Sets the one named by the text, taking its own options from the list.
        set: fn(&mut C, &str, &mut Options) -> Result<(), SpecError>,
    },
}

/// When the canonical text spells an option.
pub enum Spelled<C: 'static> {
    /// Always, even at its default (a player's depth or time budget).
    Always,
    /// When it differs from the default.
    IfChanged,
    /// When it differs from the default and the rest of the spec uses it (a seed, for
    /// players with a random element).
    IfUsed(fn(&C) -> bool),
    /// Never: a shorthand that sets other options (`preset=defensive`).
    Never,
}

/// One option of a configuration `C`: its key, help, values and field.
pub struct OptionDef<C: 'static> {
    /// The key.
    pub key: &'static str,
    /// What it does.
    pub help: &'static str,
    /// What it takes, and where it goes.
    pub field: Field<C>,
    /// Whether the canonical text spells it.
    pub spelled: Spelled<C>,
    /// A weight a tuner may change (integers only).
    pub tunable: bool,
}

impl<C> OptionDef<C> {
    /// An option spelled when changed, not tunable.
    pub const fn new(key: &'static str, help: &'static str, field: Field<C>) -> OptionDef<C> {
        OptionDef {
            key,
            help,
            field,
            spelled: Spelled::IfChanged,
            tunable: false,
        }
    }

    /// The same option, spelled as `spelled` says.
    #[must_use]
    pub const fn spelled(mut self, spelled: Spelled<C>) -> OptionDef<C> {
        self.spelled = spelled;
        self
    }

    /// The same option, marked as a weight a tuner may change.
    #[must_use]
    pub const fn tunable(mut self) -> OptionDef<C> {
        self.tunable = true;
        self
    }

    /// The same option with another help text.
    #[must_use]
    pub const fn help(mut self, help: &'static str) -> OptionDef<C> {
        self.help = help;
        self
    }

    /// Its value in `config`, as the canonical text spells it (an evaluator: its name).
    pub(super) fn value_text(&self, config: &C) -> String {
        match self.field {
            Field::Integer { get, .. } => get(config).to_string(),
            Field::NumberOr { get, .. } => match get(config) {
                NumberOr::Number(n) => n.to_string(),
                NumberOr::Word(w) => w.to_owned(),
            },
            Field::Unsigned { get, .. } => get(config).to_string(),
            Field::Choice { get, .. } => get(config).to_owned(),
            Field::Switch { get, .. } => if get(config) { "on" } else { "off" }.to_owned(),
            Field::Text { get, .. } | Field::File { get, .. } => get(config),
            Field::Nested { name, .. } => name(config).to_owned(),
        }
    }

    /// What values it takes, in words.
    fn expected(&self) -> String {
        match self.field {
            Field::Integer { min, max, .. } => format!("an integer from {min} to {max}"),
            Field::NumberOr {
                words, min, max, ..
            } => format!("{} or an integer from {min} to {max}", words.join(", ")),
            Field::Unsigned { .. } => "a non-negative integer".to_owned(),
            Field::Choice { words, .. } => format!("one of {}", words().join(", ")),
            Field::Switch { .. } => "on or off".to_owned(),
            Field::Text { expected, .. } | Field::Nested { expected, .. } => expected.to_owned(),
            Field::File { shipped, .. } => {
                format!("{} or a file path without ',' or '='", shipped.join(", "))
            }
        }
    }

    /// Reads `raw` into `config`; evaluators read their own options from `options`.
    pub(super) fn apply(
        &self,
        config: &mut C,
        raw: &str,
        options: &mut Options,
    ) -> Result<(), SpecError> {
        let key = self.key;
        let invalid = || SpecError::Invalid {
            key: key.to_owned(),
            value: raw.to_owned(),
            expected: self.expected(),
        };
        match self.field {
            Field::Integer { min, max, set, .. } => {
                let n = raw.parse::<i64>().map_err(|_| invalid())?;
                if !(min..=max).contains(&n) {
                    return Err(SpecError::OutOfRange {
                        key: key.to_owned(),
                        value: n,
                        expected: format!("{min} to {max}"),
                    });
                }
                set(config, n);
            }
            Field::NumberOr {
                words,
                min,
                max,
                set,
                ..
            } => {
                if let Some(word) = words.iter().find(|w| w.eq_ignore_ascii_case(raw)) {
                    set(config, NumberOr::Word(word));
                    return Ok(());
                }
                let n = raw.parse::<i64>().map_err(|_| invalid())?;
                if !(min..=max).contains(&n) {
                    return Err(SpecError::OutOfRange {
                        key: key.to_owned(),
                        value: n,
                        expected: format!("{} or {min} to {max}", words.join(", ")),
                    });
                }
                set(config, NumberOr::Number(n));
            }
            Field::Unsigned { set, .. } => set(config, raw.parse().map_err(|_| invalid())?),
            Field::Choice { words, set, .. } => {
                let word = words()
                    .into_iter()
                    .find(|w| w.eq_ignore_ascii_case(raw))
                    .ok_or_else(invalid)?;
                set(config, word);
            }
            Field::Switch { set, .. } => {
                const SWITCH: [(&str, bool); 8] = [
                    ("on", true),
                    ("off", false),
                    ("true", true),
                    ("false", false),
                    ("yes", true),
                    ("no", false),
                    ("1", true),
                    ("0", false),
                ];
                let on = SWITCH
                    .iter()
                    .find(|(w, _)| w.eq_ignore_ascii_case(raw))
                    .map(|(_, on)| *on)
                    .ok_or_else(|| SpecError::Invalid {
                        key: key.to_owned(),
                        value: raw.to_owned(),
                        expected: format!("one of {}", SWITCH.map(|(w, _)| w).join(", ")),
                    })?;
                set(config, on);
            }
            Field::Text { set, .. } => set(config, raw).map_err(|()| invalid())?,
            Field::File { shipped, set, .. } => {
                let word = shipped.iter().find(|w| w.eq_ignore_ascii_case(raw));
                if word.is_none() && SHIPPED_WORDS.iter().any(|w| w.eq_ignore_ascii_case(raw)) {
                    return Err(SpecError::Invalid {
                        key: key.to_owned(),
                        value: raw.to_owned(),
                        expected: format!(
                            "{} (a file of that name is written ./{raw})",
                            self.expected()
                        ),
                    });
                }
                if word.is_none() && options.file_access() == FileAccess::ShippedOnly {
                    return Err(SpecError::FileRefused {
                        key,
                        value: c4_core::excerpt(raw),
                        shipped: shipped.join(" or "),
                    });
                }
                set(config, word.copied().unwrap_or(raw)).map_err(|()| invalid())?;
            }
            Field::Nested { set, .. } => set(config, raw, options)?,
        }
        Ok(())
    }
}

// Function pointers and static data are `Copy` whatever `C` is; a derive would demand
// `C: Copy`.
impl<C> Clone for Field<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Field<C> {}
impl<C> Clone for Spelled<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Spelled<C> {}
impl<C> Clone for OptionDef<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for OptionDef<C> {}

/// Every word that some file option takes for something shipped inside the binary. Each
/// names no file in any file option: one that an option does not take (`weights=none`) is
/// refused as a value it does not take, not read as a path (nor, on a server, refused as one).
pub const SHIPPED_WORDS: &[&str] = &["builtin", "none", "tuned"];

/// An option that names a file, as a registry lists it: who takes it, its key and the
/// words that name something shipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileOption {
    /// The key.
    pub key: &'static str,
    /// The words that name something shipped inside the binary.
    pub shipped: &'static [&'static str],
}

impl<C> OptionDef<C> {
    /// Its file kind, if it names a file.
    #[must_use]
    pub fn file_option(&self) -> Option<FileOption> {
        match self.field {
            Field::File { shipped, .. } => Some(FileOption {
                key: self.key,
                shipped,
            }),
            _ => None,
        }
    }
}
