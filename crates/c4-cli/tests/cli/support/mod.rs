//! What the CLI's test files share: running `c4` and reading what it said.

pub mod markdown;

use assert_cmd::Command;
use std::path::Path;

/// What one run of `c4` said: (exit code, standard output, standard error).
pub type Said = (i32, String, String);

/// The `c4` binary under test.
pub fn c4() -> Command {
    Command::new(env!("CARGO_BIN_EXE_c4"))
}

/// What `command` said when run.
pub fn said(command: &mut Command) -> Said {
    let output = command.output().expect("c4 runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Runs `c4 ARGS`.
pub fn run(args: &[&str]) -> Said {
    said(c4().args(args))
}

/// Runs `c4 ARGS` with `input` on standard input.
pub fn run_with_input(args: &[&str], input: &str) -> Said {
    said(c4().args(args).write_stdin(input.to_owned()))
}

/// Runs `c4 ARGS` in the folder `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Said {
    said(c4().current_dir(dir).args(args))
}
