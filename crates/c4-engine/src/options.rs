//! `KEY=VALUE` option lists, as in `alphabeta:depth=5,eval=center` and `kang:features=12`.
//!
//! The same parser serves player specs, `--eval` and JSON requests, so every front end
//! reports the same errors. Unknown keys are an error that lists the valid ones.

use std::fmt;
use std::str::FromStr;

/// A spec or option that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

/// Builds a [`SpecError`] from format arguments.
#[macro_export]
macro_rules! spec_error {
    ($($arg:tt)*) => { $crate::options::SpecError(format!($($arg)*)) };
}

/// Documentation of one option: shown by `c4 evals`, `--help` and `/api/players`.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct OptionDoc {
    /// The key.
    pub key: &'static str,
    /// The default, as text.
    pub default: &'static str,
    /// What it does and which values it takes.
    pub help: &'static str,
}

/// A parsed `KEY=VALUE,...` list that hands out values and remembers which keys were used.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pairs: Vec<(String, String, bool)>,
}

/// Longest option list accepted, in characters, so a hostile request cannot make us work hard.
pub const MAX_SPEC_LEN: usize = 1024;

impl Options {
    /// Parses `KEY=VALUE` pairs separated by commas. An empty string gives no options.
    pub fn parse(text: &str) -> Result<Options, SpecError> {
        if text.len() > MAX_SPEC_LEN {
            return Err(spec_error!(
                "option list is {} characters long; the limit is {MAX_SPEC_LEN}",
                text.len()
            ));
        }
        let mut pairs: Vec<(String, String, bool)> = Vec::new();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((key, value)) = item.split_once('=') else {
                return Err(spec_error!("option {item:?} has no value: write KEY=VALUE"));
            };
            let (key, value) = (key.trim().to_ascii_lowercase(), value.trim().to_owned());
            if key.is_empty() || value.is_empty() {
                return Err(spec_error!("option {item:?} needs both a key and a value"));
            }
            if pairs.iter().any(|(k, _, _)| *k == key) {
                return Err(spec_error!("option {key:?} is given twice"));
            }
            pairs.push((key, value, false));
        }
        Ok(Options { pairs })
    }

    /// Adds a pair unless the key is already present (for defaults that presets supply).
    pub fn insert_default(&mut self, key: &str, value: &str) {
        if !self.pairs.iter().any(|(k, _, _)| k == key) {
            self.pairs.push((key.to_owned(), value.to_owned(), false));
        }
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

    /// Parses the value of `key` with `FromStr`, or returns `None` if absent.
    pub fn take<T: FromStr>(&mut self, key: &str, expected: &str) -> Result<Option<T>, SpecError> {
        match self.take_raw(key) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| spec_error!("{key}={v} is not valid: expected {expected}")),
        }
    }

    /// Parses an integer in `min..=max`.
    pub fn take_in_range(
        &mut self,
        key: &str,
        min: i64,
        max: i64,
    ) -> Result<Option<i64>, SpecError> {
        match self.take::<i64>(key, &format!("an integer from {min} to {max}"))? {
            Some(v) if v < min || v > max => Err(spec_error!(
                "{key}={v} is out of range: expected {min} to {max}"
            )),
            other => Ok(other),
        }
    }

    /// Parses an integer in `min..=max` for an option whose default is `none` (no limit):
    /// `none` is accepted too and means that default.
    pub fn take_limit(&mut self, key: &str, min: i64, max: i64) -> Result<Option<i64>, SpecError> {
        match self.take_raw(key) {
            None => Ok(None),
            Some(v) if v.eq_ignore_ascii_case("none") => Ok(None),
            Some(v) => match v.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
                Ok(n) => Err(spec_error!(
                    "{key}={n} is out of range: expected none or {min} to {max}"
                )),
                Err(_) => Err(spec_error!(
                    "{key}={v} is not valid: expected none or an integer from {min} to {max}"
                )),
            },
        }
    }

    /// Takes one of a fixed set of words.
    pub fn take_choice(
        &mut self,
        key: &str,
        choices: &[&'static str],
    ) -> Result<Option<&'static str>, SpecError> {
        match self.take_raw(key) {
            None => Ok(None),
            Some(v) => choices
                .iter()
                .find(|c| c.eq_ignore_ascii_case(&v))
                .copied()
                .map(Some)
                .ok_or_else(|| {
                    spec_error!(
                        "{key}={v} is not valid: expected one of {}",
                        choices.join(", ")
                    )
                }),
        }
    }

    /// Takes `on`/`off` (also `true`/`false`, `yes`/`no`, `1`/`0`).
    pub fn take_switch(&mut self, key: &str) -> Result<Option<bool>, SpecError> {
        Ok(self
            .take_choice(key, &["on", "off", "true", "false", "yes", "no", "1", "0"])?
            .map(|v| matches!(v, "on" | "true" | "yes" | "1")))
    }

    /// Fails if any key was not taken, listing the keys that would have been valid.
    pub fn finish(&self, context: &str, valid: &[&str]) -> Result<(), SpecError> {
        match self.pairs.iter().find(|(_, _, used)| !used) {
            None => Ok(()),
            Some((key, _, _)) => Err(spec_error!(
                "unknown option {key:?} for {context}; valid options: {}",
                if valid.is_empty() {
                    "none".to_owned()
                } else {
                    valid.join(", ")
                }
            )),
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
