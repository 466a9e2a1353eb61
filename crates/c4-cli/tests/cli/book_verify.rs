//! `c4 book verify` and `c4 book import` refuse a book whose scores are wrong within their
//! range or whose plies are cut short, naming the first bad entry (issue 40, item 8).

use crate::support::run;

#[test]
fn issue_40_a_wrong_or_cut_book_is_refused_with_its_first_bad_entry() {
    let dir = std::env::temp_dir().join(format!("c4-book-verify-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    let (code, _, err) = run(&["book", "export", "--out", &path("good.txt")]);
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read_to_string(path("good.txt")).unwrap();
    assert!(good.contains("\n11111212 -3\n"));
    assert!(good.contains("\n111112122 3\n"));
    // A wrong score above the deepest ply is caught by its children's scores; one in the
    // deepest ply, by the solver (a score that ends the game at once is always solved).
    std::fs::write(
        path("wrong.txt"),
        good.replace("\n11111212 -3\n", "\n11111212 17\n"),
    )
    .unwrap();
    std::fs::write(
        path("wrong_deepest.txt"),
        good.replace("\n111112122 3\n", "\n111112122 17\n"),
    )
    .unwrap();
    let cut: String = good
        .lines()
        .take(50_000)
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(path("cut.txt"), cut).unwrap();

    let (code, out, err) = run(&["book", "verify", &path("good.txt"), "--sample", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with(": good\n"), "{out}");
    for (name, wanted) in [
        (
            "wrong.txt",
            "\"11111212\" scores 17, but the book's scores of its moves make it -3",
        ),
        (
            "wrong_deepest.txt",
            "\"111112122\" scores 17, but the solver scores it 3",
        ),
        ("cut.txt", "ply 9 is incomplete"),
    ] {
        let (code, _, err) = run(&["book", "verify", &path(name), "--sample", "1"]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(err.contains(wanted), "{name}: {err}");
        let out = path(&format!("{name}.c4book"));
        let (code, _, err) = run(&[
            "book",
            "import",
            &path(name),
            "--out",
            &out,
            "--sample",
            "1",
        ]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(
            err.contains("is refused") && err.contains(wanted),
            "{name}: {err}"
        );
        assert!(
            !std::path::Path::new(&out).exists(),
            "{name}: nothing written"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
