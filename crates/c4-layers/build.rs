//! With the `builtin` feature, the finished chunk files of `data/ply12` are built into the
//! crate (`builtin_ply12.rs` in the build's output folder: a table of chunk numbers and
//! `include_bytes!`), so that a binary answers from the layer with no checkout beside it.
//! Without the feature the table is empty.
//!
//! Cargo runs this again when a chunk file changes. It also watches the folder, so that a
//! new chunk is built in, except while a layer build writes progress files (`.partial`)
//! there: those change every few seconds, and watching them would rebuild every crate above
//! this one at each command. A chunk finished during such a build is built in at the next
//! build after its progress file is gone.

#[path = "src/file_names.rs"]
#[allow(dead_code)]
mod file_names;

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let folder = manifest.join("data").join("ply12");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets it"));
    // A folder that cannot be listed (a copy of the crate without its data) builds no chunk in.
    let files = file_names::chunk_files(&folder).unwrap_or_default();
    let building = !files.under_way.is_empty();
    let chunks: Vec<(usize, PathBuf)> = files
        .finished
        .iter()
        .map(|&number| (number, folder.join(file_names::chunk_file_name(number))))
        .collect();
    if !building {
        println!("cargo:rerun-if-changed={}", folder.display());
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/file_names.rs");
    let embed = env::var_os("CARGO_FEATURE_BUILTIN").is_some();
    let mut table = String::from("&[\n");
    for (number, path) in &chunks {
        println!("cargo:rerun-if-changed={}", path.display());
        if embed {
            writeln!(
                table,
                "    ({number}, include_bytes!({:?})),",
                path.display().to_string()
            )
            .expect("writing to a string");
        }
    }
    table.push_str("]\n");
    fs::write(out.join("builtin_ply12.rs"), table).expect("the build's output folder is writable");
}
