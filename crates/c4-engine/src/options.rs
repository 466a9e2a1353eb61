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

use crate::eval::registry::EvalSpec;

/// Longest option list accepted, in characters, so a hostile request cannot make us work hard.
pub const MAX_SPEC_LEN: usize = 1024;

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
    /// Text that the option checks itself (a file path, a set of digits).
    Text {
        /// What it takes, for the error message.
        expected: &'static str,
        /// Reads it.
        get: fn(&C) -> String,
        /// Writes it, or refuses it.
        set: fn(&mut C, &str) -> Result<(), ()>,
    },
    /// An evaluator name (`eval=kang`); the evaluator's own options join the list.
    Evaluator {
        /// Reads it.
        get: fn(&C) -> &EvalSpec,
        /// Writes it.
        set: fn(&mut C, EvalSpec),
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
    fn value_text(&self, config: &C) -> String {
        match self.field {
            Field::Integer { get, .. } => get(config).to_string(),
            Field::NumberOr { get, .. } => match get(config) {
                NumberOr::Number(n) => n.to_string(),
                NumberOr::Word(w) => w.to_owned(),
            },
            Field::Unsigned { get, .. } => get(config).to_string(),
            Field::Choice { get, .. } => get(config).to_owned(),
            Field::Switch { get, .. } => if get(config) { "on" } else { "off" }.to_owned(),
            Field::Text { get, .. } => get(config),
            Field::Evaluator { get, .. } => get(config).name().to_owned(),
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
            Field::Text { expected, .. } => expected.to_owned(),
            Field::Evaluator { .. } => "an evaluator name (see c4 evals)".to_owned(),
        }
    }

    /// Reads `raw` into `config`; evaluators read their own options from `options`.
    fn apply(&self, config: &mut C, raw: &str, options: &mut Options) -> Result<(), SpecError> {
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
            Field::Evaluator { set, .. } => set(config, EvalSpec::from_options(raw, options)?),
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
impl<C> Clone for OptionTable<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for OptionTable<C> {}

/// The documentation of one option: shown by `c4 evals`, `--help` and `/api/players`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct OptionDoc {
    /// The key.
    pub key: &'static str,
    /// The default, as a spec would spell it.
    pub default: String,
    /// What it does and which values it takes.
    pub help: &'static str,
    /// Whether a tuner may change it.
    pub tunable: bool,
}

/// A weight a tuner may change: an integer option of an evaluator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Tunable {
    /// The key.
    pub key: &'static str,
    /// Its value now.
    pub value: i64,
    /// Smallest value the option takes.
    pub min: i64,
    /// Largest value the option takes.
    pub max: i64,
}

/// The options of a configuration `C` with its defaults.
pub struct OptionTable<C: 'static> {
    /// The options, in the order the canonical text spells them.
    pub options: &'static [OptionDef<C>],
    /// The configuration before any option.
    pub default: fn() -> C,
}

impl<C> OptionTable<C> {
    /// The keys, in order.
    #[must_use]
    pub fn keys(&self) -> Vec<&'static str> {
        self.options.iter().map(|o| o.key).collect()
    }

    /// Reads every option this table knows from `options` into a default configuration.
    /// An evaluator-valued option is read even when absent (its default evaluator then
    /// takes its own options from the list). Keys the table does not know stay untaken.
    pub fn parse(&self, options: &mut Options) -> Result<C, SpecError> {
        let mut config = (self.default)();
        for option in self.options {
            let raw = match (options.take_raw(option.key), option.field) {
                (Some(raw), _) => raw,
                (None, Field::Evaluator { get, .. }) => get(&config).name().to_owned(),
                (None, _) => continue,
            };
            option.apply(&mut config, &raw, options)?;
        }
        Ok(config)
    }

    /// The canonical `key=value` items of `config`: options spelled always, and the others
    /// where they differ from the default. An evaluator is followed by its own options.
    #[must_use]
    pub fn canonical(&self, config: &C) -> Vec<String> {
        let default = (self.default)();
        let mut items = Vec::new();
        for option in self.options {
            let text = option.value_text(config);
            let changed = text != option.value_text(&default);
            let spelled = match option.spelled {
                Spelled::Always => true,
                Spelled::IfChanged => changed,
                Spelled::IfUsed(used) => changed && used(config),
                Spelled::Never => false,
            };
            if !spelled {
                continue;
            }
            items.push(format!("{}={text}", option.key));
            if let Field::Evaluator { get, .. } = option.field {
                items.extend(get(config).options_text());
            }
        }
        items
    }

    /// The documentation of every option, defaults included.
    #[must_use]
    pub fn docs(&self) -> Vec<OptionDoc> {
        let default = (self.default)();
        self.options
            .iter()
            .map(|o| OptionDoc {
                key: o.key,
                default: o.value_text(&default),
                help: o.help,
                tunable: o.tunable,
            })
            .collect()
    }

    /// The tunable weights of `config` with their ranges.
    #[must_use]
    pub fn tunables(&self, config: &C) -> Vec<Tunable> {
        self.options
            .iter()
            .filter(|o| o.tunable)
            .filter_map(|o| match o.field {
                Field::Integer { min, max, get, .. } => Some(Tunable {
                    key: o.key,
                    value: get(config),
                    min,
                    max,
                }),
                _ => None,
            })
            .collect()
    }

    /// Sets the tunable weight `key` of `config` to `value`, within its range.
    pub fn set_tunable(&self, config: &mut C, key: &str, value: i64) -> Result<(), SpecError> {
        let option = self
            .options
            .iter()
            .find(|o| o.tunable && o.key == key)
            .ok_or_else(|| SpecError::UnknownOption {
                key: key.to_owned(),
                context: "tuning".to_owned(),
                valid: self
                    .options
                    .iter()
                    .filter(|o| o.tunable)
                    .map(|o| o.key)
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        option.apply(config, &value.to_string(), &mut Options::default())
    }
}

/// The options of one variant of an enum of specs (a player kind, an evaluator), whatever
/// the variant's configuration type: lets one registry list them all.
pub trait VariantOptions<S>: Sync {
    /// Whether `spec` is this variant.
    fn holds(&self, spec: &S) -> bool;
    /// Reads its options from `options` into a default configuration.
    fn parse(&self, options: &mut Options) -> Result<S, SpecError>;
    /// The canonical `key=value` items of `spec`.
    fn canonical(&self, spec: &S) -> Vec<String>;
    /// Its options' documentation.
    fn docs(&self) -> Vec<OptionDoc>;
    /// Its keys.
    fn keys(&self) -> Vec<&'static str>;
    /// The tunable weights of `spec`.
    fn tunables(&self, spec: &S) -> Vec<Tunable>;
    /// Sets the tunable weight `key` of `spec`.
    fn set_tunable(&self, spec: &mut S, key: &str, value: i64) -> Result<(), SpecError>;
}

/// The option table of configuration `C`, and which variant of `S` holds a `C`.
pub struct Variant<S: 'static, C: 'static> {
    /// The table, with the variant's defaults.
    pub table: OptionTable<C>,
    /// Puts a configuration in its variant.
    pub wrap: fn(C) -> S,
    /// Its configuration, if `spec` is this variant.
    pub unwrap: fn(&S) -> Option<&C>,
}

impl<S, C: Clone> VariantOptions<S> for Variant<S, C> {
    fn holds(&self, spec: &S) -> bool {
        (self.unwrap)(spec).is_some()
    }
    fn parse(&self, options: &mut Options) -> Result<S, SpecError> {
        Ok((self.wrap)(self.table.parse(options)?))
    }
    fn canonical(&self, spec: &S) -> Vec<String> {
        (self.unwrap)(spec).map_or_else(Vec::new, |c| self.table.canonical(c))
    }
    fn docs(&self) -> Vec<OptionDoc> {
        self.table.docs()
    }
    fn keys(&self) -> Vec<&'static str> {
        self.table.keys()
    }
    fn tunables(&self, spec: &S) -> Vec<Tunable> {
        (self.unwrap)(spec).map_or_else(Vec::new, |c| self.table.tunables(c))
    }
    fn set_tunable(&self, spec: &mut S, key: &str, value: i64) -> Result<(), SpecError> {
        if let Some(config) = (self.unwrap)(spec) {
            let mut config = config.clone();
            self.table.set_tunable(&mut config, key, value)?;
            *spec = (self.wrap)(config);
        }
        Ok(())
    }
}

/// A parsed `KEY=VALUE,...` list that hands out values and remembers which keys were used.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pairs: Vec<(String, String, bool)>,
}

impl Options {
    /// Parses `KEY=VALUE` pairs separated by commas. An empty string gives no options.
    pub fn parse(text: &str) -> Result<Options, SpecError> {
        if text.len() > MAX_SPEC_LEN {
            return Err(SpecError::TooLong { length: text.len() });
        }
        let mut pairs: Vec<(String, String, bool)> = Vec::new();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((key, value)) = item.split_once('=') else {
                return Err(SpecError::NoValue {
                    item: item.to_owned(),
                });
            };
            let (key, value) = (key.trim().to_ascii_lowercase(), value.trim().to_owned());
            if key.is_empty() || value.is_empty() {
                return Err(SpecError::Blank {
                    item: item.to_owned(),
                });
            }
            if pairs.iter().any(|(k, _, _)| *k == key) {
                return Err(SpecError::Repeated { key });
            }
            pairs.push((key, value, false));
        }
        Ok(Options { pairs })
    }

    /// Whether `key` is given.
    #[must_use]
    pub fn contains(&self, key: &str) -> bool {
        self.pairs.iter().any(|(k, _, _)| k == key)
    }

    /// The raw value of `key`, marking it used.
    pub fn take_raw(&mut self, key: &str) -> Option<String> {
        self.pairs
            .iter_mut()
            .find(|(k, _, _)| k == key)
            .map(|(_, v, used)| {
                *used = true;
                v.clone()
            })
    }

    /// Adds `key=value` unless `key` is given already (defaults from a file, say).
    pub fn add_if_absent(&mut self, key: &str, value: &str) {
        if !self.contains(key) {
            self.pairs.push((key.to_owned(), value.to_owned(), false));
        }
    }

    /// Fails if any key was not taken, listing the keys that would have been valid.
    pub fn finish(&self, context: &str, valid: &[&str]) -> Result<(), SpecError> {
        match self.pairs.iter().find(|(_, _, used)| !used) {
            None => Ok(()),
            Some((key, _, _)) => Err(SpecError::UnknownOption {
                key: key.clone(),
                context: context.to_owned(),
                valid: if valid.is_empty() {
                    "none".to_owned()
                } else {
                    valid.join(", ")
                },
            }),
        }
    }
}

/// Splits `NAME[:OPTIONS]` into the lower-cased name and the option text.
pub fn split_spec(text: &str) -> (String, &str) {
    match text.trim().split_once(':') {
        Some((name, rest)) => (name.trim().to_ascii_lowercase(), rest),
        None => (text.trim().to_ascii_lowercase(), ""),
    }
}

/// An [`OptionDef`] of `$config` for the integer field `$field`, in `$min..=$max`.
#[macro_export]
macro_rules! integer_option {
    ($config:ty, $key:literal, $field:ident, $min:expr, $max:expr, $help:expr) => {
        $crate::options::OptionDef::<$config>::new(
            $key,
            $help,
            $crate::options::Field::Integer {
                min: $min,
                max: $max,
                get: |c| i64::from(c.$field),
                set: |c, v| c.$field = v as _,
            },
        )
    };
}

/// An [`OptionDef`] of `$config` for the field `$field`, of a [`Word`] type.
#[macro_export]
macro_rules! choice_option {
    ($config:ty, $key:literal, $field:ident, $help:expr) => {
        $crate::options::OptionDef::<$config>::new(
            $key,
            $help,
            $crate::options::Field::Choice {
                words: || $crate::options::words_of_field(|c: &$config| c.$field),
                get: |c| $crate::options::word_of(c.$field),
                set: |c, w| $crate::options::set_word(&mut c.$field, w),
            },
        )
    };
}

/// An [`OptionDef`] of `$config` for the `bool` field `$field`, spelled `on` or `off`.
#[macro_export]
macro_rules! switch_option {
    ($config:ty, $key:literal, $field:ident, $help:expr) => {
        $crate::options::OptionDef::<$config>::new(
            $key,
            $help,
            $crate::options::Field::Switch {
                get: |c| c.$field,
                set: |c, on| c.$field = on,
            },
        )
    };
}

/// Every word of the [`Word`] type that `field` reads (lets [`choice_option!`] name the
/// type by its field).
#[must_use]
pub fn words_of_field<C, T: Word>(_field: fn(&C) -> T) -> Vec<&'static str> {
    words::<T>()
}
