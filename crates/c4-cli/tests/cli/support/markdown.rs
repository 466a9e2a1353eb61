//! The shell commands of a Markdown file's ```sh blocks, as its readers would type them.

/// The lines of every ```sh block of `markdown`, a line continued with `\` joined to the next.
pub fn sh_lines(markdown: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for block in markdown.split("```sh\n").skip(1) {
        let block = block.split("```").next().expect("a closed block");
        let mut joined = String::new();
        for line in block.lines() {
            match line.strip_suffix('\\') {
                Some(continued) => joined.push_str(continued),
                None => {
                    joined.push_str(line);
                    lines.push(std::mem::take(&mut joined));
                }
            }
        }
    }
    lines
}

/// The arguments of each `c4` command of a shell line (a comment after ` # ` dropped, and
/// commands chained with `&&` or piped with `|` taken one by one).
pub fn c4_commands(line: &str) -> Vec<Vec<String>> {
    let command = line.split(" # ").next().unwrap_or_default();
    command
        .split("&&")
        .flat_map(|part| part.split(" | "))
        .filter_map(|part| part.trim().strip_prefix("c4 "))
        .map(|arguments| arguments.split_whitespace().map(str::to_owned).collect())
        .collect()
}
