//! Parameter files: an evaluator's options in a file, as `c4 tune` writes them, so that a
//! spec can say `eval=threats:params=FILE` (or `eval=threats,params=FILE`).
//!
//! The format is one `KEY=VALUE` per line: first `eval=NAME`, then the evaluator's options.
//! Lines starting with `#` are comments (`c4 tune` records there the data, method, seed and
//! command that produced the values). Options given in the spec itself override the file's.
//! `params=tuned` names the weights c4 ships for the evaluator, compiled in.

use c4_options::{Field, OptionDef, OptionTable, SpecError};
use c4_solver::files;
use std::path::{Path, PathBuf};

/// The option key that names a parameter file.
pub const PARAMS_KEY: &str = "params";

/// The word of `params=` that names the weights c4 ships for the evaluator.
pub const TUNED: &str = "tuned";

/// The largest parameter file read: a few dozen `KEY=VALUE` lines and their comments.
pub const MAX_PARAMS_BYTES: u64 = 64 * 1024;

/// The tuned parameter files shipped in `crates/c4-eval/data/tuned/` and compiled in, by evaluator name;
/// each file's comments say how it was made (`c4 tune`, its data and seed).
pub static SHIPPED: &[(&str, &str)] = &[
    ("kang", include_str!("../data/tuned/kang.params")),
    ("center", include_str!("../data/tuned/center.params")),
    ("corners", include_str!("../data/tuned/corners.params")),
    ("threats", include_str!("../data/tuned/threats.params")),
];

/// Where an evaluator's `params=` takes its options from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ParamsSource {
    /// No parameter file: the options given, over the defaults.
    #[default]
    Defaults,
    /// The shipped tuned set of the evaluator ([`SHIPPED`]).
    Tuned,
    /// A parameter file.
    File(PathBuf),
}

/// The `params=` option every evaluator takes: a file option, so a server refuses a path.
pub static PARAMS_OPTIONS: OptionTable<ParamsSource> = OptionTable {
    options: &[OptionDef::new(
        PARAMS_KEY,
        "a parameter file (c4 tune writes them), or tuned: the weights c4 ships for the evaluator",
        Field::File {
            shipped: &[TUNED],
            get: |source| match source {
                ParamsSource::Defaults => String::new(),
                ParamsSource::Tuned => TUNED.to_owned(),
                ParamsSource::File(path) => path.display().to_string(),
            },
            set: |source, text| {
                *source = if text == TUNED {
                    ParamsSource::Tuned
                } else if text.contains([',', '=']) {
                    return Err(());
                } else {
                    ParamsSource::File(PathBuf::from(text))
                };
                Ok(())
            },
        },
    )],
    default: ParamsSource::default,
};

/// The evaluator's name and the `(key, value)` options that `source` supplies for the
/// evaluator `evaluator` (none for [`ParamsSource::Defaults`]).
pub fn options_of(
    source: &ParamsSource,
    evaluator: &str,
) -> Result<Vec<(String, String)>, SpecError> {
    let (named, values, origin) = match source {
        ParamsSource::Defaults => return Ok(Vec::new()),
        ParamsSource::Tuned => {
            let (_, text) = SHIPPED
                .iter()
                .find(|(name, _)| *name == evaluator)
                .ok_or_else(|| SpecError::Unavailable {
                    key: PARAMS_KEY,
                    value: TUNED.to_owned(),
                    reason: format!(
                        "no tuned weights ship for {evaluator}; they do for {}",
                        SHIPPED
                            .iter()
                            .map(|(n, _)| *n)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                })?;
            let (named, values) = parse(text, TUNED)?;
            (named, values, TUNED.to_owned())
        }
        ParamsSource::File(path) => {
            let (named, values) = read(path)?;
            (named, values, path.display().to_string())
        }
    };
    if named != evaluator {
        return Err(SpecError::Unavailable {
            key: PARAMS_KEY,
            value: origin,
            reason: format!("it holds parameters of {named}, not of {evaluator}"),
        });
    }
    Ok(values)
}

/// The evaluator's name and the `(key, value)` options of the parameter file at `path`.
pub fn read(path: &Path) -> Result<(String, Vec<(String, String)>), SpecError> {
    let origin = path.display().to_string();
    let text = files::read_text(path, MAX_PARAMS_BYTES).map_err(|e| SpecError::Unavailable {
        key: PARAMS_KEY,
        value: c4_core::excerpt(&origin),
        reason: e.problem(),
    })?;
    parse(&text, &origin)
}

/// The evaluator's name and the `(key, value)` options of a parameter file's `text`, read
/// from `origin` (named in errors).
pub fn parse(text: &str, origin: &str) -> Result<(String, Vec<(String, String)>), SpecError> {
    let unavailable = |reason: String| SpecError::Unavailable {
        key: PARAMS_KEY,
        value: c4_core::excerpt(origin),
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
            return Err(unavailable(format!("line {} is not KEY=VALUE", index + 1)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EvalSpec;

    #[test]
    fn a_bad_line_is_named_by_its_number_without_quoting_the_file() {
        let error = parse("root:x:0:0:root:/root:/bin/bash\n", "/etc/passwd").unwrap_err();
        let text = error.to_string();
        assert!(text.contains("line 1 is not KEY=VALUE"), "{text}");
        assert!(!text.contains("root:x"), "{text}");
    }

    #[test]
    fn tuned_names_the_shipped_weights_of_each_evaluator_that_has_them() {
        for (name, file) in SHIPPED {
            let tuned = EvalSpec::parse(&format!("{name}:params=tuned")).unwrap();
            let (named, values) = parse(file, name).unwrap();
            assert_eq!(named, *name);
            assert!(!values.is_empty(), "{name} ships weights");
            for (key, value) in values {
                let item = format!("{key}={value}");
                assert!(tuned.options_text().contains(&item), "{name}: {item}");
            }
        }
        let error = EvalSpec::parse("itu:params=tuned").unwrap_err();
        assert!(
            error.to_string().contains("no tuned weights ship for itu"),
            "{error}"
        );
    }

    #[test]
    fn a_device_as_a_parameter_file_is_refused_by_name() {
        let error = EvalSpec::parse("threats:params=/dev/zero").unwrap_err();
        assert_eq!(
            error.to_string(),
            "params=/dev/zero: it is a character device, not a regular file"
        );
    }
}
