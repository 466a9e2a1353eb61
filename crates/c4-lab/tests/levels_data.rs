//! The levels' measured figures that c4-players builds in are the ladder experiment's report:
//! `docs/experiments/ladder/levels.tsv`, as the experiment wrote it, copied to
//! `crates/c4-players/data/levels.tsv`.

#[test]
fn the_players_levels_are_the_ladder_report() {
    let report_path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/experiments/ladder/levels.tsv"
    );
    let report = std::fs::read_to_string(report_path).expect("the ladder's report is committed");
    assert!(
        report == c4_players::MEASURED_TABLE,
        "{report_path} differs from the levels built into c4-players: copy it to \
         crates/c4-players/data/levels.tsv after a ladder run"
    );
}
