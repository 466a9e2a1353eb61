//! Input echoed in error messages is cut to 80 characters (issue 40, item 6).

use assert_cmd::Command;

#[test]
fn issue_40_a_long_position_is_not_echoed_whole() {
    let long = format!("{}{}", "445", "1".repeat(100_000));
    for command in ["show", "best", "analyze", "review"] {
        let output = Command::cargo_bin("c4")
            .expect("the c4 binary is built for tests")
            .args([command, &long])
            .output()
            .expect("c4 runs");
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command}: {err}");
        assert!(err.contains("(100003 characters)"), "{command}: {err}");
        assert!(err.len() < 400, "{command}: {} bytes: {err}", err.len());
    }
}
