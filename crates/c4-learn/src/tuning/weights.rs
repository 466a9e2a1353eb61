//! The weights a tuning run may move, an evaluator's text after `eval=`, and the tuned weight
//! sets c4 ships.

use c4_eval::EvalSpec;
use c4_eval::params;
use c4_options::{SpecError, Tunable};
use std::sync::LazyLock;

/// Why the weights a run is to move cannot be chosen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightsError {
    /// The evaluator has no tunable weights.
    #[error("{0} has no tunable weights")]
    NoneTunable(&'static str),
    /// A weight asked for is not one of the evaluator's.
    #[error("{evaluator} has no tunable weight {unknown:?}; its tunable weights: {}", known.join(", "))]
    Unknown {
        /// The evaluator's name.
        evaluator: &'static str,
        /// The weight asked for.
        unknown: String,
        /// Its tunable weights.
        known: Vec<&'static str>,
    },
}

/// The tunable weights of `spec` named in `params` (all of them when it is empty), in the
/// evaluator's order; an error names a weight it does not have.
pub fn chosen_tunables(spec: &EvalSpec, params: &[String]) -> Result<Vec<Tunable>, WeightsError> {
    let all = spec.tunables();
    if all.is_empty() {
        return Err(WeightsError::NoneTunable(spec.name()));
    }
    if let Some(unknown) = params.iter().find(|p| !all.iter().any(|t| t.key == *p)) {
        return Err(WeightsError::Unknown {
            evaluator: spec.name(),
            unknown: unknown.clone(),
            known: all.iter().map(|t| t.key).collect(),
        });
    }
    Ok(all
        .into_iter()
        .filter(|t| params.is_empty() || params.iter().any(|p| p == t.key))
        .collect())
}

/// The evaluator as a player spec spells it after `eval=`: `NAME,KEY=VALUE,...`.
#[must_use]
pub fn eval_text(spec: &EvalSpec) -> String {
    std::iter::once(spec.name().to_owned())
        .chain(spec.options_text())
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads back an evaluator written by [`eval_text`].
pub fn parse_eval_text(text: &str) -> Result<EvalSpec, SpecError> {
    let (name, rest) = text.split_once(',').unwrap_or((text, ""));
    EvalSpec::parse(&format!("{name}:{rest}"))
}

/// A tuned weight set shipped in `crates/c4-eval/data/tuned/`, compiled in; its file's comments say how it
/// was made.
pub struct TunedSet {
    /// The evaluator's name.
    pub name: &'static str,
    /// The parameter file.
    pub file: &'static str,
}

impl TunedSet {
    /// The evaluator with these weights.
    pub fn spec(&self) -> EvalSpec {
        let (name, values) = params::parse(self.file, self.name).expect("shipped files parse");
        let text = std::iter::once(name)
            .chain(values.iter().map(|(k, v)| format!("{k}={v}")))
            .collect::<Vec<_>>()
            .join(",");
        parse_eval_text(&text).expect("shipped weights are valid")
    }

    /// The evaluator as a player spec spells it after `eval=`: `NAME,KEY=VALUE,...`.
    pub fn spec_text(&self) -> String {
        eval_text(&self.spec())
    }
}

/// The tuned sets, one per evaluator at most: the parameter files the engine ships
/// (`c4_eval::params::SHIPPED`, which `params=tuned` names).
pub static TUNED: LazyLock<Vec<TunedSet>> = LazyLock::new(|| {
    params::SHIPPED
        .iter()
        .map(|&(name, file)| TunedSet { name, file })
        .collect()
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_set_parses_into_its_evaluator_with_weights_of_its_own() {
        for set in TUNED.iter() {
            let spec = set.spec();
            assert_eq!(spec.name(), set.name);
            assert!(
                !spec.options_text().is_empty(),
                "{} changes nothing",
                set.name
            );
            assert!(set.file.contains("# "), "{} says how it was made", set.name);
        }
    }
}
