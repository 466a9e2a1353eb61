//! Tests of the dataset build: which positions are selected, and the players named for its
//! games (in the work log's header, playing the games, refused when bad).

use super::*;

fn sample(moves: &str, game: u64) -> Sample {
    Sample {
        size: Size::STANDARD,
        moves: moves.to_owned(),
        score: ExactScore::DRAW,
        columns: vec![Some(ExactScore::DRAW); c4_core::WIDTH],
        game,
        split: Split::Train,
    }
}

#[test]
fn selection_skips_reference_positions_mirrors_repeats_and_games_not_done() {
    let reference = reference_positions::set("Test_L2_R2").unwrap()[0]
        .moves
        .clone();
    let mut done = std::collections::BTreeMap::new();
    done.insert(
        0,
        GameWork {
            game: 0,
            samples: vec![sample(&reference, 0), sample("7777776666665", 0)],
        },
    );
    // "1111112222223" is the mirror of "7777776666665".
    done.insert(
        1,
        GameWork {
            game: 1,
            samples: vec![sample("1111112222223", 1), sample("7777775", 1)],
        },
    );
    done.insert(
        3,
        GameWork {
            game: 3,
            samples: vec![sample("22", 3)],
        },
    );
    let mut selection = Selection::default();
    selection.advance(10, &done, &reference_keys());
    let chosen: Vec<String> = selection
        .samples(&done)
        .into_iter()
        .map(|s| s.moves)
        .collect();
    assert_eq!(chosen, ["7777776666665", "7777775"]);
}

/// The selection kept up to date game by game, the games labelled out of order, takes what a
/// selection of all the games at once takes, up to its cap, which falls inside a game.
#[test]
fn a_selection_kept_as_games_come_takes_what_one_of_them_all_takes() {
    let games: [&[&str]; 6] = [
        &["44", "4455"],
        &["1111112222223", "7777776666665"],
        &["43", "45", "4455"],
        &["3", "5"],
        &["12", "76", "67"],
        &["2", "6", "4"],
    ];
    let work = |game: usize| GameWork {
        game: game as u64,
        samples: games[game].iter().map(|m| sample(m, game as u64)).collect(),
    };
    let excluded = HashSet::new();
    for cap in [1, 4, 6, 7, 100] {
        let mut all = BTreeMap::new();
        let mut kept = Selection::default();
        for game in [1, 0, 3, 2, 5, 4] {
            all.insert(game as u64, work(game));
            kept.advance(cap, &all, &excluded);
        }
        let mut once = Selection::default();
        once.advance(cap, &all, &excluded);
        let moves = |s: &Selection| -> Vec<String> {
            s.samples(&all).into_iter().map(|s| s.moves).collect()
        };
        assert_eq!(moves(&kept), moves(&once), "cap {cap}");
        // Nine positions in all: the rest are repeats or mirror images.
        assert_eq!(kept.len(), cap.min(9), "cap {cap}");
    }
}

#[test]
fn named_players_enter_the_header_play_the_games_and_a_bad_one_is_refused() {
    let players = vec![
        "alphabeta:depth=2,eval=ntuple,tiebreak=random,random-every=6".to_owned(),
        "random".to_owned(),
    ];
    let spec = DatasetSpec {
        positions: 8,
        plies: 4..=36,
        per_game: 4,
        valid_percent: 10,
        seed: 5,
        source: Source::Players(players.clone()),
        size: Size::STANDARD,
        exclude: Vec::new(),
    };
    assert!(
        spec.header()
            .ends_with(&format!("source=players:{} ; random", players[0])),
        "{}",
        spec.header()
    );
    assert_eq!(spec.source.check_players(Size::STANDARD).unwrap().len(), 2);
    let pool = DatasetSpec {
        source: Source::Generated,
        ..spec.clone()
    };
    assert!(pool.header().ends_with("source=generated"));

    // The network's self-play, sampled late: plies past 30 are labelled.
    let late = DatasetSpec {
        plies: 28..=36,
        source: Source::Players(players[..1].to_vec()),
        ..spec.clone()
    };
    let mut solver = Solver::new(20);
    solver.set_book(Some(c4_books::OpeningBook::store(
        c4_books::OpeningBook::builtin(),
    )));
    let mut plies = Vec::new();
    for index in 0..16 {
        let work = label_game(&late, &mut solver, index, None).unwrap();
        for sample in &work.samples {
            let position = sample.position().unwrap();
            assert!(late.plies.contains(&position.moves_played()));
            assert_eq!(
                Some(sample.score),
                sample.columns.iter().flatten().copied().max()
            );
            plies.push(position.moves_played());
        }
    }
    assert!(plies.len() >= 3, "late plies sampled: {plies:?}");

    for (bad, message) in [
        ("alphabeta:depth=x", "player alphabeta:depth=x"),
        (
            "alphabeta:depth=2,eval=ntuple,weights=/no/such/file",
            "/no/such/file",
        ),
    ] {
        let source = Source::Players(vec!["random".to_owned(), bad.to_owned()]);
        let error = source
            .check_players(Size::STANDARD)
            .unwrap_err()
            .to_string();
        assert!(error.contains(message), "{bad}: {error}");
    }
    assert!(matches!(
        Source::Players(Vec::new()).check_players(Size::STANDARD),
        Err(DatasetError::NoPlayers)
    ));
}

/// A build told to leave out a dataset keeps none of its positions, nor their mirrors, and
/// a dataset of another board is refused by name.
#[test]
fn a_build_leaves_out_the_positions_of_the_datasets_it_is_told_to() {
    let dir = std::env::temp_dir().join(format!("c4-dataset-exclude-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let spec = |seed, exclude: Vec<PathBuf>| DatasetSpec {
        positions: 60,
        plies: 4..=10,
        per_game: 4,
        valid_percent: 10,
        seed,
        source: Source::Players(vec!["random".to_owned()]),
        // A board whose positions solve at once without a book.
        size: Size::new(5, 4).unwrap(),
        exclude,
    };
    struct Quiet;
    impl BuildProgress for Quiet {
        fn game_done(&self, _: u64, _: usize) {}
        fn warn(&self, _: &str) {}
    }
    let held = dir.join("held.jsonl");
    let first = build(&spec(3, vec![]), &dir.join("a"), 16, None, &Quiet).unwrap();
    write(&held, &first).unwrap();
    let held_keys: HashSet<u64> = first.iter().filter_map(canonical_key).collect();
    // The same seed's games again: without the file every position would be one of them.
    let again = build(
        &spec(3, vec![held.clone()]),
        &dir.join("b"),
        16,
        None,
        &Quiet,
    )
    .unwrap();
    assert_eq!(again.len(), 60);
    assert!(
        again
            .iter()
            .all(|s| !held_keys.contains(&canonical_key(s).unwrap()))
    );

    let small = DatasetSpec {
        size: Size::new(4, 4).unwrap(),
        plies: 4..=10,
        exclude: vec![held.clone()],
        ..spec(4, vec![])
    };
    let refused = build(&small, &dir.join("c"), 16, None, &Quiet).unwrap_err();
    assert!(
        matches!(refused, DatasetError::ExcludeSize { .. }),
        "{refused}"
    );
    assert!(refused.to_string().contains("held.jsonl"), "{refused}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A build resumed for more positions than its log's games give labels the next games: the
/// rounds labelled before are read from the log, not taken for rounds that added nothing.
#[test]
fn a_resumed_build_asked_for_more_labels_more_games() {
    let dir = std::env::temp_dir().join(format!("c4-dataset-more-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let spec = |positions| DatasetSpec {
        positions,
        plies: 4..=10,
        per_game: 4,
        valid_percent: 10,
        seed: 5,
        source: Source::Players(vec!["random".to_owned()]),
        size: Size::new(5, 4).unwrap(),
        exclude: Vec::new(),
    };
    struct Quiet;
    impl BuildProgress for Quiet {
        fn game_done(&self, _: u64, _: usize) {}
        fn warn(&self, _: &str) {}
    }
    let work = dir.join("work");
    build(&spec(20), &work, 16, None, &Quiet).unwrap();
    // Every position of the games labelled so far: one more needs more games.
    let first = DatasetWork::open(&spec(usize::MAX), &work)
        .unwrap()
        .selected();
    let more = build(&spec(first.len() + 1), &work, 16, None, &Quiet).unwrap();
    assert!(more.len() > first.len());
    assert_eq!(more[..first.len()], first[..]);
    std::fs::remove_dir_all(&dir).unwrap();
}
