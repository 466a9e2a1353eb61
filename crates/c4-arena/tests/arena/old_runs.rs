//! Runs saved by an earlier c4 (`data/old-runs/`, recorded before the typed specs) load, their
//! specs keep their canonical text, and replaying their manifests plays the same games move
//! for move: the games files of every run stay readable and replayable.

use c4_arena::matches::{Contestant, MatchConfig, play_game};
use c4_arena::record::GameLog;
use c4_arena::run::RunManifest;
use c4_players::PlayerSpec;

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
