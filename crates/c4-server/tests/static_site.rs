//! The static site (`cargo xtask site`) end to end in headless Chromium, served by a plain
//! file server (`python3 -m http.server`) with no API behind it: the engine runs in the
//! page's Web Workers, compiled to WebAssembly.
//!
//! Ignored by default: it needs the site built first. `.ci/run` builds it into
//! `target/site` and runs this test; `C4_SITE_DIR` names another folder.

// Shared with browser.rs, which uses the parts this test does not (downloads, DevTools).
#[allow(dead_code)]
mod browser_support;

use browser_support::*;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `python3 -m http.server` on a free loopback port serving `dir`; the child and the port.
fn start_file_server(dir: &Path) -> TestResult<(Child, u16)> {
    let mut child = Command::new("python3")
        .args(["-u", "-m", "http.server", "0", "--bind", "127.0.0.1"])
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let mut line = String::new();
    // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
    BufReader::new(stdout).read_line(&mut line)?;
    let port = line
        .split(" port ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|p| p.parse().ok());
    match port {
        Some(port) => Ok((child, port)),
        None => {
            let _ = child.kill();
            Err(format!("the file server did not say its port: {line:?}").into())
        }
    }
}

/// Clicks the centre-most playable column and waits for the move to land.
async fn click_a_column(client: &Client) -> TestResult {
    let before = moves(client).await?;
    for column in [4, 3, 5, 2, 6, 1, 7] {
        let css = format!(".column[data-column='{column}'][aria-disabled='false']");
        if let Ok(button) = client.find(Locator::Css(&css)).await {
            button.click().await?;
            let start = Instant::now();
            while moves(client).await? == before {
                if start.elapsed() > Duration::from_secs(5) {
                    return Err(format!("a click on column {column} did nothing").into());
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            return Ok(());
        }
    }
    Err(format!("no playable column at {before:?}").into())
}

/// A whole game against `level`, the person (red) clicking; returns the banner's words.
async fn whole_game(client: &Client, base: &str, level: &str) -> TestResult<String> {
    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']", Duration::from_secs(20)).await?;
    client
        .find(Locator::Id("yellow-level"))
        .await?
        .select_by_value(level)
        .await?;
    let mut clicks = 0;
    while wait_for_human_or_end(client).await? == "human" {
        click_a_column(client).await?;
        clicks += 1;
        assert!(
            clicks <= 21,
            "more than 21 moves by one side against {level}"
        );
    }
    Ok(client
        .find(Locator::Id("banner-text"))
        .await?
        .text()
        .await?)
}

async fn scenario(client: &Client, base: &str, screenshot: &Path) -> TestResult {
    // Time to first move: from opening a link where the computer (yellow, the default level)
    // is to move until its disc is on the board, the module fetched and compiled on the way.
    // Printed for docs/benchmarks.md, not asserted.
    let opened = Instant::now();
    client.goto(&format!("{base}#4")).await?;
    while moves(client).await.unwrap_or_default().len() < 2 {
        if opened.elapsed() > Duration::from_secs(20) {
            return Err("no first computer move in 20 s".into());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    eprintln!("time to first move: {} ms", opened.elapsed().as_millis());

    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']", Duration::from_secs(20)).await?;
    let footer = client
        .find(Locator::Id("footer-text"))
        .await?
        .text()
        .await?;
    assert!(footer.contains("WebAssembly"), "{footer}");
    let page = client.find(Locator::Css("body")).await?.text().await?;
    assert!(
        !page.to_lowercase().contains("server"),
        "the static page speaks of a server: {page}"
    );
    assert!(
        !client
            .find(Locator::Id("save"))
            .await?
            .is_displayed()
            .await?
    );

    // The analysis of the empty board is exact at once, from the book in the module.
    client
        .find(Locator::Id("analysis-toggle"))
        .await?
        .click()
        .await?;
    wait_for(
        client,
        "#analysis[data-exact='true']",
        Duration::from_secs(20),
    )
    .await?;
    let best = client
        .find(Locator::Css("#analysis .best"))
        .await?
        .text()
        .await?;
    assert!(best.starts_with("win"), "the centre wins: {best:?}");
    client
        .find(Locator::Id("analysis-toggle"))
        .await?
        .click()
        .await?;

    // A hint on the empty board is perfect play from the book: the centre.
    client.find(Locator::Id("hint")).await?.click().await?;
    let said = wait_for_text(client, "hint-text", "Hint: column").await?;
    assert!(
        said.contains("column 4") && said.contains("perfect play"),
        "{said}"
    );

    // Undo during a search: the computer (perfect, a few seconds on a fresh position) is
    // stopped and the person is to move again at once.
    client
        .find(Locator::Id("yellow-level"))
        .await?
        .select_by_value("perfect")
        .await?;
    client.goto(&format!("{base}#4444")).await?;
    wait_for(client, "body[data-turn='human']", Duration::from_secs(20)).await?;
    click_a_column(client).await?;
    wait_for(client, "body[data-turn='ai']", Duration::from_secs(5)).await?;
    client.find(Locator::Id("undo")).await?.click().await?;
    let undone = Instant::now();
    wait_for(client, "body[data-turn='human']", Duration::from_secs(2)).await?;
    assert_eq!(moves(client).await?, "4444");
    assert!(undone.elapsed() < Duration::from_secs(2));

    // A shared link opens its position.
    client.goto(&format!("{base}#445")).await?;
    wait_for(client, "#board[data-moves='445']", Duration::from_secs(20)).await?;

    // A whole game against every level the engine has, then the review of the last one
    // (the strongest).
    for level in c4_players::LEVELS.iter().map(|level| level.name) {
        let banner = whole_game(client, base, level).await?;
        eprintln!("against {level}: {banner}");
        if level == "perfect" {
            assert!(!banner.contains("You win"), "perfect lost: {banner}");
        }
    }
    client.find(Locator::Id("review")).await?.click().await?;
    let review = wait_for_text(client, "hint-text", "Review:").await?;
    assert!(review.contains("optimal"), "{review}");
    wait_for(client, "#move-list .mark", Duration::from_secs(5)).await?;
    let png = client.screenshot().await?;
    std::fs::write(screenshot, png)?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the static site: cargo xtask site --out target/site (.ci/run builds it)"]
async fn the_static_site_plays_every_level_with_no_server() {
    let target = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target");
    let site = std::env::var_os("C4_SITE_DIR").map_or_else(|| target.join("site"), PathBuf::from);
    assert!(
        site.join("engine/c4_wasm_bg.wasm").is_file(),
        "no static site in {}: build it with `cargo xtask site --out {}`",
        site.display(),
        site.display()
    );
    let (mut files, file_port) = start_file_server(&site).expect("python3 -m http.server starts");
    let (mut driver, port) = start_chromedriver().expect("chromedriver starts");
    let capabilities = json!({
        "goog:chromeOptions": { "binary": CHROMIUM, "args": CHROMIUM_ARGS }
    });
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities.as_object().unwrap().clone())
        .connect(&format!("http://127.0.0.1:{port}"))
        .await;
    let result = match client {
        Ok(client) => {
            let screenshot = target.join("browser-static-site.png");
            let base = format!("http://127.0.0.1:{file_port}/");
            let outcome = tokio::time::timeout(
                Duration::from_secs(300),
                scenario(&client, &base, &screenshot),
            )
            .await
            .unwrap_or_else(|_| Err("the scenario took over 300 s".into()));
            let _ = client.close().await;
            outcome
        }
        Err(e) => Err(format!("cannot start a Chromium session: {e}").into()),
    };
    for child in [&mut driver, &mut files] {
        let _ = child.kill();
        let _ = child.wait();
    }
    result.unwrap();
}
