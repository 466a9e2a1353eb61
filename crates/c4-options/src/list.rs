//! The `KEY=VALUE,...` list of a spec, as given.

use super::SpecError;

/// Longest option list accepted, in characters, so a hostile request cannot make us work hard.
pub const MAX_SPEC_LEN: usize = 1024;

/// Which files the options of a spec may name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FileAccess {
    /// Any file the process can read: the user's own command line, script or program.
    #[default]
    Any,
    /// Only what ships inside the binary (`book=builtin`, `params=tuned`): a spec from
    /// someone else, as a server's request, names no file on the machine.
    ShippedOnly,
}

/// A parsed `KEY=VALUE,...` list that hands out values and remembers which keys were used.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pairs: Vec<(String, String, bool)>,
    file_access: FileAccess,
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
        Ok(Options {
            pairs,
            file_access: FileAccess::Any,
        })
    }

    /// The same list, whose file options may name only what `access` allows.
    #[must_use]
    pub fn with_file_access(mut self, access: FileAccess) -> Options {
        self.file_access = access;
        self
    }

    /// Which files its options may name.
    #[must_use]
    pub fn file_access(&self) -> FileAccess {
        self.file_access
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
