//! Every `c4` command the README shows runs, and prints what the README says it prints
//! (issue 38: every snippet is run by a test). The Rust example is c4-core's doc-test, the
//! Python ones run in `crates/c4-py/tests/test_readme.py`, docs/api.md's curls in
//! `crates/c4-server/tests/server/api_docs.rs`.

use crate::support::markdown::sh_lines;
use assert_cmd::Command;

const README: &str = include_str!("../../../../README.md");

/// A command of a README `sh` block: its arguments, its standard input (from `echo X |`) and
/// the lines of output shown in the `#` comment lines under it.
struct Example {
    line: String,
    args: Vec<String>,
    stdin: String,
    shown: Vec<String>,
}

fn examples() -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    for line in sh_lines(README) {
        let line = line.as_str();
        if let Some(shown) = line.strip_prefix("# ") {
            examples
                .last_mut()
                .expect("an output line under a command")
                .shown
                .push(shown.to_owned());
            continue;
        }
        let command = line.split(" # ").next().unwrap().trim();
        let (stdin, command) = match command.split_once(" | ") {
            Some((echo, rest)) => (
                format!("{}\n", echo.strip_prefix("echo ").expect("echo X | c4 ...")),
                rest,
            ),
            None => (String::new(), command),
        };
        // The setup lines (cargo, pip) are the build itself; `c4 serve` runs until
        // stopped (the server's tests cover it).
        let Some(arguments) = command.strip_prefix("c4 ") else {
            continue;
        };
        if arguments.starts_with("serve") {
            continue;
        }
        examples.push(Example {
            line: line.to_owned(),
            args: arguments.split_whitespace().map(str::to_owned).collect(),
            stdin,
            shown: Vec::new(),
        });
    }
    examples
}

#[test]
fn every_c4_command_in_the_readme_runs_and_prints_what_it_shows() {
    let examples = examples();
    assert!(examples.len() >= 8, "{} c4 commands found", examples.len());
    assert!(examples.iter().filter(|e| !e.shown.is_empty()).count() >= 5);
    for example in examples {
        let output = Command::new(env!("CARGO_BIN_EXE_c4"))
            .args(&example.args)
            .write_stdin(example.stdin.clone())
            .output()
            .expect("c4 runs");
        let out = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{}\n{}",
            example.line,
            String::from_utf8_lossy(&output.stderr)
        );
        for shown in &example.shown {
            assert!(
                out.lines().any(|line| line == shown),
                "{}\nprints\n{out}\nwithout the README's line\n{shown}",
                example.line
            );
        }
    }
}

#[test]
fn the_readme_is_a_guide_of_at_most_15000_bytes_opening_with_the_two_commands() {
    assert!(
        README.len() <= 15_000,
        "README.md is {} bytes",
        README.len()
    );
    let first_block = README.split("```sh\n").nth(1).unwrap();
    let commands: Vec<&str> = first_block.lines().take(2).collect();
    assert!(
        commands[0].starts_with("cargo run --release -- play"),
        "{commands:?}"
    );
    assert!(
        commands[1].starts_with("cargo test --workspace"),
        "{commands:?}"
    );
    let install = README
        .lines()
        .find(|line| line.starts_with("cargo install"))
        .expect("an install line");
    assert!(install.contains("--locked"), "{install}");
}
