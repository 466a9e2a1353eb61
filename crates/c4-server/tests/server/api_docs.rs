//! docs/api.md's `curl` examples sent to the real router, in-process, and their answers
//! matched against the ones the page shows.

use crate::support::app;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// One `curl` of docs/api.md's examples: what it sends and, when its comment is JSON, the
/// answer it shows (`...` standing for anything, times for any number).
struct CurlExample {
    method: &'static str,
    path: String,
    body: Option<String>,
    shown: Option<String>,
}

/// The `curl` commands of docs/api.md's examples, each with the comment lines after it.
fn documented_curl_examples() -> Vec<CurlExample> {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/api.md")).unwrap();
    let section = &doc[doc.find("## Examples").expect("an Examples section")..];
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a sh block in the Examples section");
    // Continued lines (after a `\\` or inside quotes) joined; each comment line belongs to
    // the command above it.
    let mut commands: Vec<(String, String)> = Vec::new();
    for line in block.replace("\\\n", " ").lines() {
        if let Some((command, _)) = commands.last_mut()
            && command.matches('\'').count() % 2 == 1
        {
            command.push(' ');
            command.push_str(line.trim());
        } else if let Some(comment) = line.trim_start().strip_prefix('#') {
            let (_, shown) = commands.last_mut().expect("a comment after a command");
            shown.push_str(comment.trim());
        } else if let Some((command, comment)) = line.split_once(" # ") {
            commands.push((command.to_owned(), comment.trim().to_owned()));
        } else {
            commands.push((line.to_owned(), String::new()));
        }
    }
    commands
        .into_iter()
        .map(|(command, shown)| {
            let url = command
                .split_whitespace()
                .map(|word| word.trim_matches('\''))
                .find(|word| word.starts_with("http://"))
                .unwrap_or_else(|| panic!("no URL in {command}"));
            let path = url["http://".len()..]
                .find('/')
                .map(|slash| url["http://".len() + slash..].to_owned())
                .unwrap();
            let body = command
                .split_once("-d '")
                .map(|(_, rest)| rest[..rest.find('\'').unwrap()].to_owned());
            CurlExample {
                method: if command.contains("-X POST") {
                    "POST"
                } else {
                    "GET"
                },
                path,
                body,
                shown: shown.starts_with('{').then_some(shown),
            }
        })
        .collect()
}

/// A regex for the answer a docs/api.md comment shows.
fn answer_pattern(shown: &str) -> regex::Regex {
    const ANYTHING: char = '\u{1}';
    const NUMBER: char = '\u{2}';
    let marked = shown.replace("...", &ANYTHING.to_string());
    let marked = regex::Regex::new(r#""time_ms":[0-9.]+"#)
        .unwrap()
        .replace_all(&marked, format!("\"time_ms\":{NUMBER}"));
    let pattern = regex::escape(&marked)
        .replace(ANYTHING, ".*?")
        .replace(NUMBER, "[0-9.eE+-]+");
    regex::Regex::new(&format!("^{pattern}$")).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_docs_api_examples_show_what_the_server_answers() {
    let app = app(2, 2000);
    let examples = documented_curl_examples();
    assert!(
        examples.len() >= 5,
        "docs/api.md shows {} curls",
        examples.len()
    );
    let mut checked = 0;
    for example in examples {
        let request = Request::builder()
            .method(example.method)
            .uri(&example.path)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(example.body.clone().unwrap_or_default()))
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let answer = String::from_utf8(bytes.to_vec()).unwrap();
        assert_eq!(
            status,
            StatusCode::OK,
            "{} {}: {answer}",
            example.method,
            example.path
        );
        if let Some(shown) = example.shown {
            let pattern = answer_pattern(&shown);
            assert!(
                pattern.is_match(&answer),
                "{} {} answers\n{answer}\nbut docs/api.md shows\n{shown}",
                example.method,
                example.path
            );
            checked += 1;
        }
    }
    assert!(checked >= 4, "only {checked} answers are shown");
}
