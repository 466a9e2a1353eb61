//! `c4 match` and `c4 tournament` resume a run by one rule (`c4_arena::run::check_resumed`):
//! every game already in the folder must be a game of the run being resumed.

use assert_cmd::Command;

fn c4() -> Command {
    Command::cargo_bin("c4").expect("the c4 binary is built for tests")
}

/// A tournament's games file whose players were changed after the run is refused on resume,
/// not summed into the crosstable.
#[test]
fn a_tournament_resumed_on_games_of_other_players_is_refused() {
    let dir = std::env::temp_dir().join(format!("c4-cli-tournament-resume-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let out = dir.to_str().unwrap();
    let args = [
        "tournament",
        "--player",
        "x=random",
        "--player",
        "y=random:seed=3",
        "--games",
        "2",
        "--threads",
        "1",
        "--out",
        out,
    ];
    let first = c4().args(args).output().unwrap();
    assert_eq!(first.status.code(), Some(0), "{first:?}");
    let games = dir.join("games.jsonl");
    let text = std::fs::read_to_string(&games).unwrap();
    assert!(text.contains(r#""a_spec":"random""#), "{text}");
    std::fs::write(
        &games,
        text.replacen(r#""a_spec":"random""#, r#""a_spec":"easy""#, 1),
    )
    .unwrap();

    let resumed = c4().args(args).arg("--resume").output().unwrap();
    let err = String::from_utf8_lossy(&resumed.stderr);
    assert_eq!(resumed.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the run being resumed played easy against random:seed=3, not these players"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
