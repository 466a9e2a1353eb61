//! The canonical text of player specs is in every saved games file, so it must never change:
//! each spec written in the repository (experiments, tests, docs) and a set covering every
//! option keeps the canonical text recorded in `data/canonical_specs.tsv`, and specs refused
//! there stay refused. (c4-arena's `tests/arena/old_runs.rs` replays games saved by an earlier c4.)
//!
//! After adding specs to the file (an input followed by a tab), fill in their canonical text
//! with `C4_BLESS=1 cargo test -p c4-lab --test spec_golden`, and review the diff.

use c4_papers::EXPERIMENTS;
use c4_players::PlayerSpec;
use std::collections::BTreeSet;

const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/canonical_specs.tsv"
);
/// The canonical column of a spec that is refused.
const REFUSED: &str = "!refused";

fn canonical(input: &str) -> String {
    PlayerSpec::parse(input, 0).map_or_else(|_| REFUSED.to_owned(), |spec| spec.to_string())
}

fn golden() -> Vec<(String, String)> {
    std::fs::read_to_string(GOLDEN)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (input, expected) = l.split_once('\t').unwrap_or((l, ""));
            (input.to_owned(), expected.to_owned())
        })
        .collect()
}

/// The experiments' players as their games files spell them.
fn experiment_specs() -> BTreeSet<String> {
    let mut specs = BTreeSet::new();
    for experiment in EXPERIMENTS {
        for table in (experiment.tables)().unwrap() {
            for row in table.rows {
                specs.insert(row.a.to_string());
                specs.insert(row.b.to_string());
            }
        }
    }
    specs
}

#[test]
fn canonical_spec_text_is_unchanged() {
    let mut rows = golden();
    if std::env::var_os("C4_BLESS").is_some() {
        let known: BTreeSet<String> = rows.iter().map(|r| r.0.clone()).collect();
        for spec in experiment_specs() {
            if !known.contains(&spec) {
                rows.push((spec, String::new()));
            }
        }
        rows.sort();
        let mut text = String::from("# INPUT<TAB>CANONICAL (see tests/spec_golden.rs)\n");
        for (input, _) in &rows {
            text.push_str(&format!("{input}\t{}\n", canonical(input)));
        }
        std::fs::write(GOLDEN, text).unwrap();
        return;
    }
    for (input, expected) in &rows {
        assert_eq!(&canonical(input), expected, "{input:?}");
        if expected != REFUSED {
            assert_eq!(&canonical(expected), expected, "{expected:?} re-parsed");
        }
    }
    let canonicals: BTreeSet<&str> = rows.iter().map(|r| r.1.as_str()).collect();
    for spec in experiment_specs() {
        assert!(
            canonicals.contains(spec.as_str()),
            "{spec} is not in {GOLDEN}"
        );
    }
}
