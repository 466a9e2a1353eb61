//! What the `tuning` experiment is made of: the evaluators it tunes, the depths it matches
//! and grades them at, what a fit keeps, its players and the files of its folder.

use super::super::mistakes::Graded;
use super::super::players::alphabeta;
use c4_eval::EvalSpec;
use c4_eval::kang_h1_features::KangConfig;
use c4_learn::tuning::parse_eval_text;
use c4_papers::ExperimentError;
use c4_papers::PairingTable;
use c4_papers::kang_table9_with;
use c4_players::PlayerSpec;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The evaluators tuned: the papers' heuristics (Kang's H1 and H2, Ayoub's two matrices, the
/// ShanghaiTech lines, ITU's last-coin evaluation) and c4's `threats`.
pub const TUNED_EVALUATORS: [&str; 6] = ["kang", "center", "corners", "lines", "itu", "threats"];
/// Alpha-beta depths of the matches, tuned against untuned.
pub const MATCH_DEPTHS: [u32; 2] = [4, 6];
/// Alpha-beta depths graded on the reference sets.
pub const GRADE_DEPTHS: [u32; 3] = [4, 5, 6];

/// What texel found for one evaluator, kept in `tuned/NAME.json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Fit {
    /// The evaluator's name.
    pub eval: String,
    /// The tuned evaluator as `eval=` spells it.
    pub tuned: String,
    /// Training loss before and after.
    pub train: (f64, f64),
    /// Validation loss before and after.
    pub valid: (f64, f64),
    /// The fitted logistic scale of the kept weights.
    pub scale: f64,
    /// Passes run, and the pass whose weights were kept.
    pub passes: (u32, u32),
    /// Training and validation positions, and those decided at the leaf.
    pub positions: (usize, usize, usize),
}

pub fn fit_path(dir: &Path, eval: &str) -> PathBuf {
    dir.join("tuned").join(format!("{eval}.json"))
}

pub fn dataset_path(dir: &Path) -> PathBuf {
    dir.join("dataset.jsonl")
}

pub fn matches_path(dir: &Path) -> PathBuf {
    dir.join("games").join("tuning.jsonl")
}

/// The player of `eval` (as `eval=` spells it: a fit's evaluator or its tuned weights) at
/// `depth`.
pub fn player(eval: &str, depth: u32) -> Result<PlayerSpec, ExperimentError> {
    let eval = parse_eval_text(eval).map_err(|source| ExperimentError::NamedSpec {
        name: eval.to_owned(),
        source,
    })?;
    Ok(alphabeta(depth, eval))
}

/// The players graded on the reference sets, untuned and tuned at each depth.
pub fn graded(fits: &[Fit]) -> Result<Vec<Graded>, ExperimentError> {
    let mut out = Vec::new();
    for fit in fits {
        for depth in GRADE_DEPTHS {
            for (tuned, eval) in [(false, fit.eval.as_str()), (true, fit.tuned.as_str())] {
                out.push(Graded {
                    label: format!("{}{} d{depth}", if tuned { "tuned " } else { "" }, fit.eval),
                    spec: player(eval, depth)?,
                    line: Some((fit.eval.clone(), tuned, depth)),
                });
            }
        }
    }
    Ok(out)
}

/// Kang's Table 9, untuned and with the tuned H1.
pub fn table9s(fits: &[Fit]) -> Result<Vec<PairingTable>, ExperimentError> {
    let kang = fits
        .iter()
        .find(|f| f.eval == "kang")
        .ok_or(ExperimentError::KangNotTuned)?;
    let tuned = parse_eval_text(&kang.tuned).map_err(|source| ExperimentError::NamedSpec {
        name: "tuned kang".to_owned(),
        source,
    })?;
    Ok(vec![
        kang_table9_with(
            "table9-untuned",
            "Kang Table 9: H1 vs H2 at equal depth, H1 untuned",
            &EvalSpec::Kang(KangConfig::default()),
        )?,
        kang_table9_with(
            "table9-tuned",
            "Kang Table 9: H1 vs H2 at equal depth, H1 tuned",
            &tuned,
        )?,
    ])
}

/// The label of one side of a match: `NAME dD tuned` or `NAME dD untuned`.
pub fn side(eval: &str, depth: u32, tuned: bool) -> String {
    format!(
        "{eval} d{depth} {}",
        if tuned { "tuned" } else { "untuned" }
    )
}

/// Plies of the generated positions.
pub const PLIES: std::ops::RangeInclusive<u32> = 4..=30;
