//! The static site's numbers are the native engine's: the analysis row, the hint and the
//! review marks the page shows, answered by the WebAssembly engine in its Web Workers, against
//! c4-api's answers to the same requests computed here, under the browser's limits. Positions
//! from the book, from the ply-12 layer's range (the page fetches the chunks it reads), one
//! solved past both, one only estimated (on 8x7), and one on 6x5.
//!
//! Ignored by default, as `static_site.rs`: it needs the site built first.

use crate::browser_support::*;
use crate::static_site::on_static_site;
use c4_api::{AnalyzeRequest, HintRequest, Limits, ReviewRequest};
use c4_core::Size;
use c4_solver::Cancel;
use fantoccini::{Client, Locator};
use serde_json::Value;

/// A position on a board, as the page's link names it.
struct Case {
    size: &'static str,
    moves: &'static str,
    /// Whether the native analysis values every column exactly (else some are estimates,
    /// whose depth follows the clock).
    exact: bool,
}

const CASES: [Case; 5] = [
    // From the book.
    Case {
        size: "7x6",
        moves: "4453",
        exact: true,
    },
    // Ply 10: its columns' values are read from the ply-12 layer.
    Case {
        size: "7x6",
        moves: "4444443333",
        exact: true,
    },
    // Past the layer, solved.
    Case {
        size: "7x6",
        moves: "44455532233212",
        exact: true,
    },
    // Early on a board of 56 cells: estimates where no solve finishes.
    Case {
        size: "8x7",
        moves: "4554",
        exact: false,
    },
    Case {
        size: "6x5",
        moves: "334412",
        exact: true,
    },
];

fn native<T: serde::Serialize>(answer: Result<T, c4_api::RequestError>) -> Value {
    serde_json::to_value(answer.expect("a native answer")).unwrap()
}

/// Each column's words on the page's analysis row: its `aria-label`, "Column N: TEXT".
async fn analysis_row(client: &Client) -> TestResult<Vec<String>> {
    let mut labels = Vec::new();
    for cell in client.find_all(Locator::Css("#analysis .score")).await? {
        labels.push(cell.attr("aria-label").await?.unwrap_or_default());
    }
    Ok(labels)
}

async fn numbers(client: &Client, base: &str) -> TestResult {
    let limits = Limits::BROWSER;
    let cancel = Cancel::new();
    for case in &CASES {
        let size: Size = case.size.parse()?;
        let link = if size.is_standard() {
            case.moves.to_owned()
        } else {
            format!("{}:{}", case.size, case.moves)
        };
        client.goto("about:blank").await?;
        client.goto(&format!("{base}#{link}")).await?;
        wait_for(client, &format!("#board[data-moves='{}']", case.moves)).await?;
        wait_for(client, "body[data-turn='human']").await?;

        // The analysis row: every exact value the page shows is the native one.
        let analysis = native(c4_api::analyze(
            AnalyzeRequest {
                moves: case.moves.to_owned(),
                time_ms: None,
                size,
            },
            &limits,
            &cancel,
        ));
        assert_eq!(analysis["exact"], case.exact, "{link}: {analysis}");
        click(client, "analysis-toggle").await?;
        wait_for(client, "#analysis[data-exact] .score:not(.pending)").await?;
        let row = analysis_row(client).await?;
        let columns = analysis["columns"].as_array().unwrap();
        assert_eq!(row.len(), columns.len(), "{link}: {row:?}");
        for (label, column) in row.iter().zip(columns) {
            // The best columns' labels say so.
            let shown = label.strip_suffix(" (best)").unwrap_or(label);
            let words = format!(
                "Column {}: {}",
                column["column"],
                column["text"].as_str().unwrap()
            );
            if column["kind"] != "heuristic" {
                assert_eq!(shown, words, "{link}");
            } else {
                // An estimate here may be a solve there or an estimate of another depth:
                // the page's is an estimate, or an exact value the solver agrees with.
                assert!(
                    shown.contains("heuristic") || shown.contains("(search)") || {
                        let solved = shown.rsplit_once('(').map(|(_, s)| s.trim_end_matches(')'));
                        solved.is_some_and(|s| s.parse::<i32>().is_ok())
                    },
                    "{link}: {shown}"
                );
            }
        }
        click(client, "analysis-toggle").await?;

        // The hint, where the native one is perfect play.
        let hint = native(c4_api::hint(
            HintRequest {
                moves: case.moves.to_owned(),
                size,
            },
            &limits,
            &cancel,
        ));
        if hint["exact"] == true {
            click(client, "hint").await?;
            let said = wait_for_text(client, "hint-text", "Hint: column").await?;
            let expected = format!(
                "Hint: column {}: {}",
                hint["column"],
                hint["text"].as_str().unwrap()
            );
            assert!(
                said.starts_with(&expected),
                "{link}: {said:?}, natively {expected:?}"
            );
        }

        // The review marks: each judged move's words, as the native review judges it.
        let review = native(c4_api::review(
            ReviewRequest {
                moves: case.moves.to_owned(),
                time_ms: None,
                size,
            },
            &limits,
            &cancel,
        ));
        if review["complete"] != true {
            eprintln!(
                "{link}: {} columns as native; not every move judged natively",
                row.len()
            );
            continue;
        }
        click(client, "review").await?;
        wait_for_text(client, "hint-text", "Review:").await?;
        let judged = review["reviewed"].as_array().unwrap();
        until("the review's marks", || async {
            let marks = count(client, "#move-list .mark").await?;
            Ok(if marks == judged.len() {
                Ok(())
            } else {
                Err(format!("{marks} marks of {}", judged.len()))
            })
        })
        .await?;
        for verdict in judged {
            let ply = verdict["ply"].as_u64().unwrap();
            let css = format!("#move-list li:nth-child({}) .mark", ply + 1);
            let shown = client
                .find(Locator::Css(&css))
                .await?
                .attr("aria-label")
                .await?
                .unwrap_or_default();
            let quality = verdict["quality"].as_str().unwrap();
            let mut expected = format!("{quality}: {}", verdict["text"].as_str().unwrap());
            if quality != "optimal" {
                let best: Vec<String> = verdict["best_columns"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(Value::to_string)
                    .collect();
                let maybe = if verdict["all_best"] == true {
                    ""
                } else {
                    ", maybe more"
                };
                expected += &format!(
                    "; best {}{maybe} ({})",
                    best.join(" or "),
                    verdict["best_text"].as_str().unwrap()
                );
            }
            assert_eq!(shown, expected, "{link}, move {}", ply + 1);
        }
        eprintln!(
            "{link}: {} columns, hint {}, {} marks as native",
            row.len(),
            if hint["exact"] == true {
                "exact"
            } else {
                "an estimate"
            },
            judged.len()
        );
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the static site: cargo xtask site --out target/site (.ci/run builds it)"]
async fn the_static_sites_numbers_are_the_native_ones() {
    on_static_site(async |client, base| numbers(client, base).await)
        .await
        .unwrap();
}
