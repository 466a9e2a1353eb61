//! Tests of fitting a network to the solver's labels: on a tiny dataset labelled here, the
//! loss falls, the weights follow from the seed alone (a fingerprint), a paused run resumes
//! to the same file, another setting is refused by name, and a bad line by its number; on
//! another board, a network of that board is fitted; positions left out are as if never read.

use super::fit::{self, Loss};
use super::fit_run::{self, FitEnd, FitRequest, NETWORK_FILE};
use super::spec::TupleLayout;
use super::{DatasetLineError, LearnError};
use c4_core::{AnySize, Column, Geometry, Position, Size};
use c4_dataset::{self as dataset, Sample, Split};
use c4_eval::SeededRng;
use c4_eval::ntuple::file as weights_file;
use c4_solver::{SolveLimits, Solver};
use rand::{RngExt, SeedableRng};
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-fit-{}-{name}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `count` positions of 22 to 30 plies from random games, every column solved; one in five
/// held out.
fn tiny_dataset(path: &Path, count: usize) {
    tiny_dataset_in(path, count, Size::STANDARD, 22..=30);
}

/// The same on the board `size`, positions of `plies`.
fn tiny_dataset_in(path: &Path, count: usize, size: Size, plies: std::ops::RangeInclusive<u32>) {
    let geometry = AnySize::new(size);
    let mut rng = SeededRng::seed_from_u64(7);
    let mut solver = Solver::new_in(20, geometry);
    let mut samples = Vec::new();
    let mut game = 0;
    while samples.len() < count {
        game += 1;
        let plies = rng.random_range(plies.clone());
        let mut position = Position::new_in(geometry);
        let mut moves = String::new();
        while position.moves_played() < plies && !position.is_over() {
            let legal: Vec<Column> = position.legal_moves().collect();
            let column = legal[rng.random_range(0..legal.len())];
            position.play_unchecked(column);
            moves.push(char::from(b'1' + column.index() as u8));
        }
        if position.is_over() {
            continue;
        }
        let (columns, _) = solver
            .analyze_columns(&position, false, SolveLimits::default())
            .unwrap();
        samples.push(Sample {
            size: geometry.size(),
            moves,
            score: columns.iter().flatten().copied().max().unwrap(),
            columns,
            game,
            split: if game % 5 == 0 {
                Split::Valid
            } else {
                Split::Train
            },
        });
    }
    dataset::write(path, &samples).unwrap();
}

fn request(data: &Path) -> FitRequest {
    FitRequest {
        dataset: data.to_owned(),
        exclude: Vec::new(),
        from: None,
        tuples: 12,
        length: 5,
        layout: TupleLayout::Lines,
        epochs: 6,
        batch: 4,
        rate: 0.02,
        rate_end: 0.005,
        loss: Loss::Logistic,
        distance: 0.0,
        children: true,
        seed: 3,
    }
}

#[test]
fn fitting_lowers_the_loss_reproducibly_and_resumes_to_the_same_weights() {
    let dir = scratch("fit");
    let data = dir.join("tiny.jsonl");
    tiny_dataset(&data, 120);
    let ask = request(&data);
    let mut rows = Vec::new();
    let end = fit_run::run(&dir.join("whole"), &ask, None, &mut |m| rows.push(*m)).unwrap();
    let FitEnd::Finished(network) = end else {
        panic!("six epochs finish")
    };
    assert_eq!(rows.len(), 7);
    let examples = fit::read_examples(&data).unwrap();
    let (after, _) = fit::measure(&network, &examples.train, 0.0);
    assert!(rows[0].train_mse > 0.3, "{:?}", rows[0]);
    assert!(after < 0.5 * rows[0].train_mse, "{after} {:?}", rows[0]);
    assert!(rows[6].train_mse < rows[1].train_mse, "{rows:?}");
    let bytes = std::fs::read(dir.join("whole").join(NETWORK_FILE)).unwrap();
    assert_eq!(weights_file::fingerprint(&bytes), 2_903_999_942, "{rows:?}");

    let paused = fit_run::run(&dir.join("parts"), &ask, Some(2), &mut |_| {}).unwrap();
    assert!(matches!(paused, FitEnd::Paused { epochs: 2 }));
    let other = FitRequest {
        rate: 0.03,
        ..ask.clone()
    };
    let refused = fit_run::run(&dir.join("parts"), &other, None, &mut |_| {}).unwrap_err();
    assert!(
        refused.to_string().contains("rate: the run has 0.02"),
        "{refused}"
    );
    fit_run::run(&dir.join("parts"), &ask, None, &mut |_| {}).unwrap();
    let resumed = std::fs::read(dir.join("parts").join(NETWORK_FILE)).unwrap();
    assert_eq!(resumed, bytes);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bad_line_is_refused_with_the_file_and_its_number() {
    let dir = scratch("bad");
    let good = r#"{"moves":"4444","score":1,"columns":[-1,0,0,1,0,0,-1],"game":0,"split":"train"}"#;
    let cases = [
        ("not json", "expected"),
        (
            r#"{"moves":"4444","score":2,"columns":[-1,0,0,1,0,0,-1],"game":0,"split":"train"}"#,
            "not the best column's",
        ),
        (
            r#"{"moves":"444444","score":1,"columns":[-1,0,0,1,0,0,-1],"game":0,"split":"train"}"#,
            "column 4 is full",
        ),
        (
            r#"{"moves":"4449","score":1,"columns":[-1,0,0,1,0,0,-1],"game":0,"split":"train"}"#,
            "moves",
        ),
        (
            r#"{"moves":"4444","score":1,"columns":[-1,0,0,1,0,0],"game":0,"split":"train"}"#,
            "6 column scores, not 7",
        ),
        (
            r#"{"size":"5x4","moves":"33","score":1,"columns":[-1,0,1,0,-1],"game":0,"split":"train"}"#,
            "a position of the 5x4 board, where the dataset's first is of the 7x6 board",
        ),
    ];
    for (line, reason) in cases {
        let path = dir.join("data.jsonl");
        std::fs::write(&path, format!("{good}\n\n{line}\n")).unwrap();
        let error = fit::read_examples(&path).unwrap_err().to_string();
        assert!(error.contains("data.jsonl, line 3: "), "{error}");
        assert!(error.contains(reason), "{error}");
    }
    // The reason is typed: a caller tells a game that is over from any other fault.
    let path = dir.join("over.jsonl");
    std::fs::write(
        &path,
        r#"{"moves":"4455667","score":1,"columns":[-1,0,0,1,0,0,-1],"game":0,"split":"train"}"#,
    )
    .unwrap();
    let error = fit::read_examples(&path).unwrap_err();
    assert!(
        matches!(
            error,
            LearnError::DatasetLine {
                line: 1,
                reason: DatasetLineError::GameOver(_),
                ..
            }
        ),
        "{error:?}"
    );
    let path = dir.join("valid-only.jsonl");
    std::fs::write(&path, good.replace("train", "valid")).unwrap();
    let error = fit::read_examples(&path).unwrap_err().to_string();
    assert!(error.contains("no training positions"), "{error}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_dataset_of_another_board_fits_a_network_of_that_board() {
    let dir = scratch("5x4");
    let data = dir.join("tiny-5x4.jsonl");
    let size: Size = "5x4".parse().unwrap();
    tiny_dataset_in(&data, 120, size, 6..=12);
    let examples = fit::read_examples(&data).unwrap();
    assert_eq!(examples.size, size);
    let ask = request(&data);
    let mut rows = Vec::new();
    let end = fit_run::run(&dir.join("fresh"), &ask, None, &mut |m| rows.push(*m)).unwrap();
    let FitEnd::Finished(network) = end else {
        panic!("six epochs finish")
    };
    assert_eq!(network.size(), size);
    let (after, _) = fit::measure(&network, &examples.on(AnySize::new(size)).train, 0.0);
    assert!(after < 0.5 * rows[0].train_mse, "{after} {:?}", rows[0]);

    // A network of the board continues; one of another board is refused, naming both.
    let fitted = dir.join("fresh").join(NETWORK_FILE);
    let from = FitRequest {
        from: Some(fitted),
        ..ask.clone()
    };
    fit_run::run(&dir.join("again"), &from, None, &mut |_| {}).unwrap();
    let seven = dir.join("seven.jsonl");
    tiny_dataset(&seven, 20);
    let one = FitRequest {
        epochs: 1,
        ..request(&seven)
    };
    fit_run::run(&dir.join("seven"), &one, None, &mut |_| {}).unwrap();
    let other_board = FitRequest {
        from: Some(dir.join("seven").join(NETWORK_FILE)),
        ..ask.clone()
    };
    let refused = fit_run::run(&dir.join("mixed"), &other_board, None, &mut |_| {})
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("a network of the 7x6 board") && refused.contains("of the 5x4 board"),
        "{refused}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn excluded_positions_and_their_mirrors_are_left_out_as_if_never_in_the_dataset() {
    let dir = scratch("exclude");
    let data = dir.join("tiny.jsonl");
    tiny_dataset(&data, 120);
    let lines: Vec<String> = std::fs::read_to_string(&data)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    // Every fourth line is held out: half of them as written, half as their mirror image.
    let mut held = Vec::new();
    let mut kept = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let sample: Sample = serde_json::from_str(line).unwrap();
        match index % 8 {
            0 => held.push(sample),
            4 => held.push(Sample {
                moves: sample
                    .moves
                    .chars()
                    .map(|c| char::from(b'8' - (c as u8 - b'0')))
                    .collect(),
                columns: sample.columns.iter().rev().copied().collect(),
                ..sample
            }),
            _ => kept.push(sample),
        }
    }
    let held_path = dir.join("held.jsonl");
    dataset::write(&held_path, &held).unwrap();
    let kept_path = dir.join("kept.jsonl");
    dataset::write(&kept_path, &kept).unwrap();

    let ask = FitRequest {
        exclude: vec![held_path.clone()],
        ..request(&data)
    };
    let fit = fit_run::prepare(&ask).unwrap();
    assert_eq!(fit.left_out, held.len());
    assert_eq!(
        fit.examples.train.len() + fit.examples.valid.len(),
        kept.len()
    );
    fit_run::run(&dir.join("excluded"), &ask, None, &mut |_| {}).unwrap();
    fit_run::run(
        &dir.join("filtered"),
        &request(&kept_path),
        None,
        &mut |_| {},
    )
    .unwrap();
    let network = |run: &str| std::fs::read(dir.join(run).join(NETWORK_FILE)).unwrap();
    assert_eq!(network("excluded"), network("filtered"));

    // The run records what it left out: a command that leaves out nothing is refused.
    let refused = fit_run::run(&dir.join("excluded"), &request(&data), None, &mut |_| {})
        .unwrap_err()
        .to_string();
    assert!(refused.contains("exclude: the run has"), "{refused}");

    // Positions of another board are refused by name.
    let other = dir.join("tiny-5x4.jsonl");
    tiny_dataset_in(&other, 5, "5x4".parse().unwrap(), 6..=12);
    let mixed = FitRequest {
        exclude: vec![other],
        ..request(&data)
    };
    let refused = fit_run::prepare(&mixed).unwrap_err().to_string();
    assert!(
        refused.contains("exclude is") && refused.contains("the 5x4 board"),
        "{refused}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
