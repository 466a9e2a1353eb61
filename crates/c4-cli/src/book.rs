//! `c4 book`: opening books of exact scores: build one, convert between the binary and text
//! formats, describe one.
//!
//! A build solves the deepest ply and derives the others (`BookBuild`). On 7x6 every score is
//! appended at once to `FILE.partial`; an interrupted build started again with the same
//! settings picks up where it stopped, and the finished book replaces the partial file. On
//! another size (`--size`) the book is built in memory and written whole at the end: every
//! size but 7x6 has few enough positions to a useful depth for a build of minutes.

use anyhow::{Context, Result, bail};
use c4_arena::book::{
    BookFormat, BookProgress, Opened, check_progress_file, is_progress_file, write_whole,
};
use c4_books::OpeningBook;
use c4_books::build::{BookBuild, BuildEvent};
use c4_books::verify::Sample;
use c4_books::{BookChoice, binary, max_depth, text};
use c4_core::{AnySize, Game, Geometry, Position, Size, excerpt};
use c4_solver::{DEFAULT_TABLE_BITS, MAX_TABLE_BITS, MIN_TABLE_BITS, Solver};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Subcommand, Debug)]
pub enum BookCommand {
    /// Solve every position up to --depth plies and write them to --out (on the board of
    /// --size); or, with --ply, the chunks of that 7x6 ply's layer into the folder --out
    /// (resumable, one file a chunk).
    Build(BuildArgs),
    /// Write a book (default: the built-in one) as text, one `MOVES SCORE` line per position.
    Export(ExportArgs),
    /// Write a text book as a binary book.
    Import(ImportArgs),
    /// Describe a book (default: the built-in one): size, depth, positions per ply.
    Info(InfoArgs),
    /// Check a book (default: the built-in one): each entry the best of its moves' scores
    /// where the book holds them, each ply complete to the depth, the deepest ply solved on a
    /// seeded sample (all with --full). A build's progress file (`FILE.partial`) is checked
    /// as resuming the build checks it: each line's check, and its scores against each other
    /// and the built-in book.
    Verify(VerifyArgs),
}

/// The two file formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Compact and checked: what c4 embeds (8 bytes a position on 7x6).
    Binary,
    /// `MOVES SCORE` lines, for reading and for `c4 solve`.
    Text,
}

#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    /// The deepest ply stored (the empty board is ply 0; at most the board's cells less one,
    /// which stores every position: the board's strong solution).
    #[arg(long, required_unless_present = "ply", conflicts_with = "ply", value_parser = clap::value_parser!(u32).range(0..=MOST_PLIES as i64))]
    pub depth: Option<u32>,
    /// The board's size, WxH (columns x rows): 7x6 by default, any that `c4 solve --size`
    /// takes.
    #[arg(long, value_name = "WxH", conflicts_with = "ply")]
    pub size: Option<Size>,
    /// Build the layer of this ply instead (10 to 13): every position of the ply, in chunks
    /// of the positions below 500 ply-9 positions, each written to --out (a folder) as
    /// `chunk-NNNNN.c4layer` once finished; an interrupted build resumes from the
    /// `.partial` files.
    #[arg(long, conflicts_with_all = ["format", "from"], value_parser = clap::value_parser!(u32).range(10..=13))]
    pub ply: Option<u32>,
    /// With --ply: start no position after this many minutes (what was solved is kept).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub minutes: Option<u32>,
    /// With --ply: take up at most this many chunks.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub chunks: Option<u32>,
    /// Positions solved at once, each thread with its own table.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: u32,
    /// The book file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// The format of --out (default: binary for a `.c4book` file, text otherwise).
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Build the book of the positions after these moves only (default: the empty board).
    #[arg(long, default_value = "")]
    pub from: String,
    /// log2 of each thread's table slots (8 bytes each; 24 = 128 MiB).
    #[arg(long, default_value_t = DEFAULT_TABLE_BITS, value_parser = clap::value_parser!(u32).range(MIN_TABLE_BITS as i64..=MAX_TABLE_BITS as i64))]
    pub table: u32,
}

/// The most plies a book of any size may cover: the cells of the largest board (4x15) less one.
const MOST_PLIES: u32 = 59;

#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// The book to read, binary or text (`builtin`: the one in c4).
    #[arg(default_value = "builtin")]
    pub book: BookChoice,
    /// Where to write (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    /// The text book to read (checked as `c4 book verify` does first).
    pub book: PathBuf,
    /// The binary book to write.
    #[arg(long)]
    pub out: PathBuf,
    #[command(flatten)]
    pub check: CheckArgs,
}

#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// The book to check, binary or text (`builtin`: the one in c4).
    #[arg(default_value = "builtin")]
    pub book: BookChoice,
    #[command(flatten)]
    pub check: CheckArgs,
}

/// How much of the deepest ply is solved.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Positions of the deepest ply (of a layer folder: of its finished chunks) solved, picked
    /// by --seed (at most 10000000).
    #[arg(long, default_value_t = 8, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=10_000_000))]
    pub sample: usize,
    /// The seed picking the sample.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Solve every position of the deepest ply.
    #[arg(long)]
    pub full: bool,
    /// log2 of the solver table's slots (8 bytes each).
    #[arg(long, default_value_t = DEFAULT_TABLE_BITS, value_parser = clap::value_parser!(u32).range(MIN_TABLE_BITS as i64..=MAX_TABLE_BITS as i64))]
    pub table: u32,
}

#[derive(clap::Args, Debug)]
pub struct InfoArgs {
    /// The book to describe, binary or text (`builtin`: the one in c4).
    #[arg(default_value = "builtin")]
    pub book: BookChoice,
}

pub fn run(command: &BookCommand) -> Result<()> {
    match command {
        BookCommand::Build(args) => build(args),
        BookCommand::Export(args) => {
            let book = load_choice(&args.book)?;
            let mut bytes = Vec::new();
            match book.size() {
                size if size.is_standard() => text::write(&book, &mut bytes, &Game::new())?,
                size => text::write(&book, &mut bytes, &Game::new_in(AnySize::new(size)))?,
            }
            match &args.out {
                Some(path) => write_file(path, &bytes),
                None => Ok(std::io::stdout().lock().write_all(&bytes)?),
            }
        }
        BookCommand::Import(args) => {
            let refused = || format!("{} is refused", args.book.display());
            let book = OpeningBook::open(&args.book).with_context(refused)?;
            check(&book, &args.check).with_context(refused)?;
            write_file(&args.out, &binary::encode(&book))?;
            eprintln!(
                "wrote {} positions ({}, depth {}) to {}",
                book.len(),
                book.size(),
                book.depth(),
                args.out.display()
            );
            Ok(())
        }
        BookCommand::Info(args) => info(&args.book),
        BookCommand::Verify(args) => {
            if let BookChoice::File(path) = &args.book {
                if is_progress_file(path) {
                    return verify_progress(path);
                }
                if path.is_dir() {
                    let check = &args.check;
                    return crate::layer::verify(
                        path,
                        &crate::layer::SampleArgs {
                            full: check.full,
                            sample: check.sample,
                            seed: check.seed,
                            table: check.table,
                        },
                    );
                }
            }
            let book = load_choice(&args.book)?;
            check(&book, &args.check).with_context(|| format!("the book {}", args.book))?;
            println!("{}: good", args.book);
            Ok(())
        }
    }
}

/// Checks `book` as a whole, saying on standard error what was checked.
fn check(book: &OpeningBook, args: &CheckArgs) -> Result<()> {
    let started = Instant::now();
    let found = book.check_consistency()?;
    eprintln!(
        "{} entries equal the best of their moves' scores, {} (the deepest ply) at least as \
         good as those the book holds; every ply to {} complete ({:.0} ms)",
        found.derived,
        found.bounded,
        book.depth(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    let sample = if args.full {
        Sample::Full
    } else {
        Sample::Seeded {
            count: args.sample,
            seed: args.seed,
        }
    };
    let started = Instant::now();
    let solved = if book.size().is_standard() {
        book.check_by_solving(sample, &mut Solver::try_new(args.table)?)?
    } else {
        let geometry = AnySize::new(book.size());
        book.check_by_solving_in(sample, &mut Solver::try_new_in(args.table, geometry)?)?
    };
    eprintln!(
        "{solved} entries of ply {} solved and equal ({:.1} s)",
        book.depth(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `c4 book verify FILE.partial`: a build's progress checked as resuming it would check it.
fn verify_progress(path: &Path) -> Result<()> {
    let found = check_progress_file(path)?;
    let lines = if found.version >= 2 {
        "each line's check matches; "
    } else {
        "format version 1, without checks (a resume rewrites it with them); "
    };
    eprintln!(
        "{} scores read: {lines}none contradicts another, and {} entries of the built-in book \
         agree with them",
        found.scores, found.checked_by_builtin
    );
    println!("{}: good", path.display());
    Ok(())
}

/// The book a command argument names, of the size its file records; `none` is refused.
fn load_choice(choice: &BookChoice) -> Result<Arc<OpeningBook>> {
    match choice {
        BookChoice::File(path) => Ok(Arc::new(OpeningBook::open(path)?)),
        _ => choice.load()?.context("`none` is no book"),
    }
}

/// Writes `bytes` to `path` whole or not at all.
fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    Ok(write_whole(path, bytes)?)
}

fn info(choice: &BookChoice) -> Result<()> {
    let started = Instant::now();
    let book = load_choice(choice)?;
    let loaded = started.elapsed();
    let mut per_ply = vec![0usize; book.depth() as usize + 1];
    let geometry = AnySize::new(book.size());
    for (key, _) in book.sorted_entries() {
        if let Some(position) = Position::from_key_in(key, geometry) {
            per_ply[position.moves_played() as usize] += 1;
        }
    }
    println!("book: {choice}");
    println!("size: {}", book.size());
    println!("depth: {}", book.depth());
    println!("positions: {} (one of each mirror pair)", book.len());
    println!("binary size: {} bytes", binary::encode(&book).len());
    println!(
        "loaded and checked in {:.1} ms",
        loaded.as_secs_f64() * 1000.0
    );
    for (ply, count) in per_ply.iter().enumerate() {
        println!("ply {ply}: {count}");
    }
    Ok(())
}

fn build(args: &BuildArgs) -> Result<()> {
    if args.depth.is_some() && (args.minutes.is_some() || args.chunks.is_some()) {
        bail!("--minutes and --chunks are for a layer's build (--ply), not --depth");
    }
    let Some(depth) = args.depth else {
        let ply = args.ply.context("either --depth or --ply is needed")?;
        return crate::layer::build(&crate::layer::LayerArgs {
            ply,
            out: &args.out,
            threads: args.threads,
            table: args.table,
            minutes: args.minutes,
            chunks: args.chunks,
        });
    };
    let size = args.size.unwrap_or_default();
    if depth > max_depth(size) {
        bail!(
            "--depth {depth} is past the {size} board's last position with a move left (ply {})",
            max_depth(size)
        );
    }
    if !size.is_standard() {
        return build_in_memory(args, AnySize::new(size), depth);
    }
    let root = Game::from_moves(&args.from)
        .with_context(|| format!("invalid --from {:?}", excerpt(&args.from)))?;
    let build = BookBuild::new(root.clone(), depth, args.threads as usize, args.table)
        .with_context(|| format!("--from {:?} --depth {}", excerpt(&args.from), depth))?;
    let format = format_of(args);
    let mut progress = match BookProgress::open(&args.out, &root, depth)? {
        Opened::Finished(book) => {
            eprintln!(
                "{} is finished already: {} positions to ply {}",
                args.out.display(),
                book.len(),
                book.depth()
            );
            return Ok(());
        }
        Opened::Building(progress) => progress,
    };
    for warning in &progress.warnings {
        eprintln!("warning: {warning}");
    }
    if progress.resumed > 0 {
        eprintln!(
            "resuming: {} positions already solved in {} (every line's check good; {} \
             entries of the built-in book agree with them)",
            progress.resumed,
            progress.partial_path().display(),
            progress.checked_by_builtin
        );
    }
    eprintln!(
        "book from {:?} to ply {}: the deepest ply solved on {} thread(s), the others derived",
        root.move_string(),
        depth,
        args.threads
    );
    let started = Instant::now();
    let mut bars = PlyBars::default();
    progress.run(&build, |event| bars.show(&event))?;
    let written = progress.finish(format)?;
    eprintln!(
        "wrote {written} positions to {} in {:.1} s",
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The format `--format` names, else the one `--out`'s extension says.
fn format_of(args: &BuildArgs) -> BookFormat {
    match args.format {
        Some(Format::Binary) => BookFormat::Binary,
        Some(Format::Text) => BookFormat::Text,
        None => BookFormat::for_path(&args.out),
    }
}

/// `c4 book build --size WxH` on a board other than 7x6: the book built in memory, then
/// written whole (binary or text, as on 7x6).
fn build_in_memory<G: Geometry>(args: &BuildArgs, geometry: G, depth: u32) -> Result<()> {
    let size = geometry.size();
    let root = Game::from_moves_in(&args.from, geometry)
        .with_context(|| format!("invalid --from {:?} on {size}", excerpt(&args.from)))?;
    let build = BookBuild::new(root.clone(), depth, args.threads as usize, args.table)
        .with_context(|| format!("--from {:?} --depth {}", excerpt(&args.from), depth))?;
    let format = format_of(args);
    if args.out.exists() {
        bail!(
            "{} exists: choose another --out (a build of another size than 7x6 \
             is written whole at the end, not resumed)",
            args.out.display()
        );
    }
    eprintln!(
        "{size} book from {:?} to ply {depth}: the deepest ply solved on {} thread(s), the \
         others derived",
        root.move_string(),
        args.threads
    );
    let started = Instant::now();
    let mut book = OpeningBook::new_in(size, depth);
    let mut bars = PlyBars::default();
    build.run(&mut book, |event| {
        bars.show(&event);
        Ok(())
    })?;
    let bytes = match format {
        BookFormat::Binary => binary::encode(&book),
        BookFormat::Text => {
            let mut bytes = Vec::new();
            text::write(&book, &mut bytes, &root)?;
            bytes
        }
    };
    write_file(&args.out, &bytes)?;
    eprintln!(
        "wrote {} positions ({size}, depth {depth}, {} bytes) to {} in {:.1} s",
        book.len(),
        bytes.len(),
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The progress bar of the ply being built, and a line for each ply finished.
#[derive(Default)]
struct PlyBars {
    current: Option<(ProgressBar, u32, Instant)>,
}

impl PlyBars {
    fn show<G: Geometry>(&mut self, event: &BuildEvent<'_, G>) {
        let current = &mut self.current;
        match *event {
            BuildEvent::PlyStarted { ply, todo, solved } => {
                let bar = ProgressBar::new(todo as u64);
                bar.set_style(
                ProgressStyle::with_template(
                    "ply {prefix}: [{bar:30}] {pos}/{len} positions, {elapsed} elapsed, ETA {eta}",
                )
                .expect("the progress template is valid")
                .progress_chars("=> "),
            );
                bar.set_prefix(format!(
                    "{ply} ({})",
                    if solved { "solved" } else { "derived" }
                ));
                *current = Some((bar, ply, Instant::now()));
            }
            BuildEvent::Scored { .. } => {
                if let Some((bar, ..)) = &current {
                    bar.inc(1);
                }
            }
            BuildEvent::PlyFinished { .. } => {
                if let Some((bar, ply, start)) = current.take() {
                    bar.finish_and_clear();
                    if bar.position() > 0 {
                        eprintln!(
                            "ply {ply}: {} positions in {:.1} s",
                            bar.position(),
                            start.elapsed().as_secs_f64()
                        );
                    }
                }
            }
        }
    }
}
