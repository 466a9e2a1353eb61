//! Matches on boards other than 7x6: games played and recorded on their board, records of
//! 7x6 written and read as before.

use c4_arena::matches::{
    Contestant, FirstPolicy, MatchConfig, OpeningError, Openings, Quiet, run_match_in,
};
use c4_arena::record::{GameLog, GameRecord};
use c4_arena::run::{MANIFEST_FILE, OpenRun, RunError, RunKind, RunManifest};
use c4_core::{AnySize, Game, Size};
use c4_players::PlayerSpec;

fn config(games: u64, openings: Openings) -> MatchConfig {
    let contestant = |label: &str, spec: &str| Contestant {
        label: label.into(),
        spec: PlayerSpec::parse(spec, 0).unwrap(),
    };
    MatchConfig {
        a: contestant("A", "alphabeta:depth=2"),
        b: contestant("B", "random"),
        games,
        seed: 3,
        openings,
        first: FirstPolicy::Alternate,
        sprt: None,
    }
}

/// The manifest of a run of the match of `config` on `size`.
fn manifest(config: &MatchConfig, size: Size) -> RunManifest {
    let players = [config.a.clone(), config.b.clone()];
    let (seed, first, openings) = (config.seed, config.first, config.openings.clone());
    RunManifest::new(
        RunKind::Match,
        size,
        &players,
        seed,
        first,
        openings,
        config.games,
    )
}

/// A short match on `size`, each of its records checked against that board.
fn match_on(size: &str, openings: Openings) -> Vec<GameRecord> {
    let size: Size = size.parse().unwrap();
    let records = run_match_in(
        &config(4, openings),
        AnySize::new(size),
        vec![],
        None,
        &Quiet,
    )
    .expect("the match is played");
    assert_eq!(records.len(), 4);
    for record in &records {
        assert_eq!(record.size, size);
        let game = Game::from_moves_in(&record.moves, AnySize::new(size))
            .unwrap_or_else(|e| panic!("{} on {size}: {e}", record.moves));
        assert!(game.position().is_over(), "{}", record.moves);
        assert!(record.moves.starts_with(&record.opening));
        assert_eq!(
            record.stats.len(),
            record.moves.len() - record.opening.len()
        );
    }
    records
}

#[test]
fn a_match_on_6x5_is_played_and_recorded_on_6x5() {
    let records = match_on("6x5", Openings::Random(2));
    assert!(records.iter().all(|r| r.opening.len() == 2));
    let line = serde_json::to_string(&records[0]).unwrap();
    assert!(line.contains(r#""size":"6x5""#), "{line}");
    let read: GameRecord = serde_json::from_str(&line).unwrap();
    assert_eq!(read, records[0]);
}

#[test]
fn a_match_on_10x4_writes_its_moves_in_letters() {
    let records = match_on("10x4", Openings::List(vec!["aj".into()]));
    for record in &records {
        assert!(record.opening == "aj", "{}", record.opening);
        assert!(
            record.moves.chars().all(|c| ('a'..='j').contains(&c)),
            "{}",
            record.moves
        );
    }
}

#[test]
fn a_games_file_of_another_size_reads_back_on_its_board() {
    let records = match_on("10x4", Openings::None);
    let dir = std::env::temp_dir().join(format!("c4-arena-sizes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.jsonl");
    std::fs::remove_file(&path).ok();
    let mut log = GameLog::open(&path, None).unwrap();
    for record in &records {
        log.append(record).unwrap();
    }
    drop(log);
    let loaded = GameLog::load(&path).unwrap();
    assert_eq!(loaded.records, records);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_7x6_record_has_no_size_and_one_without_size_is_7x6() {
    let records = c4_arena::matches::run_match(&config(2, Openings::None), vec![], None, &Quiet)
        .expect("the match is played");
    let line = serde_json::to_string(&records[0]).unwrap();
    assert!(!line.contains("size"), "{line}");
    let read: GameRecord = serde_json::from_str(&line).unwrap();
    assert_eq!(read.size, Size::STANDARD);
    assert_eq!(read, records[0]);
}

#[test]
fn an_opening_off_the_board_names_the_size() {
    let small = AnySize::new("6x5".parse().unwrap());
    let error = Openings::check_in("47", small).unwrap_err();
    assert!(matches!(error, OpeningError::Moves(_)), "{error:?}");
    assert!(error.to_string().contains("6x5"), "{error}");
    assert_eq!(Openings::check_in("46", small), Ok(()));
}

#[test]
fn a_player_bound_to_7x6_is_refused_on_another_board_naming_both() {
    let mut bound = config(2, Openings::None);
    bound.a.spec = PlayerSpec::parse("alphabeta:depth=2,eval=kang", 0).unwrap();
    let size = "6x5".parse().unwrap();
    let error = run_match_in(&bound, AnySize::new(size), vec![], None, &Quiet).unwrap_err();
    let text = error.to_string();
    assert!(text.contains("6x5") && text.contains("7x6"), "{text}");
}

#[test]
fn a_run_folder_keeps_its_board_and_refuses_another() {
    let dir = std::env::temp_dir().join(format!("c4-arena-sizes-run-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let small: Size = "6x5".parse().unwrap();
    let config = config(4, Openings::Random(3));
    let mut run = OpenRun::open(&dir, &manifest(&config, small), false).unwrap();
    let played = run_match_in(
        &config,
        AnySize::new(small),
        vec![],
        Some(&mut run.log),
        &Quiet,
    )
    .unwrap();
    drop(run);
    let text = std::fs::read_to_string(dir.join(MANIFEST_FILE)).unwrap();
    assert!(text.contains(r#""size": "6x5""#), "{text}");
    // Resumed on its board, the run has its games, each checked against the manifest (in
    // the order they finished, which games played side by side choose).
    let resumed = OpenRun::open(&dir, &manifest(&config, small), true).unwrap();
    let by_game = |mut records: Vec<GameRecord>| {
        records.sort_by_key(|record| record.game);
        records
    };
    assert_eq!(by_game(resumed.done.clone()), by_game(played));
    drop(resumed);
    // On another board it is refused, naming both.
    let error = OpenRun::open(&dir, &manifest(&config, Size::STANDARD), true)
        .err()
        .expect("another board is refused");
    assert!(matches!(error, RunError::OtherRun { .. }), "{error}");
    assert!(
        error
            .to_string()
            .contains("--size: the run is on the 6x5 board, not 7x6"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_manifest_without_a_size_is_of_7x6() {
    let dir = std::env::temp_dir().join(format!("c4-arena-sizes-old-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let standard = manifest(&config(2, Openings::None), Size::STANDARD);
    standard.save(&dir).unwrap();
    let text = std::fs::read_to_string(dir.join(MANIFEST_FILE)).unwrap();
    assert!(!text.contains("size"), "{text}");
    assert_eq!(RunManifest::load(&dir).unwrap(), Some(standard));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn verify_and_review_judge_a_game_on_its_board_and_refuse_another_by_name() {
    let record = match_on("6x5", Openings::None).remove(0);
    let small = AnySize::new(record.size);
    // On its board, every move is scored, and the review agrees with the check move by move.
    let mut solver = c4_solver::Solver::new_in(16, small);
    let mut exact = |p: &c4_core::Position<AnySize>| Some(solver.solve(p).unwrap().0);
    let checked = c4_arena::verify::check_game_in(&record, 0, small, &mut exact).unwrap();
    assert_eq!(checked.len(), record.moves.len());
    let review = c4_arena::review::review_record(&record, 0, &mut solver).unwrap();
    assert!(review.complete);
    for (judged, move_checked) in review.reviewed.iter().zip(&checked) {
        assert_eq!(judged.ply, move_checked.ply);
        assert_eq!(
            (judged.score, judged.best),
            (move_checked.score, move_checked.best)
        );
    }
    // On another, the game is refused, both boards named.
    let error = c4_arena::verify::check_game(&record, 0, |_| None).unwrap_err();
    assert!(error.to_string().contains("on the 6x5 board"), "{error}");
    assert!(error.to_string().contains("checked on 7x6"), "{error}");
    let mut solver = c4_solver::Solver::new(10);
    let error = c4_arena::review::review_record(&record, 0, &mut solver).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("on the 6x5 board, the solver on 7x6"),
        "{error}"
    );
}

#[test]
fn a_game_played_by_hand_on_5x4_is_a_record_of_5x4() {
    use c4_arena::played::{Seat, human_move};
    use c4_arena::record::GameResult;
    let size: Size = "5x4".parse().unwrap();
    let stats = |moves: &str| {
        moves
            .chars()
            .map(|c| {
                let column = size.column_from_digit(c).unwrap();
                human_move(size, column, 0, std::time::Duration::ZERO)
            })
            .collect::<Vec<_>>()
    };
    let seats = || [Seat::human("red"), Seat::human("yellow")];
    let record = GameRecord::played(size, seats(), true, "", "5454545", stats("5454545")).unwrap();
    assert_eq!((record.size, record.result), (size, GameResult::Win));
    // Column 5 is off 4x4: the refusal names the board.
    let error = GameRecord::played("4x4".parse().unwrap(), seats(), true, "", "5", stats("5"));
    assert!(error.unwrap_err().to_string().contains("4x4"));
}

/// Random openings as long as the board has cells always end the game: the match is refused
/// before any game, and a draw of such an opening gives up after a bounded number of tries.
#[test]
fn random_openings_that_fill_the_board_are_refused_not_drawn_forever() {
    let size: Size = "4x4".parse().unwrap();
    let geometry = AnySize::new(size);
    let error = run_match_in(
        &config(2, Openings::Random(16)),
        geometry,
        Vec::new(),
        None,
        &Quiet,
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "random openings of 16 plies: the 4x4 board has 16 cells, so an opening that leaves \
         a game to play has at most 15 plies"
    );
    assert_eq!(Openings::Random(15).check_on(size), Ok(()));
    let error =
        c4_arena::matches::opening_for_in(&Openings::Random(16), 3, 0, geometry).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("no random opening of 16 plies on the 4x4 board"),
        "{error}"
    );
    assert!(matches!(
        Openings::Random(20).check_on("5x4".parse().unwrap()),
        Err(OpeningError::RandomTooLong { plies: 20, .. })
    ));
}
