//! The canonical text of player specs is in every saved games file, so it must never change:
//! each spec written in the repository (experiments, tests, docs) and a set covering every
//! option keeps the canonical text recorded in `data/canonical_specs.tsv`, and specs refused
//! there stay refused. Runs saved by an earlier c4 (`data/old-runs/`) load, and replaying
//! their manifests plays the same games move for move.
//!
//! After adding specs to the file (an input followed by a tab), fill in their canonical text
//! with `C4_BLESS=1 cargo test -p c4-arena --test spec_golden`, and review the diff.

use c4_arena::experiments::EXPERIMENTS;
use c4_arena::matches::{Contestant, MatchConfig, play_game};
use c4_arena::record::GameLog;
use c4_arena::run::RunManifest;
use c4_engine::agent::PlayerSpec;
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

fn experiment_specs() -> BTreeSet<String> {
    let mut specs = BTreeSet::new();
    for experiment in EXPERIMENTS {
        for table in (experiment.tables)().unwrap() {
            for row in table.rows {
                specs.insert(row.a);
                specs.insert(row.b);
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
    let inputs: BTreeSet<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    for spec in experiment_specs() {
        assert!(inputs.contains(spec.as_str()), "{spec} is not in {GOLDEN}");
    }
}

/// Runs recorded before the typed specs: each folder holds `run.json` and `games.jsonl`.
const OLD_RUNS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/old-runs");

#[test]
fn old_games_files_load_and_replay_move_for_move() {
    let mut runs = 0;
    for entry in std::fs::read_dir(OLD_RUNS).unwrap() {
        let dir = entry.unwrap().path();
        let manifest: RunManifest =
            serde_json::from_str(&std::fs::read_to_string(dir.join("run.json")).unwrap()).unwrap();
        let loaded = GameLog::load(&dir.join("games.jsonl")).unwrap();
        assert!(loaded.warnings.is_empty(), "{dir:?}: {:?}", loaded.warnings);
        assert_eq!(loaded.records.len() as u64, manifest.games, "{dir:?}");
        let contestant = |(label, spec): &(String, String)| {
            let parsed = PlayerSpec::parse(spec, 0).unwrap();
            assert_eq!(&parsed.to_string(), spec, "{dir:?}");
            Contestant {
                label: label.clone(),
                spec: parsed,
            }
        };
        let config = MatchConfig {
            a: contestant(&manifest.players[0]),
            b: contestant(&manifest.players[1]),
            games: manifest.games,
            seed: manifest.seed,
            openings: manifest.openings.clone(),
            first: manifest.first,
            sprt: None,
        };
        for record in &loaded.records {
            assert_eq!(record.a_spec, manifest.players[0].1);
            let again = play_game(&config, record.game).unwrap();
            assert_eq!(
                (&again.opening, &again.moves, again.a_first, again.seeds),
                (&record.opening, &record.moves, record.a_first, record.seeds),
                "{dir:?} game {}",
                record.game
            );
            assert_eq!(again.result, record.result);
        }
        runs += 1;
    }
    assert_eq!(runs, 4);
}
