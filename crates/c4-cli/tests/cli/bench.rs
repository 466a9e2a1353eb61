//! `c4 bench`: each subcommand reports its figures.

use crate::support::run;

#[test]
fn bench_commands_report_their_figures() {
    let (code, out, err) = run(&["bench", "solver", "--signature"]);
    assert_eq!(code, 0, "{err}");
    // The signature is the search's fingerprint: a solver change that moves it updates this
    // pin and says why in its commit.
    assert_eq!(
        out,
        "bench signature: 40446266 nodes (223 positions, table 2^24)\n"
    );
    let (code, out, err) = run(&[
        "bench",
        "analysis",
        "--positions",
        "4",
        "--plies",
        "30-34",
        "--time-ms",
        "200",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("every column exact: 4 (100.0%)"), "{out}");
    let (code, out, err) = run(&[
        "bench",
        "player",
        "--ai",
        "easy",
        "--positions",
        "5",
        "--plies",
        "2-6",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("5 random positions of plies 2-6"), "{out}");
    let (code, _, err) = run(&["bench", "player", "--plies", "9-3"]);
    assert_eq!(code, 2);
    assert!(err.contains("expected A-B"), "{err}");
}
