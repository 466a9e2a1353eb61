//! `c4 book build`: a book built, resumed and used by `c4 solve` and the perfect player.

use crate::support::{run, run_with_input};

#[test]
fn book_build_solve_resume_and_the_perfect_player() {
    // A Test_L2_R1 position (23 discs) and four plies more: a small book that builds fast.
    const ROOT: &str = "52753311433677442422121";
    let dir = std::env::temp_dir().join(format!("c4-cli-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("small.book");
    let book_arg = book.to_str().unwrap();
    let build = |extra: &[&str]| {
        let mut args = vec![
            "book", "build", "--from", ROOT, "--depth", "27", "--out", book_arg,
        ];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--table", "20"]);
        run(&args)
    };
    let (code, _, err) = build(&["--threads", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("wrote"), "{err}");
    let text = std::fs::read_to_string(&book).unwrap();
    assert!(text.starts_with("c4-book 1 depth=27\n"));
    let entries: Vec<&str> = text.lines().skip(1).collect();
    assert!(entries.len() > 100, "{} entries", entries.len());
    assert!(!dir.join("small.book.partial").exists());

    // Every entry is what the solver says without the book.
    let body = entries.join("\n");
    let (code, solved, _) = run_with_input(&["solve"], &body);
    assert_eq!(code, 0);
    assert_eq!(solved.lines().collect::<Vec<_>>(), entries);
    // With the book the root is answered at once, with the same score.
    let (_, with_book, _) = run_with_input(&["solve", "--stats", "--book", book_arg], ROOT);
    let fields: Vec<&str> = with_book.split_whitespace().collect();
    assert_eq!(fields[1], entries[0].split(' ').nth(1).unwrap());
    assert_eq!(fields[2], "0", "nodes with the book: {with_book}");

    // An interrupted build resumes: half the lines and a cut line are kept in the partial file.
    let partial = dir.join("small.book.partial");
    let deepest: Vec<&str> = entries
        .iter()
        .rev()
        .take(entries.len() / 2)
        .copied()
        .collect();
    let mut content = format!("c4-book-progress 1 from={ROOT} depth=27\n");
    for line in &deepest {
        content.push_str(line);
        content.push('\n');
    }
    content.push_str("5275331143367744242212112 "); // cut short by the interruption
    std::fs::write(&partial, content).unwrap();
    std::fs::remove_file(&book).unwrap();
    let (code, _, err) = build(&[]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(&format!("resuming: {} positions", deepest.len())),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&book).unwrap(), text);
    // A finished build is recognised, not built again.
    let (code, _, err) = build(&[]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("finished already"), "{err}");
    // The binary format holds the same book: import, export and describe.
    let binary = dir.join("small.c4book");
    let binary_arg = binary.to_str().unwrap();
    let (code, _, err) = run(&["book", "import", book_arg, "--out", binary_arg]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::metadata(&binary).unwrap().len(),
        24 + 8 * entries.len() as u64
    );
    // Exported, the binary book reads as the same positions and scores (each under a game
    // that reaches it: a binary book keeps positions, not the moves of the build).
    let exported = dir.join("exported.book");
    let (code, _, err) = run(&[
        "book",
        "export",
        binary_arg,
        "--out",
        exported.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let exported_text = std::fs::read_to_string(&exported).unwrap();
    assert_eq!(exported_text.lines().count(), text.lines().count());
    let again = dir.join("again.c4book");
    let (code, _, err) = run(&[
        "book",
        "import",
        exported.to_str().unwrap(),
        "--out",
        again.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read(&again).unwrap(),
        std::fs::read(&binary).unwrap()
    );
    let (code, info, _) = run(&["book", "info", binary_arg]);
    assert_eq!(code, 0);
    assert!(info.contains("depth: 27"), "{info}");
    assert!(
        info.contains(&format!("positions: {}", entries.len())),
        "{info}"
    );
    // A wrong score in a partial file stops the build, naming the line.
    std::fs::remove_file(&book).unwrap();
    std::fs::write(
        &partial,
        format!(
            "c4-book-progress 1 from={ROOT} depth=27
{ROOT}1 19
"
        ),
    )
    .unwrap();
    let (code, _, err) = build(&[]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2") && err.contains("outside"), "{err}");
    // A partial file of another book is not mixed in.
    std::fs::write(&partial, "c4-book-progress 1 from= depth=3\n").unwrap();
    let (code, _, err) = build(&[]);
    assert_eq!(code, 2);
    assert!(err.contains("was written for something else"), "{err}");
    std::fs::remove_file(&partial).unwrap();

    // The perfect player uses the book: an exact move with no search at the root.
    let spec = format!("perfect:book={binary_arg}");
    let (code, out, err) = run(&["best", "--json", "--ai", &spec, ROOT]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["exact"], true);

    // Broken books are refused with the reason.
    let broken = dir.join("broken.book");
    std::fs::write(&broken, "c4-book 1 depth=27\n44 x\n").unwrap();
    let (code, _, err) = run_with_input(&["solve", "--book", broken.to_str().unwrap()], "4");
    assert_eq!(code, 2);
    assert!(err.contains("line 2"), "{err}");
    let (code, _, err) = run(&["best", "--ai", "perfect:book=/no/such/book", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read the book /no/such/book"), "{err}");
    let (code, _, err) = run(&["best", "--ai", "perfect:book=/dev/zero", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("not a regular file"), "{err}");
    let (code, _, err) = run(&[
        "book", "build", "--depth", "2", "--from", "4444", "--out", book_arg,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("shallower"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `c4 book build --size`: a book of another size built, described, verified, exported and
/// used by `c4 solve` of its size, which refuses it on another size naming both.
#[test]
fn a_book_of_another_size_is_built_checked_and_used_by_its_solver() {
    let dir = std::env::temp_dir().join(format!("c4-cli-book-size-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("5x4.c4book");
    let book_arg = book.to_str().unwrap();
    let (code, _, err) = run(&[
        "book", "build", "--size", "5x4", "--depth", "6", "--table", "20", "--out", book_arg,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("(5x4, depth 6,"), "{err}");
    let (code, info, err) = run(&["book", "info", book_arg]);
    assert_eq!(code, 0, "{err}");
    assert!(info.contains("size: 5x4\ndepth: 6\n"), "{info}");
    let (code, out, err) = run(&["book", "verify", book_arg, "--full", "--table", "20"]);
    assert_eq!(
        (code, out.trim()),
        (0, format!("{book_arg}: good").as_str()),
        "{err}"
    );
    let (code, text, _) = run(&["book", "export", book_arg]);
    assert_eq!(code, 0);
    assert!(text.starts_with("c4-book 1 size=5x4 depth=6\n"), "{text}");

    // Every entry is what the solver of 5x4 says without the book (the empty board's line,
    // ` SCORE`, is no line `c4 solve` reads), and with it the book answers at once.
    let entries: Vec<&str> = text
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with(' '))
        .collect();
    let body = entries.join("\n");
    let (code, solved, err) = run_with_input(&["solve", "--size", "5x4"], &body);
    assert_eq!(code, 0, "{err}");
    assert_eq!(solved.lines().collect::<Vec<_>>(), entries);
    let (code, with_book, err) = run_with_input(
        &["solve", "--size", "5x4", "--stats", "--book", book_arg],
        "33",
    );
    assert_eq!(code, 0, "{err}");
    let fields: Vec<&str> = with_book.split_whitespace().collect();
    assert_eq!(fields[2], "0", "no node searched: {with_book}");

    // Another size refuses it, naming both; the built-in book is 7x6's.
    let (code, _, err) = run_with_input(&["solve", "--book", book_arg], "44");
    assert_ne!(code, 0);
    assert!(
        err.contains("the book is for the 5x4 board, not 7x6"),
        "{err}"
    );
    let (code, _, err) = run_with_input(&["solve", "--size", "6x5", "--book", book_arg], "44");
    assert_ne!(code, 0);
    assert!(
        err.contains("the book is for the 5x4 board, not 6x5"),
        "{err}"
    );
    let (code, _, err) = run_with_input(&["solve", "--size", "5x4", "--book", "builtin"], "3");
    assert_ne!(code, 0);
    assert!(err.contains("7x6"), "{err}");
    let (code, _, err) = run(&[
        "book", "build", "--size", "4x4", "--depth", "16", "--out", book_arg,
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("4x4"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// An --out that cannot be a book, of any board, is refused without advice to remove it.
#[test]
fn a_book_out_that_is_a_device_is_refused_without_advice_to_remove_it() {
    for size in ["7x6", "5x4"] {
        let (code, _, err) = run(&[
            "book",
            "build",
            "--depth",
            "2",
            "--size",
            size,
            "--out",
            "/dev/full",
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("/dev/full") && err.contains("choose another --out"),
            "{err}"
        );
        assert!(!err.contains("remove"), "{err}");
    }
}
