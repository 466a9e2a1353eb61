//! The evaluator registry and the player specs: names, documentation, round trips, mirror
//! symmetry, seeded randomness, defaults, clamping, and specs fuzzed.

use crate::support::random_games;
use c4_core::{Game, Player, Position};
use c4_eval::{EVALUATORS, EvalSpec, Evaluator, parse_evaluator};
use c4_players::{PLAYER_KINDS, PlayerSpec, parse_agent};
use proptest::prelude::*;

#[test]
fn registry_names_are_unique_documented_and_round_trip() {
    let mut names: Vec<&str> = EVALUATORS.iter().map(|e| e.name).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), EVALUATORS.len());
    for entry in EVALUATORS {
        assert!(
            !entry.summary.is_empty() && !entry.citation.is_empty(),
            "{}",
            entry.name
        );
        for option in entry.options.docs() {
            assert!(!option.help.is_empty(), "{}:{}", entry.name, option.key);
        }
        let parsed = EvalSpec::parse(entry.name).unwrap();
        assert_eq!(
            parsed.to_string(),
            entry.name,
            "defaults print as the bare name"
        );
        // Every documented default parses and changes nothing.
        let all_defaults: Vec<String> = entry
            .options
            .docs()
            .iter()
            .map(|o| format!("{}={}", o.key, o.default))
            .collect();
        let spelled = format!("{}:{}", entry.name, all_defaults.join(","));
        assert_eq!(
            EvalSpec::parse(&spelled).unwrap().to_string(),
            entry.name,
            "{spelled}"
        );
    }
    let custom = EvalSpec::parse("lines:block=3,good=7,skyline=off").unwrap();
    assert_eq!(
        EvalSpec::parse(&custom.to_string()).unwrap().to_string(),
        custom.to_string()
    );
    assert!(
        parse_evaluator("center:nonsense=1", 0)
            .unwrap_err()
            .to_string()
            .contains("valid options: sides")
    );
}

#[test]
fn symmetric_evaluators_score_mirrors_equally() {
    for eval in [
        "kang",
        "center",
        "corners",
        "connected",
        "lines",
        "threats",
        "zero",
        "itu",
    ] {
        let mut e = parse_evaluator(eval, 0).unwrap();
        for game in random_games(8, 200, 40) {
            let mut mirror = Game::new();
            for c in game.moves() {
                mirror.try_play(c.mirrored()).unwrap();
            }
            for view in [Player::Red, Player::Yellow] {
                let a = e.evaluate(game.position(), view, game.last_move());
                let b = e.evaluate(mirror.position(), view, mirror.last_move());
                assert_eq!(a, b, "{eval} at {}", game.move_string());
            }
        }
    }
}

#[test]
fn ayoub_matrices_sum_the_squares() {
    // Red d1 (7) and c1 (5); yellow d2 (10): center = 12 - 10 for red, own-only = 12.
    let p: Position = "4434".parse().unwrap_or_else(|_| "443".parse().unwrap());
    let mut both = parse_evaluator("center", 0).unwrap();
    let mut own = parse_evaluator("center:sides=own", 0).unwrap();
    let position: Position = "443".parse().unwrap();
    assert_eq!(own.evaluate(&position, Player::Red, None), 7 + 5);
    assert_eq!(both.evaluate(&position, Player::Red, None), 7 + 5 - 10);
    assert_eq!(both.evaluate(&position, Player::Yellow, None), 10 - 12);
    let mut corners = parse_evaluator("corners:sides=own", 0).unwrap();
    assert_eq!(corners.evaluate(&position, Player::Red, None), 3 + 8);
    let _ = p;
}

#[test]
fn naive_scores_are_in_range_and_seeded() {
    let mut a = parse_evaluator("naive", 42).unwrap();
    let mut b = parse_evaluator("naive", 42).unwrap();
    let mut stream = parse_evaluator("naive:mode=stream", 42).unwrap();
    for game in random_games(9, 200, 30) {
        let (x, y) = (
            a.evaluate(game.position(), Player::Red, None),
            b.evaluate(game.position(), Player::Red, None),
        );
        assert_eq!(x, y, "same seed, same scores");
        assert!((0..50).contains(&x));
        assert!((0..50).contains(&stream.evaluate(game.position(), Player::Red, None)));
    }
}

#[test]
fn kang_random_every_third_move_and_ayoub_tiebreak_are_reproducible() {
    for spec in [
        "alphabeta:depth=3,eval=kang,random-every=3,seed=5",
        "alphabeta:depth=3,eval=center,tiebreak=random,seed=5",
    ] {
        let play = || {
            let mut red = parse_agent(spec, 0).unwrap();
            let mut yellow = parse_agent(spec, 0).unwrap();
            let mut game = Game::new();
            while !game.position().is_over() {
                let agent = if game.position().side_to_move() == Player::Red {
                    &mut red
                } else {
                    &mut yellow
                };
                let c = agent.choose(&game).column;
                game.try_play(c).unwrap();
            }
            game.move_string()
        };
        assert_eq!(play(), play(), "{spec}");
    }
}

#[test]
fn the_random_move_counts_own_or_game_moves_and_picks_two_best_or_any() {
    // After 4 plies a player is at its own 3rd move and at the game's 5th.
    let game = Game::from_moves("4455").unwrap();
    let note = |spec: &str| parse_agent(spec, 0).unwrap().choose(&game).note;
    let base = "alphabeta:depth=3,eval=center,random-every=3";
    assert!(note(base).unwrap().contains("two best"));
    assert!(
        note(&format!("{base},random-pick=any"))
            .unwrap()
            .contains("among the 7 legal columns")
    );
    assert_eq!(note(&format!("{base},random-count=game")), None);
    let at_game_move = "alphabeta:depth=3,eval=center,random-every=5,random-count=game";
    assert!(note(at_game_move).unwrap().contains("two best"));
    // Any legal column: over seeds, the random move reaches columns beyond the two best.
    let columns: std::collections::HashSet<_> = (0..40)
        .map(|seed| {
            parse_agent(&format!("{base},random-pick=any,seed={seed}"), 0)
                .unwrap()
                .choose(&game)
                .column
        })
        .collect();
    assert!(columns.len() > 2, "{columns:?}");
}

#[test]
fn specs_round_trip_through_their_text() {
    for text in [
        "minimax:depth=4,eval=kang,features=12",
        "alphabeta:depth=5,eval=center,tt=on,order=best,tiebreak=random,win-score=100,seed=3",
        "minimax:depth=6,time=250,eval=naive",
        "alphabeta:depth=42,time=2000,eval=kang",
        "engine:time=250,eval=lines,preset=aggressive",
        "random:seed=9",
        "perfect:time=100",
        "perfect:time=none,book=none",
        "engine:depth=none",
        "engine:threads=auto",
        "engine:threads=1",
        "engine:threads=2",
        "easy",
        "medium",
        "hard",
        "perfect",
    ] {
        let spec = PlayerSpec::parse(text, 0).unwrap();
        let again = PlayerSpec::parse(&spec.to_string(), 0).unwrap();
        assert_eq!(spec, again, "{text} -> {spec}");
    }
    for (bad, needle) in [
        ("frob", "valid players"),
        ("alphabeta:depth=0", "out of range"),
        ("alphabeta:depth=99", "out of range"),
        ("alphabeta:eval=nope", "valid evaluators"),
        ("minimax:tt=on", "valid options"),
        ("engine:time=abc", "not valid"),
        ("engine:time=none", "not valid"),
        ("alphabeta:time=0", "out of range: expected none or 1 to"),
        ("perfect:time=soon", "expected none or an integer from 1"),
        ("alphabeta:depth", "no value"),
        ("alphabeta:depth=3,depth=4", "twice"),
        ("easy:depth=3", "takes no options"),
    ] {
        let err = PlayerSpec::parse(bad, 0).unwrap_err().to_string();
        assert!(err.contains(needle), "{bad}: {err}");
    }
}

#[test]
fn documented_player_defaults_are_the_defaults() {
    // Every default as `c4 evals` shows it, `none` included, is a value the parser takes.
    for entry in c4_players::PLAYER_KINDS {
        let spelled: Vec<String> = entry
            .docs()
            .iter()
            .map(|o| format!("{}={}", o.key, o.default))
            .collect();
        if spelled.is_empty() {
            continue;
        }
        let text = format!("{}:{}", entry.name, spelled.join(","));
        let spelled = PlayerSpec::parse(&text, 0).unwrap_or_else(|e| panic!("{text}: {e}"));
        // A bare name that is also a level (`perfect`) means the level: spell one option.
        let is_level = c4_players::LEVELS.iter().any(|l| l.name == entry.name);
        let bare_text = if is_level {
            format!(
                "{}:{}",
                entry.name,
                text.split_once(':').unwrap().1.split(',').next().unwrap()
            )
        } else {
            entry.name.to_owned()
        };
        let bare = PlayerSpec::parse(&bare_text, 0).unwrap();
        assert_eq!(spelled, bare, "{text} vs {bare_text}");
    }
}

#[test]
fn clamped_specs_stop_at_the_time_cap_and_say_so() {
    let mut spec = PlayerSpec::parse("alphabeta:depth=42,eval=kang", 0).unwrap();
    // An untimed search is capped without a note: the move's note says if the cap cut it.
    let notes = spec.clamp(42, 200);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(spec.to_string(), "alphabeta:depth=42,time=200,eval=kang");
    let game = Game::from_moves("44").unwrap();
    // No machine finishes depth 42 from the second ply, so only the cap ends this move: its
    // answer, with the note below, is what shows the cap was kept. How long the move took is
    // not asserted; a busy machine only stops it higher in the tree.
    let mut agent = spec.build().unwrap();
    assert_eq!(agent.spec(), "alphabeta:depth=42,time=200,eval=kang");
    let report = agent.choose(&game);
    assert!(game.position().can_play(report.column));
    let note = report.note.unwrap_or_default();
    assert!(note.contains("stopped at the time limit"), "{note}");
    assert_eq!(report.depth, 0, "no depth completed");

    let zero = PlayerSpec::parse("minimax:time=0", 0).unwrap_err();
    assert!(zero.to_string().contains("out of range"));
    let mut long = PlayerSpec::parse("engine:time=1000000000", 0).unwrap();
    assert_eq!(
        long.clamp(42, 500),
        ["time 1000000000 ms clamped to 500 ms"]
    );
    // `threads=auto` is every core the process may use: under a cap, at most the cap's, with
    // nothing to note and the spec's text unchanged.
    let mut auto = PlayerSpec::parse("engine:time=100", 0).unwrap();
    assert!(auto.clamp_resources(20, 1).is_empty());
    assert!(
        matches!(&auto, PlayerSpec::Engine(s) if s.threads.is_none() && s.auto_threads_cap == Some(1)),
        "{auto}"
    );
    assert_eq!(
        auto.to_string(),
        PlayerSpec::parse("engine:time=100", 0).unwrap().to_string()
    );
    let mut all = PlayerSpec::parse("engine:time=100", 0).unwrap();
    assert!(all.clamp_resources(20, 64).is_empty());
    assert!(
        matches!(&all, PlayerSpec::Engine(s) if s.threads.is_none()),
        "auto within the cap stays auto: {all}"
    );
    // A search that finishes in time plays exactly as without the cap.
    let capped = PlayerSpec::parse("alphabeta:depth=3,time=60000,eval=center", 0).unwrap();
    let free = PlayerSpec::parse("alphabeta:depth=3,eval=center", 0).unwrap();
    let a = capped.build().unwrap().choose(&game);
    let b = free.build().unwrap().choose(&game);
    assert_eq!((a.column, a.score, a.note), (b.column, b.score, None));
}

proptest! {
    #[test]
    fn spec_parser_never_panics(text in ".{0,80}") {
        let _ = PlayerSpec::parse(&text, 0);
        let _ = parse_evaluator(&text, 0);
    }

    #[test]
    fn structured_specs_never_panic(
        algo in prop::sample::select(vec!["minimax", "alphabeta", "engine", "random", "perfect", "x"]),
        key in prop::sample::select(vec!["depth", "eval", "time", "tt", "order", "seed", "win-score", "features", "block", "mode", "random-every"]),
        value in "[-a-z0-9]{0,12}",
    ) {
        let _ = PlayerSpec::parse(&format!("{algo}:{key}={value}"), 0);
    }
}

/// Values for the fuzzed options: numbers, words of the choice options, file names, and every
/// evaluator's name from the registry.
fn fuzzed_values() -> Vec<&'static str> {
    let words = [
        "1",
        "2",
        "42",
        "64",
        "27",
        "19",
        "0",
        "none",
        "on",
        "off",
        "random",
        "mover",
        "best",
        "eval",
        "18446744073709551615",
        "builtin",
        "/dev/zero",
        "own",
        "game",
        "any",
        "two-best",
    ];
    let evaluators = EVALUATORS.iter().map(|entry| entry.name);
    words.into_iter().chain(evaluators).collect()
}

#[test]
fn a_player_bound_to_7x6_is_refused_on_another_size_before_it_is_built() {
    let small: c4_core::Size = "6x5".parse().unwrap();
    for text in ["alphabeta:depth=2,eval=kang", "engine:eval=ntuple"] {
        let spec = PlayerSpec::parse(text, 0).unwrap();
        let refused = spec.check_size(small).unwrap_err().to_string();
        assert!(
            refused.contains("7x6, not 6x5") && refused.matches("eval=").count() == 1,
            "{refused}"
        );
        let built = spec.build_in(c4_core::AnySize::new(small)).err().unwrap();
        assert_eq!(
            built.to_string(),
            refused,
            "the build refuses it in the same words"
        );
        assert!(spec.check_size(c4_core::Size::STANDARD).is_ok(), "{text}");
    }
    for text in ["alphabeta:depth=2,eval=threats", "random", "perfect"] {
        let spec = PlayerSpec::parse(text, 0).unwrap();
        assert!(spec.check_size(small).is_ok(), "{text}");
    }
}

/// Specs of every kind of player with up to four options from a list of keys and values,
/// some valid, some not.
fn fuzzed_spec() -> impl Strategy<Value = String> {
    (
        prop::sample::select(
            PLAYER_KINDS
                .iter()
                .map(|kind| kind.name)
                .collect::<Vec<_>>(),
        ),
        prop::collection::vec(
            (
                prop::sample::select(vec![
                    "depth",
                    "time",
                    "tt",
                    "order",
                    "tiebreak",
                    "random-every",
                    "view",
                    "random-count",
                    "random-pick",
                    "win-score",
                    "seed",
                    "solver",
                    "threads",
                    "table",
                    "book",
                    "eval",
                ]),
                prop::sample::select(fuzzed_values()),
            ),
            0..4,
        ),
    )
        .prop_map(|(algo, options)| {
            if options.is_empty() {
                algo.to_owned()
            } else {
                let pairs: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
                format!("{algo}:{}", pairs.join(","))
            }
        })
}

/// Whether `text` is accepted, clamped as the server clamps it, builds and plays a legal
/// move; an error (refused or not built) is `false`, anything else fails the test.
fn accepted_and_plays(text: &str) -> bool {
    let Ok(mut spec) = PlayerSpec::parse(text, 0) else {
        return false;
    };
    spec.clamp(6, 50);
    spec.clamp_resources(20, 2);
    let Ok(mut agent) = spec.build() else {
        return false;
    };
    let game = Game::from_moves("4453").unwrap();
    let report = agent.choose(&game);
    assert!(game.position().can_play(report.column), "{text}");
    true
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever a spec asks for, once clamped as the server clamps it, the player is built
    /// (or refused with an error) and plays a legal move: no panic, no abort.
    #[test]
    fn any_accepted_spec_builds_and_plays(text in fuzzed_spec()) {
        accepted_and_plays(&text);
    }
}

/// The fuzzed specs reach the players: of a fixed sample, a fair share is accepted, built and
/// played (a generator whose every spec is refused would test nothing).
#[test]
fn a_fair_share_of_fuzzed_specs_is_accepted_and_plays() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = fuzzed_spec();
    let samples = 60;
    let accepted = (0..samples)
        .filter(|_| {
            let text = strategy.new_tree(&mut runner).unwrap().current();
            accepted_and_plays(&text)
        })
        .count();
    assert!(
        accepted >= samples / 10,
        "only {accepted} of {samples} fuzzed specs were accepted"
    );
}
