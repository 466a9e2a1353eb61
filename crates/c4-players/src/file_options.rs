//! Where a player spec can name a file: every file option of every player kind, and of
//! every evaluator under every kind that takes one, read from the option tables. A new
//! file option in any table shows up here, so the server's refusal covers it (the tests
//! walk this list) without anyone remembering to.

use super::kinds::PLAYER_KINDS;
use c4_eval::{EVALUATORS, EvalSpec};
use c4_options::FileOption;

/// One place a spec can name a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileOptionUse {
    /// The player kind.
    pub kind: &'static str,
    /// The evaluator whose option it is, when it is not the player's own.
    pub evaluator: Option<&'static str>,
    /// The option that names the file: its key, and the words it takes that name something
    /// shipped inside the binary rather than a file.
    pub option: FileOption,
}

impl FileOptionUse {
    /// A spec that sets this option to `value`.
    #[must_use]
    pub fn spec(&self, value: &str) -> String {
        let key = self.option.key;
        match self.evaluator {
            None => format!("{}:{key}={value}", self.kind),
            Some(evaluator) => format!("{}:eval={evaluator},{key}={value}", self.kind),
        }
    }
}

/// Every place a player spec can name a file.
#[must_use]
pub fn file_option_uses() -> Vec<FileOptionUse> {
    let mut uses = Vec::new();
    for kind in PLAYER_KINDS {
        for option in kind.options.file_options() {
            uses.push(FileOptionUse {
                kind: kind.name,
                evaluator: None,
                option,
            });
        }
        if kind.uses_evaluator {
            for entry in EVALUATORS {
                for option in EvalSpec::file_options(entry) {
                    uses.push(FileOptionUse {
                        kind: kind.name,
                        evaluator: Some(entry.name),
                        option,
                    });
                }
            }
        }
    }
    uses
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PlayerSpec;
    use c4_options::{FileAccess, SHIPPED_WORDS, SpecError};

    #[test]
    fn the_known_file_options_are_found_in_the_tables() {
        let uses = file_option_uses();
        let has = |kind: &str, evaluator: Option<&str>, key: &str| {
            uses.iter()
                .any(|u| u.kind == kind && u.evaluator == evaluator && u.option.key == key)
        };
        assert!(has("engine", None, "book"));
        assert!(has("perfect", None, "book"));
        assert!(has("alphabeta", Some("threats"), "params"));
        assert!(has("engine", Some("kang"), "params"));
        assert!(!has("random", None, "book"));
    }

    /// A server parses with [`FileAccess::ShippedOnly`]: every file option with a path is
    /// refused at parse time. The paths are a FIFO-like name, a device and a missing file:
    /// a parse that read any of them would hang, fill memory or fail with another error.
    #[test]
    fn every_file_option_is_refused_where_only_shipped_files_may_be_named() {
        for file_use in file_option_uses() {
            for path in ["/etc/passwd", "/dev/zero", "/dev/stdin", "/nonexistent/c4"] {
                let text = file_use.spec(path);
                match PlayerSpec::parse_with(&text, 0, FileAccess::ShippedOnly) {
                    Err(SpecError::FileRefused { key, value, .. }) => {
                        assert_eq!(key, file_use.option.key, "{text}");
                        assert_eq!(value, path, "{text}");
                    }
                    other => panic!("{text}: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn every_shipped_word_is_one_of_the_words_that_name_no_file() {
        for file_use in file_option_uses() {
            for word in file_use.option.shipped {
                assert!(SHIPPED_WORDS.contains(word), "{}", file_use.spec(word));
            }
        }
    }

    /// Issue 47, item 12: `weights=none` names no file. A word that names something shipped
    /// for some option, given to one that does not take it, is a value the option does not
    /// take, wherever the spec is parsed; never a path, nor a file refused on a server.
    #[test]
    fn issue_47_a_shipped_word_an_option_does_not_take_is_no_file_name() {
        let mut checked = 0;
        for file_use in file_option_uses() {
            for word in SHIPPED_WORDS {
                if file_use.option.shipped.contains(word) {
                    continue;
                }
                for spelled in [word.to_string(), word.to_uppercase()] {
                    let text = file_use.spec(&spelled);
                    for access in [FileAccess::ShippedOnly, FileAccess::Any] {
                        match PlayerSpec::parse_with(&text, 0, access) {
                            Err(error @ SpecError::Invalid { .. }) => {
                                let message = error.to_string();
                                assert!(!message.contains("names a file"), "{text}: {message}");
                                assert!(message.contains(&format!("./{spelled}")), "{message}");
                            }
                            other => panic!("{text} ({access:?}): {other:?}"),
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 0);
        let error = PlayerSpec::parse_with(
            "alphabeta:eval=ntuple,weights=none",
            0,
            FileAccess::ShippedOnly,
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "weights=none is not valid: expected builtin or a file path without ',' or '=' \
             (a file of that name is written ./none)"
        );
    }

    #[test]
    fn shipped_words_are_taken_where_only_shipped_files_may_be_named() {
        for file_use in file_option_uses() {
            for word in file_use.option.shipped {
                let text = file_use.spec(word);
                match PlayerSpec::parse_with(&text, 0, FileAccess::ShippedOnly) {
                    Ok(_) => {}
                    // A shipped word the evaluator has nothing for is refused for that reason,
                    // not as a file.
                    Err(SpecError::Unavailable { key, .. }) if key == file_use.option.key => {}
                    other => panic!("{text}: {other:?}"),
                }
            }
        }
    }
}
