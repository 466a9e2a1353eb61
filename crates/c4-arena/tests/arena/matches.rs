//! Matches are reproducible, resumable and paired as documented.

use c4_arena::matches::{
    Contestant, FirstPolicy, MatchConfig, Openings, Quiet, play_game, run_match, tally,
};
use c4_arena::record::GameRecord;
use c4_arena::record::{GameLog, GameResult};
use c4_arena::stats::Sprt;
use c4_arena::summary::MatchSummary;
use c4_players::PlayerSpec;

/// A game without its wall times: index, opening, moves, A first, seeds, (column, score, nodes) per move.
type Played = (u64, String, String, bool, [u64; 2], Vec<(u8, i32, u64)>);

/// Everything about a game except wall times, which never repeat exactly.
fn played(records: &[GameRecord]) -> Vec<Played> {
    records
        .iter()
        .map(|r| {
            let stats = r
                .stats
                .iter()
                .map(|m| (m.column.number(), m.score.number(), m.nodes))
                .collect();
            (
                r.game,
                r.opening.clone(),
                r.moves.clone(),
                r.a_first,
                r.seeds,
                stats,
            )
        })
        .collect()
}

fn config(a: &str, b: &str, games: u64, seed: u64, openings: Openings) -> MatchConfig {
    let contestant = |label: &str, spec: &str| Contestant {
        label: label.into(),
        spec: PlayerSpec::parse(spec, 0).unwrap(),
    };
    MatchConfig {
        a: contestant("A", a),
        b: contestant("B", b),
        games,
        seed,
        openings,
        first: FirstPolicy::Alternate,
        sprt: None,
    }
}

#[test]
fn same_seed_same_games_other_seed_other_games() {
    let c = config(
        "alphabeta:depth=3,eval=center,tiebreak=random",
        "random",
        30,
        5,
        Openings::None,
    );
    let one = run_match(&c, vec![], None, &Quiet).unwrap();
    let two = run_match(&c, vec![], None, &Quiet).unwrap();
    assert!(played(&one) == played(&two), "same seed, same games");
    let other = run_match(&MatchConfig { seed: 6, ..c }, vec![], None, &Quiet).unwrap();
    assert_ne!(
        one.iter().map(|r| &r.moves).collect::<Vec<_>>(),
        other.iter().map(|r| &r.moves).collect::<Vec<_>>()
    );
}

#[test]
fn paired_openings_swap_colours() {
    let c = config(
        "alphabeta:depth=2,eval=center",
        "alphabeta:depth=2,eval=kang",
        20,
        3,
        Openings::Random(3),
    );
    let records = run_match(&c, vec![], None, &Quiet).unwrap();
    for pair in records.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(pair[0].opening.len(), 3);
        assert!(pair[0].a_first && !pair[1].a_first);
        assert!(pair[0].moves.starts_with(&pair[0].opening));
    }
    let list = Openings::List(vec!["44".into(), "17".into()]);
    let records = run_match(
        &config("random", "random", 8, 1, list),
        vec![],
        None,
        &Quiet,
    )
    .unwrap();
    let openings: Vec<&str> = records.iter().map(|r| r.opening.as_str()).collect();
    assert_eq!(openings, ["44", "44", "17", "17", "44", "44", "17", "17"]);
}

#[test]
fn move_statistics_belong_to_the_right_side() {
    let c = config(
        "alphabeta:depth=4,eval=center",
        "random",
        10,
        2,
        Openings::Random(1),
    );
    for record in run_match(&c, vec![], None, &Quiet).unwrap() {
        let a: Vec<_> = record.moves_of(true).collect();
        let b: Vec<_> = record.moves_of(false).collect();
        assert_eq!(a.len() + b.len(), record.stats.len());
        assert!(
            a.iter().all(|m| m.depth == 4),
            "A searches depth 4: {record:?}"
        );
        assert!(b.iter().all(|m| m.depth == 0), "B is random");
        assert_eq!(
            record.moves.len(),
            record.opening.len() + record.stats.len()
        );
    }
}

#[test]
fn resume_after_a_kill_mid_write_plays_exactly_the_missing_games() {
    let dir = std::env::temp_dir().join(format!("c4-arena-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("games.jsonl");
    let c = config(
        "alphabeta:depth=2,eval=center,tiebreak=random",
        "random",
        24,
        9,
        Openings::None,
    );
    let full = run_match(&c, vec![], None, &Quiet).unwrap();
    // A first run that got 10 games in, the last line cut short by the kill.
    {
        let mut log = GameLog::open(&path, None).unwrap();
        for record in &full[..10] {
            log.append(record).unwrap();
        }
    }
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 25]).unwrap();
    let loaded = GameLog::load(&path).unwrap();
    assert_eq!(loaded.records.len(), 9);
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    let mut log = GameLog::open(&path, Some(&loaded)).unwrap();
    let resumed = run_match(&c, loaded.records, Some(&mut log), &Quiet).unwrap();
    assert!(
        played(&resumed) == played(&full),
        "the resumed run equals the uninterrupted one"
    );
    let reloaded = GameLog::load(&path).unwrap();
    assert!(reloaded.warnings.is_empty());
    let mut games: Vec<u64> = reloaded.records.iter().map(|r| r.game).collect();
    games.sort();
    assert_eq!(
        games,
        (0..24).collect::<Vec<_>>(),
        "no game twice, none missing"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_line_in_the_middle_is_an_error_not_a_silent_drop() {
    let dir = std::env::temp_dir().join(format!("c4-arena-broken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.jsonl");
    let record = play_game(&config("random", "random", 2, 1, Openings::None), 0).unwrap();
    let line = serde_json::to_string(&record).unwrap();
    std::fs::write(&path, format!("{line}\nnot json\n{line}\n")).unwrap();
    assert!(GameLog::load(&path).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    let mut c = config(
        "alphabeta:depth=4,eval=threats",
        "random",
        2000,
        4,
        Openings::None,
    );
    c.sprt = Some(Sprt::parse("0,50").unwrap());
    let records = run_match(&c, vec![], None, &Quiet).unwrap();
    assert!(records.len() < 100, "stopped after {} games", records.len());
    let summary = MatchSummary::of(&records, 4, c.sprt.as_ref());
    assert_eq!(
        summary.sprt.unwrap().3,
        c4_arena::stats::SprtVerdict::AcceptH1
    );
    assert!(summary.wdl.wins > summary.wdl.losses);
    assert_eq!(tally(&records).games(), records.len() as u64);
    assert!(
        records
            .iter()
            .all(|r| r.result != GameResult::Loss || r.winner.is_some())
    );
}
