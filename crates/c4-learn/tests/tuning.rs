//! Labelled datasets and Texel tuning, end to end on small data.

use c4_dataset::{self as dataset, BuildProgress, DatasetSpec, Sample, Source, Split};
use c4_eval::EvalSpec;
use c4_learn::tuning::WeightsError;
use c4_learn::tuning::texel::{self, Target, TexelConfig, TexelError};
use c4_solver::Solver;
use std::path::PathBuf;

struct Silent;

impl BuildProgress for Silent {
    fn game_done(&self, _: u64, _: usize) {}
    fn warn(&self, _: &str) {}
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-tuning-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn spec(positions: usize) -> DatasetSpec {
    DatasetSpec {
        positions,
        plies: 22..=34,
        per_game: 2,
        valid_percent: 20,
        seed: 5,
        source: Source::Generated,
        size: c4_core::Size::STANDARD,
        exclude: Vec::new(),
    }
}

fn build(spec: &DatasetSpec, work: &std::path::Path, threads: usize) -> Vec<Sample> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| dataset::build(spec, work, 20, None, &Silent))
        .unwrap()
}

#[test]
fn a_dataset_is_the_same_on_any_threads_resumed_or_not_and_its_labels_are_exact() {
    let dir = temp("build");
    let one = build(&spec(30), &dir.join("one.partial"), 1);
    let two = build(&spec(30), &dir.join("two.partial"), 2);
    assert_eq!(one, two);
    // An interrupted build: its log cut after a few games and in the middle of a line.
    let cut = dir.join("cut.partial");
    let text = std::fs::read_to_string(dir.join("one.partial")).unwrap();
    let kept: String = text.lines().take(4).map(|l| format!("{l}\n")).collect();
    std::fs::write(&cut, format!("{kept}{{\"game\":9,\"sam")).unwrap();
    assert_eq!(build(&spec(30), &cut, 2), one);

    let mut keys = std::collections::HashSet::new();
    let mut solver = Solver::new(20);
    for sample in &one {
        let position = sample.position().unwrap();
        assert!(spec(30).plies.contains(&position.moves_played()));
        assert!(
            keys.insert(position.canonical_key()),
            "no repeats up to mirror"
        );
        let (score, _) = solver.solve(&position).unwrap();
        assert_eq!(score, sample.score, "{}", sample.moves);
        assert_eq!(
            sample.columns.iter().flatten().max().copied(),
            Some(sample.score)
        );
    }
    // Whole games go to one side.
    for pair in one.windows(2) {
        if pair[0].game == pair[1].game {
            assert_eq!(pair[0].split, pair[1].split);
        }
    }
    assert!(one.iter().any(|s| s.split == Split::Valid));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn another_builds_log_is_refused() {
    let dir = temp("refused");
    let work = dir.join("work.partial");
    build(&spec(4), &work, 1);
    let mut other = spec(4);
    other.seed = 6;
    let error = dataset::build(&other, &work, 20, None, &Silent).unwrap_err();
    assert!(
        error.to_string().contains("written for something else"),
        "{error}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn texel_lowers_the_training_loss_and_keeps_the_best_validation_weights() {
    let dir = temp("texel");
    let samples = build(&spec(60), &dir.join("work.partial"), 2);
    let start = EvalSpec::parse("threats").unwrap();
    let config = TexelConfig {
        target: Target::Results,
        depth: 0,
        params: vec!["threat".to_owned(), "line3".to_owned()],
        patience: 2,
        max_passes: 6,
    };
    let mut seen = 0;
    let result = texel::fit(&start, &samples, &config, &mut |_| seen += 1).unwrap();
    assert_eq!(seen, result.passes.len());
    let first = &result.passes[0];
    let best = &result.passes[result.best_pass as usize];
    assert!(best.valid <= first.valid);
    assert!(result.passes.iter().all(|p| p.valid >= best.valid));
    // Steps are kept only when they lower the training loss, and the scale is refitted to it.
    for pair in result.passes.windows(2) {
        assert!(pair[1].train <= pair[0].train + 1e-12, "{pair:?}");
    }
    // Only the chosen weights move.
    let tuned = result.tuned.tunables();
    for (before, after) in start.tunables().iter().zip(&tuned) {
        if !["threat", "line3"].contains(&before.key) {
            assert_eq!(before.value, after.value, "{}", before.key);
        }
    }
    let unknown = TexelConfig {
        params: vec!["nope".to_owned()],
        ..config
    };
    let error = texel::fit(&start, &samples, &unknown, &mut |_| {}).unwrap_err();
    assert!(
        matches!(&error, TexelError::Weights(WeightsError::Unknown { unknown, .. }) if unknown == "nope"),
        "{error}"
    );
    assert!(
        error.to_string().contains("no tunable weight \"nope\""),
        "{error}"
    );
    let error = texel::fit(
        &EvalSpec::parse("zero").unwrap(),
        &samples,
        &unknown,
        &mut |_| {},
    )
    .unwrap_err();
    assert!(
        matches!(
            error,
            TexelError::Weights(WeightsError::NoneTunable("zero"))
        ),
        "{error}"
    );
    assert!(error.to_string().contains("no tunable weights"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn spsa_resumes_to_the_same_weights_as_an_uninterrupted_run() {
    use c4_learn::tuning::spsa::{self, SpsaConfig};
    let dir = temp("spsa");
    let start = EvalSpec::parse("threats").unwrap();
    let config = |iterations| SpsaConfig {
        depth: 1,
        params: vec!["threat".to_owned(), "center".to_owned()],
        iterations,
        games: 4,
        seed: 3,
        rate: 4.0,
    };
    let whole = spsa::run(&start, &config(5), &dir.join("whole.spsa"), &mut |_| {}).unwrap();
    let resumed_log = dir.join("resumed.spsa");
    spsa::run(&start, &config(2), &resumed_log, &mut |_| {}).unwrap();
    let mut heard = Vec::new();
    let resumed = spsa::run(&start, &config(5), &resumed_log, &mut |i| heard.push(i.k)).unwrap();
    assert_eq!(
        heard,
        [0, 1, 2, 3, 4],
        "the finished iterations are reported too"
    );
    assert_eq!(resumed.tuned, whole.tuned);
    assert_eq!(resumed.iterations.len(), 5);
    // Only the chosen weights move, within their ranges.
    for (before, after) in start.tunables().iter().zip(whole.tuned.tunables()) {
        if !["threat", "center"].contains(&before.key) {
            assert_eq!(before.value, after.value, "{}", before.key);
        }
        assert!((after.min..=after.max).contains(&after.value));
    }
    let mut odd = config(1);
    odd.games = 3;
    let error = spsa::run(&start, &odd, &dir.join("odd.spsa"), &mut |_| {}).unwrap_err();
    assert!(matches!(error, spsa::SpsaError::OddGames), "{error}");
    assert!(error.to_string().contains("even"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}
