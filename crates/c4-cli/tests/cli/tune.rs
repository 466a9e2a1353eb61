//! `c4 dataset build` then `c4 tune`: a parameter file that player specs accept; and
//! `c4 dataset grade` on the same positions.

use crate::support::run;

#[test]
fn dataset_build_then_tune_writes_a_parameter_file_that_specs_accept() {
    let dir = std::env::temp_dir().join(format!("c4-cli-tune-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.jsonl");
    let data_arg = data.to_str().unwrap();
    let build = [
        "dataset",
        "build",
        "--positions",
        "40",
        "--plies",
        "20-34",
        "--seed",
        "3",
        "--out",
        data_arg,
        "--threads",
        "2",
        "--table",
        "20",
    ];
    let (code, _, err) = run(&build);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("wrote 40 positions"), "{err}");
    assert_eq!(std::fs::read_to_string(&data).unwrap().lines().count(), 40);
    assert!(!dir.join("data.jsonl.partial").exists());
    let (code, _, err) = run(&build);
    assert_eq!(code, 2);
    assert!(err.contains("exists"), "{err}");

    let params = dir.join("threats.params");
    let (code, out, err) = run(&[
        "tune",
        "--eval",
        "threats",
        "--params",
        "threat,line3",
        "--data",
        data_arg,
        "--max-passes",
        "3",
        "--out",
        params.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("validation loss"), "{out}");
    let text = std::fs::read_to_string(&params).unwrap();
    assert!(
        text.starts_with("# threats weights fitted by c4 tune (texel)"),
        "{text}"
    );
    assert!(text.contains("\neval=threats\n"), "{text}");
    let spec = format!("alphabeta:depth=2,eval=threats:params={}", params.display());
    let (code, out, err) = run(&["best", "4453", "--ai", &spec, "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let canonical = json["ai"].as_str().unwrap();
    assert!(
        !canonical.contains("params"),
        "the canonical spec spells the weights: {canonical}"
    );
    // The canonical spec spells the file's weights, so it plays the same without the file.
    let (_, again, _) = run(&["best", "4453", "--ai", canonical, "--json"]);
    let again: serde_json::Value = serde_json::from_str(&again).unwrap();
    assert_eq!(again["ai"], json["ai"]);

    for (bad, message) in [
        ("eval=kang:params=PARAMS", "holds parameters of threats"),
        ("eval=threats:params=/no/such/file", "params=/no/such/file"),
        ("eval=threats:weights=1", "NAME:params=FILE"),
    ] {
        let spec = format!(
            "alphabeta:depth=2,{}",
            bad.replace("PARAMS", params.to_str().unwrap())
        );
        let (code, _, err) = run(&["best", "4453", "--ai", &spec]);
        assert_eq!(code, 2, "{spec}");
        assert!(err.contains(message), "{spec}: {err}");
    }
    let (code, _, err) = run(&["tune", "--eval", "zero", "--data", data_arg]);
    assert_eq!(code, 2);
    assert!(err.contains("no tunable weights"), "{err}");

    // The same dataset grades players: perfect play makes no mistake; random play does.
    let grade = |extra: &[&str]| {
        let mut args = vec!["dataset", "grade", "--data", data_arg, "--threads", "2"];
        args.extend_from_slice(extra);
        run(&args)
    };
    let (code, out, err) = grade(&["--player", "perfect", "--player", "random"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().collect();
    assert!(rows[1].starts_with("player"), "{out}");
    let perfect: Vec<&str> = rows[2].split_whitespace().collect();
    assert_eq!(perfect[0], "perfect", "{out}");
    assert_eq!(perfect[1], "0.0", "{out}");
    assert_eq!(perfect[3], "0.0%", "not optimal either: {out}");
    let random: Vec<&str> = rows[3].split_whitespace().collect();
    assert!(random[1].parse::<f64>().unwrap() > 10.0, "{out}");
    assert!(out.contains("plies 20-29"), "{out}");
    assert!(out.contains("of all 40 positions"), "{out}");
    let (code, out, err) = grade(&["--player", "perfect", "--split", "valid"]);
    assert!(
        (code == 0 && out.contains("(valid split)")) || err.contains("no positions"),
        "{out}{err}"
    );
    for (extra, message) in [
        (
            vec!["--player", "alphabeta:depth=x"],
            "--player alphabeta:depth=x",
        ),
        (
            vec!["--player", "easy", "--split", "test"],
            "invalid value 'test'",
        ),
    ] {
        let (code, _, err) = grade(&extra);
        assert_eq!(code, 2, "{extra:?}");
        assert!(err.contains(message), "{extra:?}: {err}");
    }
    let (code, _, err) = run(&[
        "dataset",
        "grade",
        "--data",
        "/no/such/file",
        "--player",
        "easy",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/file"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
