//! The spec language: `ALGO[:KEY=VALUE,...]` read into a [`PlayerSpec`] and written back as
//! its canonical text, each kind's keys from the table of kinds (`kinds.rs`) and the level
//! names from [`LEVELS`]. The text a spec displays is canonical: it is written in every saved
//! games file and parses back to an equal spec.

use super::kinds::{PLAYER_KINDS, PlayerKind};
use super::levels::LEVELS;
use super::spec::PlayerSpec;
use c4_options::{FileAccess, Options, SpecError, split_spec};
use std::fmt;

impl PlayerSpec {
    /// Parses a spec or a level name. `default_seed` applies when the spec sets no seed.
    /// Its file options may name any file (see [`PlayerSpec::parse_with`]).
    pub fn parse(text: &str, default_seed: u64) -> Result<PlayerSpec, SpecError> {
        PlayerSpec::parse_with(text, default_seed, FileAccess::Any)
    }

    /// Parses a spec or a level name whose file options (`book=`, an evaluator's
    /// `params=`) may name only what `files` allows: a server passes
    /// [`FileAccess::ShippedOnly`], and a path is then refused before anything is read.
    pub fn parse_with(
        text: &str,
        default_seed: u64,
        files: FileAccess,
    ) -> Result<PlayerSpec, SpecError> {
        let (name, rest) = split_spec(text);
        if name.is_empty() {
            return Err(SpecError::Empty {
                valid: spec_names(),
            });
        }
        // A bare level name is its spec; with options, the name is the kind of player
        // (`perfect` is both a level and a kind).
        if rest.trim().is_empty()
            && let Some(level) = LEVELS.iter().find(|l| l.name == name)
        {
            return PlayerSpec::parse_kind(level.spec, default_seed, files);
        }
        PlayerSpec::parse_kind(text, default_seed, files)
    }

    fn parse_kind(
        text: &str,
        default_seed: u64,
        files: FileAccess,
    ) -> Result<PlayerSpec, SpecError> {
        let (name, rest) = split_spec(text);
        let kind = PLAYER_KINDS
            .iter()
            .find(|k| k.name == name)
            .ok_or_else(|| match LEVELS.iter().find(|l| l.name == name) {
                Some(level) => SpecError::LevelWithOptions {
                    level: level.name,
                    spec: level.spec,
                },
                None => SpecError::UnknownPlayer {
                    name: c4_core::excerpt(&name),
                    valid: spec_names(),
                },
            })?;
        let mut options = Options::parse(rest)?.with_file_access(files);
        let seeded = options.contains("seed");
        let mut spec = kind.options.parse(&mut options)?;
        if !seeded {
            spec.set_seed(default_seed);
        }
        let mut valid = kind.options.keys();
        if let Some(eval) = spec.eval() {
            valid.extend(eval.entry().options.keys());
        }
        options.finish(&format!("player {}", kind.name), &valid)?;
        Ok(spec)
    }

    /// Its kind.
    #[must_use]
    pub fn kind(&self) -> &'static PlayerKind {
        PLAYER_KINDS
            .iter()
            .find(|k| k.options.holds(self))
            .expect("every kind of player is in the registry")
    }
}

impl fmt::Display for PlayerSpec {
    /// The canonical spec: parses back to an equal `PlayerSpec`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = self.kind();
        let items = kind.options.canonical(self);
        if items.is_empty() {
            f.write_str(kind.name)
        } else {
            write!(f, "{}:{}", kind.name, items.join(","))
        }
    }
}

/// Every player name and level, for error messages.
fn spec_names() -> String {
    let mut names: Vec<&str> = PLAYER_KINDS.iter().map(|k| k.name).collect();
    for level in LEVELS {
        if !names.contains(&level.name) {
            names.push(level.name);
        }
    }
    names.join(", ")
}
