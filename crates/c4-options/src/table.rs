//! An option table: parsing, canonical text, documentation and tunable weights of one
//! configuration, and the registry view of a variant's table.

use super::{Field, FileOption, OptionDef, Options, SpecError, Spelled};

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

    /// Its options that name a file.
    #[must_use]
    pub fn file_options(&self) -> Vec<FileOption> {
        self.options
            .iter()
            .filter_map(OptionDef::file_option)
            .collect()
    }

    /// Reads every option this table knows from `options` into a default configuration.
    /// An evaluator-valued option is read even when absent (its default evaluator then
    /// takes its own options from the list). Keys the table does not know stay untaken.
    pub fn parse(&self, options: &mut Options) -> Result<C, SpecError> {
        let mut config = (self.default)();
        for option in self.options {
            let raw = match (options.take_raw(option.key), option.field) {
                (Some(raw), _) => raw,
                (None, Field::Nested { name, .. }) => name(&config).to_owned(),
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
            if let Field::Nested { options_text, .. } = option.field {
                items.extend(options_text(config));
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
    /// Its options that name a file.
    fn file_options(&self) -> Vec<FileOption>;
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
    fn file_options(&self) -> Vec<FileOption> {
        self.table.file_options()
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
