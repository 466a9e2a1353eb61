//! The house rules that keep the code readable, checked over the whole repository: no source
//! file (`.rs`, `.py`, `.js`) over 600 lines, every crate depending only on the crates below
//! it (ARCHITECTURE.md's table), inside each crate no two files that import each other in a
//! circle (a file's imports are the `crate::` and `super::` paths it names outside its
//! tests; a module's own ancestors are its namespace, not an import), likewise no two of
//! the page's modules (`web/*.js`, importing `./x.js`) in a circle, and no sentinel score or
//! move in any crate's source (a full column is `None`, not -1000).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_LINES: usize = 600;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every file below `dir` whose name ends in one of `extensions`, skipping build output,
/// git's folder and installed packages.
fn sources(dir: &Path, extensions: &[&str], found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(
                name.as_str(),
                "target" | ".git" | "node_modules" | "__pycache__" | ".venv" | "site"
            ) {
                sources(&path, extensions, found);
            }
        } else if extensions.iter().any(|e| name.ends_with(e)) {
            found.push(path);
        }
    }
}

#[test]
fn no_source_file_is_over_600_lines() {
    let mut files = Vec::new();
    for dir in ["crates", "xtask", "web"] {
        sources(&root().join(dir), &[".rs", ".py", ".js"], &mut files);
    }
    assert!(files.len() > 100, "{} source files found", files.len());
    assert!(
        files.iter().any(|f| f.ends_with("web/main.js")),
        "the page's modules are not among them"
    );
    let long: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let lines = std::fs::read_to_string(path).ok()?.lines().count();
            (lines > MAX_LINES).then(|| format!("{}: {lines} lines", path.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}

/// A module's path from its crate's root: `agent/spec.rs` is `agent::spec`, `agent/mod.rs`
/// and `lib.rs` name their folder.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .strip_prefix(src)
        .expect("below src")
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The `crate::` and `super::` paths named in `text` (its test module left out), each as the
/// module path it starts from plus the names after it; a `{a, b}` group gives one path each.
fn imported_paths(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    let word = |s: &str| {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect::<String>()
    };
    let mut paths = Vec::new();
    for (start, keyword) in text
        .match_indices("crate::")
        .chain(text.match_indices("super::"))
    {
        let before = text[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let mut base: Vec<String> = if keyword == "crate::" {
            Vec::new()
        } else {
            module[..module.len().saturating_sub(1)].to_vec()
        };
        let mut rest = &text[start + keyword.len()..];
        while let Some(after) = rest.strip_prefix("super::") {
            base.pop();
            rest = after;
        }
        let mut names = Vec::new();
        loop {
            let name = word(rest);
            if name.is_empty() {
                break;
            }
            rest = &rest[name.len()..];
            names.push(name);
            match rest.strip_prefix("::") {
                Some(after) => rest = after,
                None => break,
            }
        }
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                let mut path = base.clone();
                path.extend(names.iter().cloned());
                path.extend(item.trim().split("::").map(word).filter(|w| !w.is_empty()));
                paths.push(path);
            }
        } else {
            let mut path = base;
            path.extend(names);
            paths.push(path);
        }
    }
    paths
}

/// The files of one crate that take part in an import circle, one list per circle.
fn circles(src: &Path) -> Vec<Vec<String>> {
    let mut files = Vec::new();
    sources(src, &[".rs"], &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> =
        files.into_iter().map(|f| (module_of(src, &f), f)).collect();
    let file_of = |path: &[String]| {
        (0..=path.len())
            .rev()
            .map(|k| path[..k].to_vec())
            .find(|p| modules.contains_key(p))
    };
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).expect("readable");
        for path in imported_paths(&text, module) {
            if let Some(target) = file_of(&path)
                && !module.starts_with(&target)
            {
                edges.entry(module.clone()).or_default().insert(target);
            }
        }
    }
    let circles = strongly_connected(&edges);
    circles
        .into_iter()
        .map(|circle| circle.iter().map(|m| m.join("::")).collect())
        .collect()
}

/// The circles of a graph: each set of two or more nodes (or one importing itself) that all
/// reach one another, its members in order.
fn strongly_connected<N: Ord + Clone>(edges: &BTreeMap<N, BTreeSet<N>>) -> Vec<Vec<N>> {
    let reach = |from: &N| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(m) = todo.pop() {
            for next in edges.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&N, BTreeSet<N>> = edges.keys().map(|m| (m, reach(m))).collect();
    let mut found: BTreeSet<Vec<N>> = BTreeSet::new();
    for (node, seen) in &reached {
        if !seen.contains(*node) {
            continue;
        }
        let circle: Vec<N> = seen
            .iter()
            .filter(|other| reached.get(other).is_some_and(|r| r.contains(*node)))
            .cloned()
            .collect();
        found.insert(circle);
    }
    found.into_iter().collect()
}

#[test]
fn no_two_files_of_a_crate_import_each_other_in_a_circle() {
    let mut crates = Vec::new();
    let mut all = Vec::new();
    for entry in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        let src = entry.path().join("src");
        if src.is_dir() {
            crates.push(entry.file_name());
            for circle in circles(&src) {
                all.push(format!(
                    "{}: {}",
                    entry.file_name().to_string_lossy(),
                    circle.join(" -> ")
                ));
            }
        }
    }
    assert!(crates.len() >= 7, "{crates:?}");
    assert!(all.is_empty(), "import circles:\n{}", all.join("\n"));
}

#[test]
fn a_circle_is_found() {
    let dir = std::env::temp_dir().join(format!("c4-house-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("a")).unwrap();
    std::fs::write(src.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    std::fs::write(src.join("a/mod.rs"), "mod inner;\nuse crate::b::Thing;\n").unwrap();
    std::fs::write(src.join("a/inner.rs"), "use super::super::c::{X, Y};\n").unwrap();
    std::fs::write(
        src.join("b.rs"),
        "pub struct Thing;\nuse super::a::inner::Z;\n",
    )
    .unwrap();
    std::fs::write(
        src.join("c.rs"),
        "// crate::b::Thing in a comment counts too\n",
    )
    .unwrap();
    let found = circles(&src);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, vec![vec!["a::inner", "b", "c"]]);
}

/// The workspace crates each crate may depend on, read from ARCHITECTURE.md's table of
/// layers, the one place the layering is written: a line `c4-x  <- a, b   what it does`
/// allows `c4-a` and `c4-b`, `<- all of the above` every crate listed before it, and a
/// crate may name only crates listed before it, so dependencies point one way.
fn allowed() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let section = &text[text
        .find("## Crates and layers")
        .expect("the layers section")..];
    let block = section
        .split("```")
        .nth(1)
        .expect("the table of layers, fenced");
    let mut table: Vec<(String, Vec<String>)> = Vec::new();
    for line in block.lines() {
        let Some(name) = line
            .split_whitespace()
            .next()
            .filter(|w| w.starts_with("c4-"))
        else {
            continue;
        };
        let below = match line.split_once("<-") {
            None => Vec::new(),
            Some((_, rest)) => {
                // The names end where the description starts, after a run of spaces.
                let names = rest.trim_start().split("  ").next().unwrap_or("");
                if names.trim() == "all of the above" {
                    table.iter().map(|(n, _)| n.clone()).collect()
                } else {
                    names
                        .split(',')
                        .map(|n| format!("c4-{}", n.trim()))
                        .collect()
                }
            }
        };
        for dependency in &below {
            assert!(
                table.iter().any(|(n, _)| n == dependency),
                "ARCHITECTURE.md: {name} is drawn above {dependency}, which is not listed before it"
            );
        }
        table.push((name.to_string(), below));
    }
    table
}

#[test]
fn the_table_of_layers_reads_as_expected() {
    let table = allowed();
    let core = table
        .iter()
        .find(|(n, _)| n == "c4-core")
        .expect("c4-core listed");
    assert!(core.1.is_empty(), "the rules depend on no crate of c4");
    let solver = table
        .iter()
        .find(|(n, _)| n == "c4-solver")
        .expect("c4-solver listed");
    assert_eq!(solver.1, vec!["c4-core".to_string()]);
}

/// The page's modules that `text` (one of `web/*.js`) imports: every `import ... from "./x.js"`
/// or `export ... from "./x.js"`, and every bare `import "./x.js"` or `import("./x.js")`, by
/// file name.
fn js_imports(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for keyword in ["from", "import"] {
        for (start, _) in text.match_indices(keyword) {
            let before = text[..start].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '.') {
                continue;
            }
            let rest = text[start + keyword.len()..].trim_start();
            let rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
            let Some(quote) = rest
                .chars()
                .next()
                .filter(|c| matches!(c, '"' | '\'' | '`'))
            else {
                continue;
            };
            let literal = &rest[1..];
            let Some(end) = literal.find(quote) else {
                continue;
            };
            if let Some(name) = literal[..end].strip_prefix("./")
                && name.ends_with(".js")
                && !name.contains('/')
            {
                found.insert(name.to_owned());
            }
        }
    }
    found
}

/// The import circles among the `.js` files of `dir`, each named by its members and a path
/// that goes round it: `board.js, game.js, panels.js: board.js -> game.js -> board.js`.
fn js_circles(dir: &Path) -> Vec<String> {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in std::fs::read_dir(dir).expect("the page's folder").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".js") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).expect("readable");
        let imports = js_imports(&text)
            .into_iter()
            .filter(|target| dir.join(target).is_file())
            .collect();
        edges.insert(name, imports);
    }
    strongly_connected(&edges)
        .into_iter()
        .map(|members| {
            let round = round_path(&edges, &members).join(" -> ");
            format!("{}: {round}", members.join(", "))
        })
        .collect()
}

/// A shortest path from the first member of a circle back to it, through its members.
fn round_path(edges: &BTreeMap<String, BTreeSet<String>>, members: &[String]) -> Vec<String> {
    let start = &members[0];
    let inside: BTreeSet<&String> = members.iter().collect();
    let mut came_from: BTreeMap<&String, &String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for next in edges.get(node).into_iter().flatten() {
            if !inside.contains(next) || came_from.contains_key(next) {
                continue;
            }
            came_from.insert(next, node);
            if next == start {
                queue.clear();
                break;
            }
            queue.push_back(next);
        }
    }
    let mut path = vec![start.clone()];
    let mut node = came_from[start];
    while node != start {
        path.push(node.clone());
        node = came_from[node];
    }
    path.push(start.clone());
    path.reverse();
    path
}

#[test]
fn no_two_modules_of_the_page_import_each_other_in_a_circle() {
    let web = root().join("web");
    let main = std::fs::read_to_string(web.join("main.js")).expect("web/main.js");
    assert!(
        js_imports(&main).contains("game.js"),
        "main.js's imports are not read: {:?}",
        js_imports(&main)
    );
    let circles = js_circles(&web);
    assert!(
        circles.is_empty(),
        "import circles in web/:\n{}",
        circles.join("\n")
    );
}

#[test]
fn a_circle_of_the_page_is_found_and_named() {
    let dir = std::env::temp_dir().join(format!("c4-house-web-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
    write("state.js", "export const state = {};\n");
    write(
        "game.js",
        "import { state } from \"./state.js\";\nimport {\n  render,\n} from './board.js';\n",
    );
    write("board.js", "export { humanPlay } from \"./game.js\";\n");
    write(
        "main.js",
        "import \"./game.js\";\nconst later = import(\"./panels.js\");\n",
    );
    write(
        "panels.js",
        "// import nothing from \"./engine/glue.js\" here\n",
    );
    write("worker.js", "import init from \"./engine/c4_wasm.js\";\n");
    let imports = js_imports(&std::fs::read_to_string(dir.join("main.js")).unwrap());
    let found = js_circles(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        imports,
        BTreeSet::from(["game.js".to_owned(), "panels.js".to_owned()])
    );
    assert_eq!(
        found,
        vec!["board.js, game.js: board.js -> game.js -> board.js"]
    );
}

#[test]
fn every_crate_depends_only_on_the_crates_below_it() {
    let table = allowed();
    let mut wrong = Vec::new();
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        let Ok(manifest) = std::fs::read_to_string(entry.path().join("Cargo.toml")) else {
            continue;
        };
        let name = entry.file_name().to_string_lossy().into_owned();
        seen.push(name.clone());
        let Some((_, allowed)) = table.iter().find(|(crate_name, _)| *crate_name == name) else {
            wrong.push(format!("{name}: not in the table of crates"));
            continue;
        };
        // Every dependency line of every section (normal, dev, build, per target) that names
        // a workspace crate.
        for line in manifest.lines() {
            let dependency: String = line
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            if dependency.starts_with("c4-")
                && line[dependency.len()..]
                    .trim_start()
                    .starts_with(['=', '.'])
                && !allowed.contains(&dependency)
            {
                wrong.push(format!("{name} depends on {dependency}"));
            }
        }
    }
    assert_eq!(seen.len(), table.len(), "crates found: {seen:?}");
    assert!(
        wrong.is_empty(),
        "dependencies that run up:\n{}",
        wrong.join("\n")
    );
}

/// What a sentinel score or move looks like in source, with what stands for it instead. A
/// bare score or "no move" value passed between functions reads as a real one where a caller
/// forgets the check; the types make the compiler do it.
const SENTINELS: [(&str, &str); 3] = [
    (
        "INVALID_MOVE",
        "a full column is `None` in `[Option<ExactScore>; WIDTH]`",
    ),
    ("u8::MAX", "no move is `None`, an `Option<Column>`"),
    (
        "Vec<(Column,i32,bool)>",
        "a root value is a struct with named fields",
    ),
];

/// The lines of `text` that hold a sentinel (1-based), with what to write instead. White
/// space is ignored, and `u8::MAX` counts only on a line that speaks of a move (`move`,
/// `column` or `best`), so that a byte's largest value stays free for other uses.
fn sentinel_lines(text: &str) -> Vec<(usize, &'static str)> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        let lower = line.to_lowercase();
        let speaks_of_a_move = ["move", "column", "best"].iter().any(|w| lower.contains(w));
        for (pattern, instead) in SENTINELS {
            if squeezed.contains(pattern) && (pattern != "u8::MAX" || speaks_of_a_move) {
                found.push((index + 1, instead));
            }
        }
    }
    found
}

#[test]
fn no_sentinel_score_or_move_is_in_any_crate_s_source() {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        sources(&entry.path().join("src"), &[".rs"], &mut files);
    }
    assert!(
        files.iter().any(|f| f.ends_with("c4-solver/src/score.rs")),
        "the solver's sources are not among {} files",
        files.len()
    );
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        for (line, instead) in sentinel_lines(&text) {
            let path = file.strip_prefix(root()).unwrap_or(file).display();
            found.push(format!("{path}:{line}: {instead}"));
        }
    }
    assert!(
        found.is_empty(),
        "sentinel scores or moves:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_sentinel_is_found() {
    let text = "let s = [INVALID_MOVE; 7];\n\
                const NO_MOVE: u8 = u8::MAX;\n\
                let work = u8::MAX;\n\
                type RootValues = Vec<(Column, i32,\tbool)>;\n";
    let lines: Vec<usize> = sentinel_lines(text).iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, vec![1, 2, 4]);
}
