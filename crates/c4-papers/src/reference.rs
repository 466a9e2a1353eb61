//! The papers' tables (`crates/c4-papers/data/reference/*.csv`), compiled in so that experiments run from any
//! directory. Each file's `#` lines say where it comes from; see `crates/c4-papers/data/reference/README.md`.

use crate::ExperimentError;

/// `ayoub2021_results.csv`: Ayoub's Tables 1-9 as rows of pairings.
pub const AYOUB_RESULTS: &str = include_str!("../data/reference/ayoub2021_results.csv");
/// `ayoub2021_table6_overall.csv`: Ayoub's Table 6, each heuristic's results at depth 5
/// over the pairings of Tables 2-5.
pub const AYOUB_OVERALL: &str = include_str!("../data/reference/ayoub2021_table6_overall.csv");
/// `kang2019_table6_depth_selfplay.csv`: Kang's Table 6, H1 against H1 at different depths.
pub const KANG_DEPTH: &str = include_str!("../data/reference/kang2019_table6_depth_selfplay.csv");
/// `kang2019_table7_8_features.csv`: Kang's Tables 7 and 8, H1 restricted to some of its
/// features against H2 at depth 4.
pub const KANG_FEATURES: &str = include_str!("../data/reference/kang2019_table7_8_features.csv");
/// `kang2019_table9_h1_vs_h2.csv`: Kang's Table 9, H1 against H2 at the same depth.
pub const KANG_H1_VS_H2: &str = include_str!("../data/reference/kang2019_table9_h1_vs_h2.csv");

/// `practical_claims.csv`: the seeds' claims of speed and practical depth, which the profile
/// experiments ([`crate::profiles`]) set c4's costs beside.
pub const PRACTICAL_CLAIMS: &str = include_str!("../data/reference/practical_claims.csv");

/// The data rows of a CSV with `#` comments and one header line, split on commas.
#[must_use]
pub fn rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .skip(1)
        .map(|l| l.split(',').map(|f| f.trim().to_owned()).collect())
        .collect()
}

/// The comment lines of a CSV, without the `#`.
#[must_use]
pub fn comments(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix('#'))
        .map(|l| l.trim().to_owned())
        .collect()
}

/// A depth as the papers' CSVs write it.
pub fn csv_depth(text: &str) -> Result<u32, ExperimentError> {
    text.parse().map_err(|_| ExperimentError::TableValue {
        field: "depth",
        text: text.to_owned(),
    })
}
