//! xtask: build chores that need other toolchains than a native `cargo build` (the cargo-xtask
//! convention), so building `c4` never needs the WebAssembly target or wasm-bindgen.
//!
//! `cargo xtask site --out DIR` builds `c4-wasm` for `wasm32-unknown-unknown`, runs
//! wasm-bindgen on it and writes the static site: the page (the workspace's `web/`), its
//! mode file saying "static", `engine/` (the module's JavaScript glue, the `.wasm`, which
//! carries the built-in opening book, and `builtin.c4nt`, the shipped n-tuple network, which
//! the page fetches the first time a request names it), and `layers/ply12/`: the finished
//! chunks of the ply-12 book layer, which the page fetches as a position needs them, and
//! `index.json` naming them. `cargo xtask node --out DIR` builds the same
//! module for Node (`--target nodejs`), for the test that compares it with the native engine.
//! Before building, each checks that the target and the wasm-bindgen CLI are installed, at
//! the version the crate pins, and says how to install what is missing.

use anyhow::{Context, Result, bail};
use c4_layers::file_names;
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The wasm-bindgen version c4-wasm pins (`=0.2.130`): the CLI must be exactly this one.
const WASM_BINDGEN_VERSION: &str = "0.2.130";
const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// The page's mode file, rewritten for the static site.
const SITE_MODE_FILE: &str = "site-mode.js";
/// The committed chunks of the ply-12 layer, and where the site serves them.
const LAYER_CHUNKS: &str = "crates/c4-layers/data/ply12";
const SITE_LAYER: &str = "layers/ply12";
/// The shipped n-tuple network, and where the site serves it (beside the module, which is
/// built without it).
const NETWORK_FILE: &str = "crates/c4-eval/data/ntuple/builtin.c4nt";
const SITE_NETWORK: &str = "engine/builtin.c4nt";

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "Build chores that need other toolchains"
)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Build the static site (the page with the engine in WebAssembly) into a folder.
    Site {
        /// The folder to write (created; files of the same names are replaced).
        #[arg(long)]
        out: PathBuf,
    },
    /// Build the engine module for Node (wasm-bindgen --target nodejs) into a folder.
    Node {
        /// The folder to write.
        #[arg(long)]
        out: PathBuf,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    let root = workspace_root();
    match cli.task {
        Task::Site { out } => {
            let wasm = build_wasm(&root)?;
            let web = root.join("web");
            copy_page(&web, &out)?;
            bindgen(&wasm, &out.join("engine"), "web")?;
            std::fs::copy(root.join(NETWORK_FILE), out.join(SITE_NETWORK))
                .with_context(|| format!("copying {NETWORK_FILE} to {}", out.display()))?;
            let chunks = copy_layer(&root.join(LAYER_CHUNKS), &out.join(SITE_LAYER))?;
            std::fs::write(
                out.join(SITE_MODE_FILE),
                "// Which mode the page runs in: written by `cargo xtask site`, the static site \
                 (the engine runs\n// in the page's Web Workers, compiled to WebAssembly).\n\
                 export const SITE_MODE = \"static\";\n",
            )
            .with_context(|| format!("writing {}", out.join(SITE_MODE_FILE).display()))?;
            println!(
                "wrote the static site to {} ({chunks} chunks of the ply-12 layer): serve it with \
                 `python3 -m http.server` in that folder",
                out.display()
            );
        }
        Task::Node { out } => {
            let wasm = build_wasm(&root)?;
            bindgen(&wasm, &out, "nodejs")?;
            println!("wrote the Node module to {}", out.display());
        }
    }
    Ok(())
}

/// The workspace's root: this crate's parent folder.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace's root folder")
        .to_path_buf()
}

/// Checks the toolchain, then builds c4-wasm's `.wasm` (release) and returns its path.
fn build_wasm(root: &Path) -> Result<PathBuf> {
    check_target()?;
    check_wasm_bindgen()?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .current_dir(root)
        .args([
            "build",
            "-p",
            "c4-wasm",
            "--release",
            "--target",
            WASM_TARGET,
        ])
        .status()
        .context("running cargo build for c4-wasm")?;
    if !status.success() {
        bail!("cargo build -p c4-wasm --target {WASM_TARGET} failed ({status})");
    }
    let target_dir =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let wasm = target_dir.join(WASM_TARGET).join("release/c4_wasm.wasm");
    if !wasm.is_file() {
        bail!("the build wrote no {}", wasm.display());
    }
    Ok(wasm)
}

/// The wasm32 target's standard library is installed (looked up in the sysroot, so it works
/// with or without rustup).
fn check_target() -> Result<()> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let output = Command::new(rustc)
        .args(["--print", "sysroot"])
        .output()
        .context("running rustc --print sysroot")?;
    let sysroot = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    let lib = Path::new(&sysroot).join("lib/rustlib").join(WASM_TARGET);
    if !lib.is_dir() {
        bail!(
            "the Rust target {WASM_TARGET} is not installed (no {}); install it with:\n    \
             rustup target add {WASM_TARGET}",
            lib.display()
        );
    }
    Ok(())
}

/// `wasm-bindgen --version` answers the pinned version.
fn check_wasm_bindgen() -> Result<()> {
    let install = format!("cargo install wasm-bindgen-cli --version {WASM_BINDGEN_VERSION}");
    let output = match Command::new("wasm-bindgen").arg("--version").output() {
        Ok(output) => output,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            bail!("wasm-bindgen (the CLI) is not installed; install it with:\n    {install}")
        }
        Err(error) => return Err(error).context("running wasm-bindgen --version"),
    };
    let answer = String::from_utf8_lossy(&output.stdout);
    if let Some(problem) = version_problem(&answer) {
        bail!("{problem}; install that one with:\n    {install} --force");
    }
    Ok(())
}

/// What is wrong with the version `wasm-bindgen --version` answered (`wasm-bindgen 0.2.130`),
/// if anything.
fn version_problem(answer: &str) -> Option<String> {
    let version = answer.split_whitespace().nth(1).unwrap_or("");
    (version != WASM_BINDGEN_VERSION).then(|| {
        format!(
            "wasm-bindgen is version {:?}, but c4-wasm pins {WASM_BINDGEN_VERSION} and the two \
             must match",
            answer.trim()
        )
    })
}

/// Runs wasm-bindgen on `wasm` for `target` (web or nodejs), writing into `out`.
fn bindgen(wasm: &Path, out: &Path, target: &str) -> Result<()> {
    let status = Command::new("wasm-bindgen")
        .arg(wasm)
        .args(["--target", target, "--no-typescript", "--out-dir"])
        .arg(out)
        .status()
        .context("running wasm-bindgen")?;
    if !status.success() {
        bail!("wasm-bindgen --target {target} failed ({status})");
    }
    Ok(())
}

/// Copies the page's files (one folder, no subfolders) into `out`.
fn copy_page(web: &Path, out: &Path) -> Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let entries = std::fs::read_dir(web).with_context(|| format!("reading {}", web.display()))?;
    for entry in entries {
        let entry = entry.with_context(|| format!("reading {}", web.display()))?;
        if entry.file_type()?.is_file() {
            let to = out.join(entry.file_name());
            std::fs::copy(entry.path(), &to).with_context(|| {
                format!("copying {} to {}", entry.path().display(), to.display())
            })?;
        }
    }
    Ok(())
}

/// Copies the finished chunk files of the layer folder `from` (`chunk-NNNNN.c4layer`; the
/// progress files of a build under way are left) into `to`, with `index.json` naming their
/// numbers, ascending: what the page may fetch. The engine checks each chunk it is given.
/// Returns how many there are.
fn copy_layer(from: &Path, to: &Path) -> Result<usize> {
    std::fs::create_dir_all(to).with_context(|| format!("creating {}", to.display()))?;
    let numbers = file_names::chunk_files(from)
        .with_context(|| format!("reading {}", from.display()))?
        .finished;
    for &number in &numbers {
        let name = file_names::chunk_file_name(number);
        std::fs::copy(from.join(&name), to.join(&name))
            .with_context(|| format!("copying {name} to {}", to.display()))?;
    }
    let list: Vec<String> = numbers.iter().map(usize::to_string).collect();
    let index = to.join("index.json");
    std::fs::write(
        &index,
        format!("{{\"ply\":12,\"chunks\":[{}]}}\n", list.join(",")),
    )
    .with_context(|| format!("writing {}", index.display()))?;
    Ok(numbers.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_pinned_wasm_bindgen_is_accepted() {
        assert_eq!(version_problem("wasm-bindgen 0.2.130\n"), None);
        let problem = version_problem("wasm-bindgen 0.2.100").unwrap();
        assert!(
            problem.contains("0.2.100") && problem.contains("pins 0.2.130"),
            "{problem}"
        );
        assert!(version_problem("").is_some());
    }

    #[test]
    fn the_pin_matches_c4_wasm_s_manifest() {
        let manifest = include_str!("../../crates/c4-wasm/Cargo.toml");
        let pin = format!("wasm-bindgen = \"={WASM_BINDGEN_VERSION}\"");
        assert!(manifest.contains(&pin), "c4-wasm's Cargo.toml has no {pin}");
    }

    #[test]
    fn only_finished_chunk_files_are_served() {
        let base = std::env::temp_dir().join(format!("c4-xtask-layer-{}", std::process::id()));
        let (from, to) = (base.join("from"), base.join("to"));
        std::fs::create_dir_all(&from).unwrap();
        for name in [
            "chunk-00012.c4layer",
            "chunk-00003.c4layer",
            "chunk-00012.partial",
            "chunk-12.c4layer",
            "README.md",
        ] {
            std::fs::write(from.join(name), name).unwrap();
        }
        assert_eq!(copy_layer(&from, &to).unwrap(), 2);
        let mut copied: Vec<String> = std::fs::read_dir(&to)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        copied.sort();
        assert_eq!(
            copied,
            ["chunk-00003.c4layer", "chunk-00012.c4layer", "index.json"]
        );
        let index = std::fs::read_to_string(to.join("index.json")).unwrap();
        assert_eq!(index, "{\"ply\":12,\"chunks\":[3,12]}\n");
        std::fs::remove_dir_all(&base).unwrap();
    }
}
