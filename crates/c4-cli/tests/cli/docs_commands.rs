//! Every `c4` command in the ```sh blocks of `docs/` parses with the real CLI (issue 38):
//! the long measurement commands are not run, but each is given to `c4` with `--help`
//! appended, which clap answers only once every option before it is known and every value
//! parses, so a renamed option or a changed value fails here.

use crate::support::markdown::{c4_commands, sh_lines};
use crate::support::{run, said};

#[test]
fn every_c4_command_in_the_docs_parses() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    let mut checked = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(&docs).expect("docs/ is there") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for line in sh_lines(&text) {
            for mut arguments in c4_commands(&line) {
                arguments.push("--help".to_owned());
                let arguments: Vec<&str> = arguments.iter().map(String::as_str).collect();
                let (code, _, err) = run(&arguments);
                checked += 1;
                if code != 0 {
                    failures.push(format!("{}: {line}\n{err}", path.display()));
                }
            }
        }
    }
    assert!(checked >= 10, "{checked} c4 commands found in docs/");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_renamed_option_fails_the_parse() {
    let (code, _, err) = said(crate::support::c4().args(["match", "--gamez", "3", "--help"]));
    assert_eq!(code, 2, "{err}");
}
