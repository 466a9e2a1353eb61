//! A command line clap refuses, said on one line as every `c4` error is: clap's message, the
//! lines under it and its tip joined, the usage left to `--help`. Where clap has no tip for an
//! unknown flag (it misses a transposition such as `--ia` for `--ai`), the nearest flag of the
//! subcommand is suggested.

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// `error`'s message on one line (without the `error: ` before it), for the command line
/// `args` (the program's name first) of `command`.
pub fn one_line(error: &clap::Error, command: &clap::Command, args: &[String]) -> String {
    let mut text = join_lines(&error.render().to_string());
    if error.kind() == ErrorKind::UnknownArgument
        && error.get(ContextKind::SuggestedArg).is_none()
        && let Some(ContextValue::String(unknown)) = error.get(ContextKind::InvalidArg)
        && let Some(flag) = nearest_flag(unknown, subcommand_of(command, args))
    {
        text.push_str(&format!("; tip: a similar argument exists: '{flag}'"));
    }
    text.push_str("; try '--help'");
    text
}

/// clap's rendered error on one line: its first line, then the lines under it (a list after
/// a colon joined by commas, anything else, a tip or the possible values, after a
/// semicolon), up to the usage.
fn join_lines(rendered: &str) -> String {
    let mut text = String::new();
    let mut in_list = false;
    for line in rendered.lines().map(str::trim) {
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        if line.is_empty() {
            in_list = false;
            continue;
        }
        let line = line.strip_prefix("error: ").unwrap_or(line);
        if text.is_empty() {
            text.push_str(line);
        } else if text.ends_with(':') {
            text.push(' ');
            text.push_str(line);
            in_list = true;
        } else if in_list {
            text.push_str(", ");
            text.push_str(line);
        } else {
            text.push_str("; ");
            text.push_str(line);
        }
    }
    text
}

/// The (sub)command `args` name: the deepest subcommand named in order.
fn subcommand_of<'a>(command: &'a clap::Command, args: &[String]) -> &'a clap::Command {
    let mut current = command;
    for arg in args.iter().skip(1) {
        if let Some(sub) = current.find_subcommand(arg) {
            current = sub;
        }
    }
    current
}

/// The long flag of `command` nearest `unknown` (`--ia`), if one is a single edit away
/// (a letter added, dropped, changed, or two neighbours swapped).
fn nearest_flag(unknown: &str, command: &clap::Command) -> Option<String> {
    let typed = unknown.strip_prefix("--")?.split('=').next()?;
    command
        .get_arguments()
        .filter_map(clap::Arg::get_long)
        .find(|long| edit_distance(typed, long) <= 1)
        .map(|long| format!("--{long}"))
}

/// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
/// neighbours, each one edit.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cli;
    use clap::{CommandFactory, Parser};

    fn said(args: &[&str]) -> String {
        let error = Cli::try_parse_from(args).expect_err("refused");
        let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
        one_line(&error, &Cli::command(), &args)
    }

    #[test]
    fn a_mistyped_flag_is_one_line_with_a_suggestion() {
        let text = said(&["c4", "play", "--ia", "easy"]);
        assert_eq!(
            text,
            "unexpected argument '--ia' found; tip: a similar argument exists: '--ai'; \
             try '--help'"
        );
        // clap's own tip, where it has one, is kept and not doubled.
        let text = said(&["c4", "play", "--seeed", "1"]);
        assert!(!text.contains('\n'), "{text}");
        assert_eq!(text.matches("tip:").count(), 1, "{text}");
        assert!(text.contains("'--seed'"), "{text}");
    }

    #[test]
    fn a_list_under_a_colon_stays_on_the_line() {
        let text = said(&["c4", "watch"]);
        assert!(!text.contains('\n'), "{text}");
        assert!(
            text.contains("provided: --red <RED>, --yellow <YELLOW>"),
            "{text}"
        );
        let text = said(&["c4", "play", "--first", "nobody"]);
        assert!(!text.contains('\n'), "{text}");
        assert!(text.contains("[possible values:"), "{text}");
    }

    #[test]
    fn edits_are_counted_with_swaps() {
        assert_eq!(edit_distance("ia", "ai"), 1);
        assert_eq!(edit_distance("seed", "seeds"), 1);
        assert_eq!(edit_distance("ai", "ai"), 0);
        assert_eq!(edit_distance("abc", "xyz"), 3);
    }
}
