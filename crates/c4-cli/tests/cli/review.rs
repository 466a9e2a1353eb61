//! `c4 review`: which it read, moves or a file, and what it says of a bad file (issue 40,
//! item 5; issue 38, item 6).

use crate::support::run_in;
use std::path::PathBuf;

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-review-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn issue_40_moves_are_read_as_moves_even_beside_a_folder_of_that_name() {
    let dir = fresh_dir("moves");
    std::fs::create_dir_all(dir.join("44551")).unwrap();
    let (code, out, err) = run_in(&dir, &["review", "44551", "--table", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("reviewing the moves 44551"), "{err}");
    assert!(
        out.contains("red: 1 optimal, 0 inaccurate, 2 mistakes"),
        "{out}"
    );
    // The folder is read when asked for by --file, or by a path that cannot be moves.
    for args in [&["review", "--file", "44551"][..], &["review", "./44551"]] {
        let (code, _, err) = run_in(&dir, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("games.jsonl is not a file"), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn issue_38_a_bad_file_is_described_once_without_speaking_of_resuming() {
    let dir = fresh_dir("bad");
    for (name, contents, wanted) in [
        ("one.jsonl", "{\"x\":1}\n", "line 1 does not parse"),
        ("cut.jsonl", "{\"x\":1}", "line 1 does not parse"),
        ("empty.jsonl", "", "holds no game record"),
    ] {
        std::fs::write(dir.join(name), contents).unwrap();
        let (code, _, err) = run_in(&dir, &["review", name]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(err.contains(wanted), "{name}: {err}");
        assert_eq!(err.matches(name).count(), 1, "{name}: {err}");
        for word in ["dropped", "done again", "resume"] {
            assert!(!err.contains(word), "{name}: {err}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
