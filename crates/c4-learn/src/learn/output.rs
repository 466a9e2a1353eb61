//! Where a result file may go: never over a file the command reads, never into a FIFO or a
//! device, never over a run folder's own files. Checked before any work, so
//! that a refusal leaves every file as it was.

use super::LearnError;
use std::path::Path;

/// The manifest of a `c4 learn fit` run, which marks its folder as one (`fit_run`), and
/// which a self-play run refuses to write beside.
pub const FIT_MANIFEST_FILE: &str = "fit.json";

/// Refuses `path` as the file a command writes (`option`, as the user typed it: `--out`,
/// `--snapshot`) when it exists and is not a regular file, or when it is one of `inputs`
/// (each with the option that named it), the same file by identity (a link or another
/// spelling of the name included).
pub fn check_output(
    option: &'static str,
    path: &Path,
    inputs: &[(&str, &Path)],
) -> Result<(), LearnError> {
    let Ok(metadata) = std::fs::metadata(path) else {
        // Nothing there yet: it cannot be an input, and the write says why if it fails.
        return Ok(());
    };
    if !metadata.is_file() {
        return Err(LearnError::OutputNotRegular {
            option,
            path: path.to_owned(),
            kind: c4_solver::files::kind_of(&metadata.file_type()),
        });
    }
    for (input_option, input) in inputs {
        if same_file(path, input) {
            return Err(LearnError::OutputIsInput {
                option,
                path: path.to_owned(),
                input: format!("{input_option} {}", input.display()),
            });
        }
    }
    Ok(())
}

/// Refuses `path`, a file a command writes beside a run (`option`, as typed), when it is
/// one of the run folder `dir`'s own files (`run_files`, by name, or the temporary of one):
/// the run reads them back when it resumes.
pub fn check_not_run_file(
    option: &'static str,
    path: &Path,
    dir: &Path,
    run_files: &[&str],
) -> Result<(), LearnError> {
    let parent = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let Some(name) = path.file_name().and_then(|name| name.to_str()) else {
        return Ok(());
    };
    let own = name.strip_suffix(".partial").unwrap_or(name);
    if run_files.contains(&own) && same_file(parent, dir) {
        return Err(LearnError::OutputInRun {
            option,
            path: path.to_owned(),
            dir: dir.to_owned(),
        });
    }
    Ok(())
}

/// Whether `a` and `b` name the same file or folder (links followed); `false` when either
/// is missing.
#[must_use]
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a_meta), Ok(b_meta)) => identity(a, &a_meta) == identity(b, &b_meta),
        _ => false,
    }
}

#[cfg(unix)]
fn identity(_: &Path, metadata: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
fn identity(path: &Path, _: &std::fs::Metadata) -> Option<std::path::PathBuf> {
    std::fs::canonicalize(path).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("c4-output-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn an_output_that_is_an_input_or_in_the_run_is_refused() {
        let dir = scratch("same");
        let input = dir.join("a.c4nt");
        std::fs::write(&input, b"x").unwrap();
        let spelled = dir.join(".").join("a.c4nt");
        let error = check_output("--out", &spelled, &[("--network", &input)]).unwrap_err();
        assert!(error.to_string().contains("is --network"), "{error}");
        assert!(check_output("--out", &dir.join("b.c4nt"), &[("--network", &input)]).is_ok());
        let error = check_output("--out", &dir, &[]).unwrap_err();
        assert!(error.to_string().contains("a folder"), "{error}");
        let files = ["learn.json", "checkpoint.bin"];
        let error =
            check_not_run_file("--snapshot", &dir.join("learn.json"), &dir, &files).unwrap_err();
        assert!(
            error.to_string().contains("is a file of the run in"),
            "{error}"
        );
        let temporary = dir.join("checkpoint.bin.partial");
        assert!(check_not_run_file("--snapshot", &temporary, &dir, &files).is_err());
        assert!(check_not_run_file("--snapshot", &input, &dir, &files).is_ok());
        assert!(check_not_run_file("--snapshot", &dir.join("learn.json"), &input, &files).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
