//! Parameter files: an evaluator's options in a file, as `c4 tune` writes them, so that a
//! spec can say `eval=threats:params=FILE` (or `eval=threats,params=FILE`).
//!
//! The format is one `KEY=VALUE` per line: first `eval=NAME`, then the evaluator's options.
//! Lines starting with `#` are comments (`c4 tune` records there the data, method, seed and
//! command that produced the values). Options given in the spec itself override the file's.

use super::registry::EvalSpec;
use crate::options::SpecError;
use std::path::Path;

/// The option key that names a parameter file.
pub const PARAMS_KEY: &str = "params";

/// The evaluator's name and the `(key, value)` options of the parameter file at `path`.
pub fn read(path: &str) -> Result<(String, Vec<(String, String)>), SpecError> {
    let text = std::fs::read_to_string(Path::new(path)).map_err(|e| SpecError::Unavailable {
        key: PARAMS_KEY,
        value: path.to_owned(),
        reason: e.to_string(),
    })?;
    parse(&text, path)
}

/// The evaluator's name and the `(key, value)` options of a parameter file's `text`, read
/// from `origin` (named in errors).
pub fn parse(text: &str, origin: &str) -> Result<(String, Vec<(String, String)>), SpecError> {
    let unavailable = |reason: String| SpecError::Unavailable {
        key: PARAMS_KEY,
        value: origin.to_owned(),
        reason,
    };
    let mut name = None;
    let mut values = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            return Err(unavailable(format!(
                "line {} is not KEY=VALUE: {:?}",
                index + 1,
                c4_core::excerpt(line)
            )));
        };
        let (key, value) = (key.trim().to_ascii_lowercase(), value.trim().to_owned());
        if key == "eval" {
            if name.is_some() {
                return Err(unavailable(format!(
                    "line {}: eval= is given twice",
                    index + 1
                )));
            }
            name = Some(value.to_ascii_lowercase());
        } else if name.is_none() {
            return Err(unavailable(format!(
                "line {}: the first option must be eval=NAME",
                index + 1
            )));
        } else if key == PARAMS_KEY {
            return Err(unavailable(format!(
                "line {}: a parameter file cannot name another",
                index + 1
            )));
        } else {
            values.push((key, value));
        }
    }
    let name = name.ok_or_else(|| unavailable("no eval=NAME line".to_owned()))?;
    Ok((name, values))
}

/// Writes the parameter file `path` (its folder created if needed): [`render`]'s text.
pub fn write(path: &Path, spec: &EvalSpec, comments: &[String]) -> Result<(), String> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("creating {}: {e}", parent.display()))?;
    }
    std::fs::write(path, render(spec, comments))
        .map_err(|e| format!("writing {}: {e}", path.display()))
}

/// The text of a parameter file holding `spec`'s options that differ from its defaults,
/// after `comments` (each written as a `# ` line).
#[must_use]
pub fn render(spec: &EvalSpec, comments: &[String]) -> String {
    let mut text = String::new();
    for comment in comments {
        for line in comment.lines() {
            text.push_str("# ");
            text.push_str(line);
            text.push('\n');
        }
    }
    text.push_str(&format!("eval={}\n", spec.name()));
    for item in spec.options_text() {
        text.push_str(&item);
        text.push('\n');
    }
    text
}
