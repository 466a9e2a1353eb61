//! `perfect:layers=DIR` and `engine:layers=DIR`: the ply-12 layer consulted beside the book,
//! the same answers in fewer nodes; refused where it cannot answer.

use c4_core::AnySize;
use c4_eval::SeededRng;
use c4_options::SpecError;
use c4_players::{PlayerSpec, parse_agent};
use c4_search::search::MoveValue;
use rand::SeedableRng;
use std::path::Path;

fn committed() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../c4-layers/data/ply12")
        .display()
        .to_string()
}

#[test]
fn perfect_with_the_layers_answers_as_without_in_fewer_nodes() {
    let text = format!("perfect:time=none,layers={}", committed());
    let spec = PlayerSpec::parse(&text, 0).unwrap();
    assert_eq!(spec.to_string(), text);
    let builtin = PlayerSpec::parse("perfect:time=none,layers=builtin", 0).unwrap();
    assert_eq!(builtin.to_string(), "perfect:time=none", "the default");
    let mut plain = parse_agent("perfect:time=none,layers=none", 0).unwrap();
    let mut layered = parse_agent(&text, 0).unwrap();
    let mut rng = SeededRng::seed_from_u64(12);
    let mut nodes = [0u64; 2];
    for ply in [10, 11, 12] {
        let mut played = 0;
        while played < 4 {
            let game = c4_search::random_play(&mut rng, ply);
            if game.position().is_over() || game.position().moves_played() != ply as u32 {
                continue;
            }
            played += 1;
            let (a, b) = (plain.choose(&game), layered.choose(&game));
            assert_eq!(a.score, b.score, "{:?}", game.position());
            nodes[0] += a.nodes;
            nodes[1] += b.nodes;
        }
    }
    assert!(nodes[1] < nodes[0], "{nodes:?}");
}

#[test]
fn the_layers_are_refused_on_another_board_and_when_missing() {
    let refused = |text: &str, size: Option<&str>| {
        let spec = PlayerSpec::parse(text, 0).unwrap();
        let built = match size {
            None => spec.build().map(|_| ()),
            Some(size) => spec
                .build_in(AnySize::new(size.parse().unwrap()))
                .map(|_| ()),
        };
        match built {
            Err(error @ SpecError::Unavailable { key: "layers", .. }) => error.to_string(),
            other => panic!("{text}: {:?}", other.err()),
        }
    };
    let on_6x5 = refused(&format!("engine:layers={}", committed()), Some("6x5"));
    assert!(on_6x5.contains("not of the 6x5 board"), "{on_6x5}");
    let missing = refused("perfect:layers=/nonexistent/ply12", None);
    assert!(missing.contains("/nonexistent/ply12"), "{missing}");
}

#[test]
fn the_engine_reads_the_layer_beside_its_book() {
    // A ply-11 position whose every reply is in a finished chunk: the book's move, no search.
    let game = c4_core::Game::from_moves("44444433333").unwrap();
    let text = format!("engine:time=2000,layers={}", committed());
    let mut layered = parse_agent(&text, 0).unwrap();
    let report = layered.choose(&game);
    assert_eq!(report.nodes, 0, "{report:?}");
    assert!(matches!(report.score, MoveValue::Exact(_)), "{report:?}");
    let mut plain = parse_agent("engine:time=2000,layers=none,threads=1", 0).unwrap();
    let searched = plain.choose(&game);
    assert!(searched.nodes > 0, "{searched:?}");
    // With another book the built-in layer is not read; a folder is.
    let spec = PlayerSpec::parse("engine:book=none,layers=builtin", 0).unwrap();
    assert!(!spec.to_string().contains("layers"), "{spec}");
}
