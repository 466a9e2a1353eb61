//! `c4 book build`: an opening book of exact scores, solved by c4 itself.
//!
//! Positions are solved deepest ply first, each ply in parallel, so that every shallower
//! solve finds its children in the book. Every solved position is appended at once to
//! `FILE.partial`; an interrupted build started again with the same settings picks up
//! where it stopped, and the finished book replaces the partial file.

use anyhow::{Context, Result, bail};
use c4_core::{Game, Position};
use c4_engine::solver::book::{MAX_BOOK_DEPTH, parse_entry, positions_by_ply};
use c4_engine::solver::{DEFAULT_TABLE_BITS, MAX_TABLE_BITS, MIN_TABLE_BITS, OpeningBook, Solver};
use indicatif::{ProgressBar, ProgressStyle};
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

#[derive(clap::Subcommand, Debug)]
pub enum BookCommand {
    /// Solve every position up to --depth plies and write them to --out.
    Build(BuildArgs),
}

#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    /// The deepest ply stored (the empty board is ply 0).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_BOOK_DEPTH as i64))]
    pub depth: u32,
    /// Positions solved at once, each thread with its own table.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: u32,
    /// The book file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Build the book of the positions after these moves only (default: the empty board).
    #[arg(long, default_value = "")]
    pub from: String,
    /// log2 of each thread's table slots (8 bytes each; 24 = 128 MiB).
    #[arg(long, default_value_t = DEFAULT_TABLE_BITS, value_parser = clap::value_parser!(u32).range(MIN_TABLE_BITS as i64..=MAX_TABLE_BITS as i64))]
    pub table: u32,
}

pub fn run(command: &BookCommand) -> Result<()> {
    match command {
        BookCommand::Build(args) => build(args),
    }
}

/// Reads a book file for `c4 solve --book`.
pub fn load(path: &Path) -> Result<Arc<OpeningBook>> {
    Ok(Arc::new(OpeningBook::open(path)?))
}

fn progress_header(root: &str, depth: u32) -> String {
    format!("c4-book-progress 1 from={root} depth={depth}")
}

fn build(args: &BuildArgs) -> Result<()> {
    let root =
        Game::from_moves(&args.from).with_context(|| format!("invalid --from {:?}", args.from))?;
    if root.position().is_over() {
        bail!("--from {:?}: the game is over", args.from);
    }
    if args.depth < root.position().moves_played() {
        bail!(
            "--depth {} is shallower than --from, which has {} discs",
            args.depth,
            root.position().moves_played()
        );
    }
    let partial_path = PathBuf::from(format!("{}.partial", args.out.display()));
    let header = progress_header(&root.move_string(), args.depth);
    let mut book = OpeningBook::new(args.depth);
    let resumed = load_partial(&partial_path, &header, &mut book)?;
    if resumed > 0 {
        eprintln!(
            "resuming: {resumed} positions already solved in {}",
            partial_path.display()
        );
    }
    let mut partial = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&partial_path)
        .with_context(|| format!("cannot write {}", partial_path.display()))?;
    if resumed == 0 {
        partial.set_len(0)?;
        writeln!(partial, "{header}")?;
    }
    let partial = Mutex::new(partial);

    let levels = positions_by_ply(&root, args.depth);
    let total: usize = levels.iter().map(Vec::len).sum();
    eprintln!(
        "book from {:?} to ply {}: {total} positions (one of each mirror pair), {} thread(s)",
        root.move_string(),
        args.depth,
        args.threads
    );
    let started = Instant::now();
    let mut solvers: Vec<Solver> = (0..args.threads).map(|_| Solver::new(args.table)).collect();
    for level in &levels {
        let todo: Vec<&(String, Position)> = level
            .iter()
            .filter(|(_, p)| book.get(p).is_none())
            .collect();
        let Some((_, first)) = level.first() else {
            continue;
        };
        let ply = first.moves_played();
        if todo.is_empty() {
            continue;
        }
        let level_start = Instant::now();
        let snapshot = Arc::new(book.clone());
        let bar = ProgressBar::new(todo.len() as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "ply {prefix}: [{bar:30}] {pos}/{len} positions, {elapsed} elapsed, ETA {eta}",
            )
            .expect("the progress template is valid")
            .progress_chars("=> "),
        );
        bar.set_prefix(ply.to_string());
        let next = AtomicUsize::new(0);
        let solved: Vec<Vec<(Position, i32)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = solvers
                .iter_mut()
                .map(|solver| {
                    let (todo, next, partial, bar, snapshot) =
                        (&todo, &next, &partial, &bar, &snapshot);
                    scope.spawn(move || -> Result<Vec<(Position, i32)>> {
                        solver.set_book(Some(Arc::clone(snapshot)));
                        let mut found = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some((moves, position)) = todo.get(i) else {
                                break;
                            };
                            solver.reset();
                            let (score, _) = solver
                                .solve(position)
                                .map_err(|e| anyhow::anyhow!("{moves}: {e}"))?;
                            // One write per line, so an interruption never leaves half a score.
                            let line = format!("{moves} {score}\n");
                            let mut file = partial
                                .lock()
                                .map_err(|_| anyhow::anyhow!("a solver thread failed"))?;
                            file.write_all(line.as_bytes())?;
                            drop(file);
                            found.push((*position, score));
                            bar.inc(1);
                        }
                        Ok(found)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a solver thread does not panic"))
                .collect::<Result<Vec<_>>>()
        })?;
        bar.finish_and_clear();
        for (position, score) in solved.into_iter().flatten() {
            book.insert(&position, score);
        }
        eprintln!(
            "ply {ply}: {} positions solved in {:.1} s",
            todo.len(),
            level_start.elapsed().as_secs_f64()
        );
    }
    let mut out = BufWriter::new(
        File::create(&args.out).with_context(|| format!("cannot write {}", args.out.display()))?,
    );
    book.write(&mut out, &root)?;
    out.flush()?;
    drop(out);
    std::fs::remove_file(&partial_path).ok();
    eprintln!(
        "wrote {} positions to {} in {:.1} s",
        book.len(),
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Loads into `book` the scores of a file of `MOVES SCORE` lines under `header`, written one
/// line at a time by an earlier run that may have been interrupted; 0 if there is no such
/// file. A last line cut short by the interruption is dropped (it is solved again) and cut
/// from the file, so that the lines appended next start on a line of their own.
pub fn load_partial(path: &Path, header: &str, book: &mut OpeningBook) -> Result<usize> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    match text.lines().next() {
        Some(first) if first == header => {}
        Some(first) => bail!(
            "{} was written for something else (it starts {first:?}, not {header:?}); remove it or \
             choose another file",
            path.display()
        ),
        None => return Ok(0),
    }
    let complete = text.rfind('\n').map_or(0, |end| end + 1);
    if complete < text.len() {
        OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|file| file.set_len(complete as u64))
            .with_context(|| format!("cannot repair {}", path.display()))?;
    }
    let mut count = 0;
    for line in text[..complete].lines().skip(1) {
        if let Ok((position, score)) = parse_entry(line) {
            book.insert(&position, score);
            count += 1;
        }
    }
    Ok(count)
}
