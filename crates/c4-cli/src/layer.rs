//! `c4 book build --ply N` and `c4 book verify FOLDER`: a deep book layer, built in chunks
//! into a folder and checked there (see c4-layers).

use anyhow::{Context, Result, bail};
use c4_books::moves_of;
use c4_books::strong_solution::published_7x6;
use c4_core::Position;
use c4_layers::counts::{PlyOutcomes, outcomes_by_ply};
use c4_layers::{Chunk, LayerBuild, LayerDir, LayerEvent, Layout, MAX_CHUNK_BYTES, file_names};
use c4_solver::files::read_bytes;
use c4_solver::{ExactScore, Solver};
use rand::{RngExt, SeedableRng};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// What `c4 book build --ply` was asked.
pub struct LayerArgs<'a> {
    /// The layer's ply.
    pub ply: u32,
    /// Its folder.
    pub out: &'a Path,
    /// Workers.
    pub threads: u32,
    /// log2 of each worker's table slots.
    pub table: u32,
    /// Start no position after this many minutes.
    pub minutes: Option<u32>,
    /// Take up at most this many chunks.
    pub chunks: Option<u32>,
}

/// How much `c4 book verify FOLDER` solves again.
pub struct SampleArgs {
    /// Every position.
    pub full: bool,
    /// Else this many, picked by `seed`.
    pub sample: usize,
    /// The seed.
    pub seed: u64,
    /// log2 of the solver table's slots.
    pub table: u32,
}

/// Builds the missing chunks of the layer `--ply` in the folder `--out`.
pub fn build(args: &LayerArgs) -> Result<()> {
    let ply = args.ply;
    let layout =
        Layout::deep(ply).with_context(|| format!("--ply {ply}: a layer is of ply 10 to 13"))?;
    let dir = LayerDir::create(args.out, layout)
        .with_context(|| format!("--out {}: the layer's folder", args.out.display()))?;
    let total = dir.chunk_count();
    let before = total - dir.missing_chunks().len();
    eprintln!(
        "ply-{ply} layer in {}: {before} of {total} chunks finished; {} thread(s), each with a \
         table of 2^{} slots",
        args.out.display(),
        args.threads,
        args.table
    );
    let started = Instant::now();
    let solved = AtomicUsize::new(0);
    let on_event = |event: LayerEvent| match event {
        LayerEvent::Started {
            chunk,
            positions,
            done,
        } if done > 0 => eprintln!("chunk {chunk}: resuming at {done} of {positions} positions"),
        LayerEvent::Started { .. } => {}
        LayerEvent::Solved => {
            solved.fetch_add(1, Ordering::Relaxed);
        }
        LayerEvent::Finished { chunk, positions } => eprintln!(
            "chunk {chunk} finished: {positions} positions ({:.1} min into this run)",
            started.elapsed().as_secs_f64() / 60.0
        ),
    };
    let build = LayerBuild {
        threads: args.threads as usize,
        table_bits: args.table,
        deadline: args
            .minutes
            .map(|minutes| started + Duration::from_secs(60 * u64::from(minutes))),
        max_chunks: args.chunks.map(|n| n as usize),
    };
    let summary = build.run(&dir, &AtomicBool::new(false), &on_event)?;
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{} chunk(s) finished by this run ({} of {total} in all), {} positions solved in {:.1} \
         min ({:.1} a second)",
        summary.finished,
        summary.finished_before + summary.finished,
        summary.solved,
        seconds / 60.0,
        summary.solved as f64 / seconds.max(1e-9)
    );
    Ok(())
}

/// Checks every finished chunk of the layer in `path`: its CRC, header, roots and score
/// ranges, then a seeded sample of its positions solved again.
pub fn verify(path: &Path, check: &SampleArgs) -> Result<()> {
    let files = file_names::chunk_files(path).with_context(|| format!("{}", path.display()))?;
    let numbers = files.finished;
    let Some(&first) = numbers.first() else {
        bail!(
            "{}: no chunk files (chunk-NNNNN.c4layer) in this folder",
            path.display()
        );
    };
    let bytes = read_bytes(
        &path.join(file_names::chunk_file_name(first)),
        MAX_CHUNK_BYTES,
    )?;
    let ply = Chunk::decode(&bytes)
        .with_context(|| format!("{}: chunk {first}", path.display()))?
        .ply;
    let layout = Layout::deep(ply)
        .with_context(|| format!("chunk {first} is of ply {ply}, not a layer's"))?;
    let dir = LayerDir::open(path, layout);
    let started = Instant::now();
    let mut scored = Vec::new();
    // Where each chunk's positions start in `scored`, to name the chunk of a wrong score.
    let mut starts = Vec::with_capacity(numbers.len());
    for &number in numbers.iter().chain(&files.under_way) {
        if number >= dir.chunk_count() {
            bail!(
                "{}: chunk {number} is past the layer's last, {}",
                path.display(),
                dir.chunk_count() - 1
            );
        }
    }
    for &number in &numbers {
        starts.push((scored.len(), number));
        scored.extend(dir.scored_positions(number)?);
    }
    let mut solver = Solver::try_new(check.table)?;
    for &number in &files.under_way {
        dir.check_progress(number, &mut solver)?;
    }
    eprintln!(
        "{} of {} chunks finished, {} positions of ply {ply}: every file's CRC, roots and scores \
         good ({:.1} s); {} chunk(s) under way, each progress file good",
        numbers.len(),
        dir.chunk_count(),
        scored.len(),
        started.elapsed().as_secs_f64(),
        files.under_way.len()
    );
    results_per_ply(&dir, numbers.len(), &scored)?;
    let picks: Vec<usize> = if check.full {
        (0..scored.len()).collect()
    } else {
        let mut rng = c4_eval::SeededRng::seed_from_u64(check.seed);
        (0..check.sample.min(scored.len()))
            .map(|_| rng.random_range(0..scored.len()))
            .collect()
    };
    let started = Instant::now();
    for &i in &picks {
        let (position, score) = &scored[i];
        let (again, _) = solver.solve(position)?;
        if again != *score {
            let chunk = starts[starts.partition_point(|&(start, _)| start <= i) - 1].1;
            bail!(
                "{}: {} holds {score}, but it solves to {again}",
                dir.chunk_path(chunk).display(),
                moves_of(position)
            );
        }
    }
    eprintln!(
        "{} positions solved again and equal ({:.1} s)",
        picks.len(),
        started.elapsed().as_secs_f64()
    );
    println!("{}: good", path.display());
    Ok(())
}

/// A complete layer's results per ply (its own and the two above, by look-up) against the
/// published strong solution: refused where any differs. An incomplete layer is only said to
/// be so.
fn results_per_ply(
    dir: &LayerDir,
    finished: usize,
    scored: &[(Position, ExactScore)],
) -> Result<()> {
    if finished < dir.chunk_count() {
        eprintln!(
            "results per ply against the published strong solution: once all {} chunks are \
             finished",
            dir.chunk_count()
        );
        return Ok(());
    }
    let started = Instant::now();
    for PlyOutcomes { ply, outcomes } in outcomes_by_ply(dir.layout(), scored)? {
        let Some(published) = published_7x6(ply) else {
            eprintln!("ply {ply}: {outcomes} (no published figure)");
            continue;
        };
        if outcomes != published {
            bail!(
                "ply {ply}: the layer gives {outcomes} for the first player, the published \
                 strong solution {published}"
            );
        }
        eprintln!("ply {ply}: {outcomes} for the first player, as published");
    }
    eprintln!(
        "results per ply counted ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
