//! Which ply-12 layer a front end reads: the one built into the program, none, or a folder.

use crate::build::LayerError;
use crate::store::LayerStore;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// The ply-12 layer chosen (`builtin`, `none` or a folder's path, as typed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LayerChoice {
    /// The chunks built into the program ([`LayerStore::builtin_ply12`]): none in a build
    /// without the `builtin` feature, such as the page's.
    #[default]
    Builtin,
    /// No layer: plies 10-12 are searched.
    None,
    /// The finished chunks of a folder (`crates/c4-layers/data/ply12` of a checkout, or a
    /// layer being built elsewhere).
    Folder(PathBuf),
}

impl LayerChoice {
    /// The layer chosen, opened once per folder and process; `None` for no layer or a build
    /// with no chunk built in. A folder that cannot be listed is refused.
    pub fn load(&self) -> Result<Option<Arc<LayerStore>>, LayerError> {
        match self {
            LayerChoice::Builtin => Ok(LayerStore::builtin_ply12()),
            LayerChoice::None => Ok(None),
            LayerChoice::Folder(path) => LayerStore::shared_ply12(path).map(Some),
        }
    }
}

impl std::str::FromStr for LayerChoice {
    type Err = std::convert::Infallible;
    /// `builtin` and `none` in any case, as a spec's words are read (`./builtin` names a
    /// folder of that name); any other text, a folder.
    fn from_str(text: &str) -> Result<LayerChoice, Self::Err> {
        Ok(if text.eq_ignore_ascii_case("builtin") {
            LayerChoice::Builtin
        } else if text.eq_ignore_ascii_case("none") {
            LayerChoice::None
        } else {
            LayerChoice::Folder(PathBuf::from(text))
        })
    }
}

impl fmt::Display for LayerChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayerChoice::Builtin => f.write_str("builtin"),
            LayerChoice::None => f.write_str("none"),
            LayerChoice::Folder(path) => write!(f, "{}", path.display()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_reads_back_as_typed() {
        for text in ["builtin", "none", "crates/c4-layers/data/ply12"] {
            let choice: LayerChoice = text.parse().unwrap();
            assert_eq!(choice.to_string(), text);
        }
        assert_eq!(
            "none"
                .parse::<LayerChoice>()
                .unwrap()
                .load()
                .unwrap()
                .map(|_| ()),
            None
        );
        assert!(matches!(
            LayerChoice::Folder(PathBuf::from("/no/such/folder")).load(),
            Err(LayerError::Io { .. })
        ));
        for (text, choice) in [
            ("BUILTIN", LayerChoice::Builtin),
            ("None", LayerChoice::None),
            ("./builtin", LayerChoice::Folder(PathBuf::from("./builtin"))),
        ] {
            assert_eq!(text.parse::<LayerChoice>().unwrap(), choice);
        }
        assert_eq!(
            LayerChoice::Folder(PathBuf::new())
                .load()
                .unwrap_err()
                .to_string(),
            "an empty name is no folder: give builtin, none or a layer folder"
        );
        let etc = std::env::temp_dir().join(format!("c4-layer-choice-{}", std::process::id()));
        std::fs::create_dir_all(&etc).unwrap();
        std::fs::write(etc.join("hosts"), b"").unwrap();
        let error = LayerChoice::Folder(etc.clone()).load().unwrap_err();
        std::fs::remove_dir_all(&etc).unwrap();
        assert!(matches!(error, LayerError::NoChunks { .. }), "{error}");
    }
}
