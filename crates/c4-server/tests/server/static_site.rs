//! The static site (`cargo xtask site`) end to end in headless Chromium, served by a plain
//! file server (`python3 -m http.server`) with no API behind it: the engine runs in the
//! page's Web Workers, compiled to WebAssembly.
//!
//! Ignored by default: it needs the site built first. `.ci/run` builds it into
//! `target/site` and runs this test; `C4_SITE_DIR` names another folder.

// Shared with browser.rs, which uses the parts this test does not (downloads, DevTools).

use crate::browser_support::*;
use c4_core::{Player, Status};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::Child;
use std::time::{Duration, Instant};

/// A position past the opening book, red (the person) to move: after red's move in the centre
/// (`crates/c4-players/tests/past_book_slow40`'s `773177734`) the solve takes 5.7 million
/// nodes.
const PAST_THE_BOOK: &str = "77317773";

/// A position of ply 10 (red to move) whose analysis reads chunks of the ply-12 layer that
/// are committed.
const LAYER_POSITION: &str = "4444443333";

/// A guard against a scenario that hangs where no wait on the page does (a WebDriver call):
/// far above what the whole scenario, a game against every level among it, takes on any
/// machine, each of its waits bounded by [`PATIENCE`] already.
const SCENARIO_GUARD: Duration = Duration::from_secs(1200);

/// A whole game against `level`, the person (red) clicking; returns the banner's words,
/// checked against the result of the game's moves by the native rules.
async fn whole_game(client: &Client, base: &str, level: &str) -> TestResult<String> {
    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']").await?;
    select(client, "yellow-level", level).await?;
    play_to_the_end(client).await?;
    let banner = text_of(client, "banner-text").await?;
    let played = moves(client).await?;
    let said = match c4_core::Game::from_moves(&played)?.position().status() {
        Status::Won {
            winner: Player::Red,
            ..
        } => banner.starts_with("You win"),
        Status::Won { .. } => banner.contains("wins") && !banner.starts_with("You"),
        Status::Draw => banner.starts_with("Draw"),
        Status::InProgress => false,
    };
    assert!(said, "{level}: the banner {banner:?} after {played}");
    Ok(banner)
}

async fn scenario(client: &Client, base: &str, screenshot: &Path) -> TestResult {
    // Time to first move: from opening a link where the computer (yellow, the default level)
    // is to move until its disc is on the board, the module fetched and compiled on the way.
    // Printed for docs/benchmarks.md, not asserted.
    let opened = Instant::now();
    client.goto(&format!("{base}#4")).await?;
    wait_for_move_count(client, 2).await?;
    eprintln!("time to first move: {} ms", opened.elapsed().as_millis());

    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']").await?;
    let footer = text_of(client, "footer-text").await?;
    assert!(footer.contains("WebAssembly"), "{footer}");
    let page = client.find(Locator::Css("body")).await?.text().await?;
    assert!(
        !page.to_lowercase().contains("server"),
        "the static page speaks of a server: {page}"
    );
    assert!(!shown(client, "save").await?);

    // The analysis of the empty board is exact at once, from the book in the module.
    click(client, "analysis-toggle").await?;
    wait_for(client, "#analysis[data-exact='true']").await?;
    let best = client
        .find(Locator::Css("#analysis .best"))
        .await?
        .text()
        .await?;
    assert!(best.starts_with("win"), "the centre wins: {best:?}");
    click(client, "analysis-toggle").await?;

    // The analysis of a ply-10 position reads the book's ply-12 layer: the page fetches the
    // layer's index and the chunks the engine names (and nothing of the layer before), then
    // the analysis is exact.
    let layer_fetches = r#"return performance.getEntriesByType("resource")
        .filter((entry) => entry.name.includes("/layers/ply12/chunk-")).length;"#;
    let fetched = |value: serde_json::Value| value.as_u64().unwrap_or(0);
    assert_eq!(fetched(client.execute(layer_fetches, vec![]).await?), 0);
    client.goto(&format!("{base}#{LAYER_POSITION}")).await?;
    wait_for(client, "body[data-turn='human']").await?;
    let asked = Instant::now();
    click(client, "analysis-toggle").await?;
    // The empty board's analysis left its cells; this one's replace them once it answers.
    wait_for(client, "#analysis[data-exact='true'] .score:not(.pending)").await?;
    eprintln!(
        "analysis of {LAYER_POSITION}, the layer fetched on the way: {} ms",
        asked.elapsed().as_millis()
    );
    let chunks = fetched(client.execute(layer_fetches, vec![]).await?);
    eprintln!("chunks of the layer fetched for {LAYER_POSITION}: {chunks}");
    assert!(chunks >= 1);
    let said = text_of(client, "hint-text").await?;
    assert!(!said.contains("Fetching"), "{said}");
    click(client, "analysis-toggle").await?;
    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']").await?;

    // A hint on the empty board is perfect play from the book: the centre.
    click(client, "hint").await?;
    let said = wait_for_text(client, "hint-text", "Hint: column").await?;
    assert!(
        said.contains("column 4") && said.contains("perfect play"),
        "{said}"
    );

    // The n-tuple network is fetched the first time a player names it, not with the page:
    // a custom computer player with `eval=ntuple` moves once the page has fetched it.
    let network_fetches = r#"return performance.getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith("/engine/builtin.c4nt")).length;"#;
    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']").await?;
    assert_eq!(fetched(client.execute(network_fetches, vec![]).await?), 0);
    select(client, "yellow-level", "custom").await?;
    select(client, "yellow-eval", "ntuple").await?;
    click_a_column(client).await?;
    wait_for_move_count(client, 2).await?;
    assert_eq!(fetched(client.execute(network_fetches, vec![]).await?), 1);
    let said = text_of(client, "hint-text").await?;
    assert!(!said.contains("Fetching"), "{said}");

    // Undo while the computer (perfect) searches a position past the book, millions of
    // nodes: its search is stopped and the person is to move again, only their own move
    // taken back (kept for redo), never the computer's. Where the computer's move landed
    // before the undo (a machine too slow to click in time), the undo took both back and the
    // try shows nothing: the next one tries again.
    let mut tries = 0;
    loop {
        client.goto("about:blank").await?;
        client.goto(&format!("{base}#{PAST_THE_BOOK}")).await?;
        wait_for(client, "body[data-turn='human']").await?;
        select(client, "yellow-level", "perfect").await?;
        click_a_column(client).await?;
        wait_for(client, "body[data-turn='ai']").await?;
        click(client, "undo").await?;
        wait_for(client, "body[data-turn='human']").await?;
        assert_eq!(moves(client).await?, PAST_THE_BOOK);
        let line = count(client, "#move-list li").await?;
        if line == PAST_THE_BOOK.len() + 1 {
            eprintln!(
                "undo during the computer's search: caught at try {}",
                tries + 1
            );
            break;
        }
        assert_eq!(line, PAST_THE_BOOK.len() + 2, "the line kept for redo");
        tries += 1;
        assert!(
            tries < 5,
            "the computer's move landed before each of {tries} undos"
        );
    }

    // A shared link opens its position.
    client.goto(&format!("{base}#445")).await?;
    wait_for(client, "#board[data-moves='445']").await?;

    // Another size, picked from the menu: a whole game on 6x5 against the computer, on six
    // columns of five rows, and its review, the last move judged first.
    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']").await?;
    select(client, "yellow-level", "easy").await?;
    select(client, "size", "6x5").await?;
    wait_for_text(client, "status", "press 1-6").await?;
    assert_eq!(board_shape(client).await?, (6, 5));
    play_to_the_end(client).await?;
    let played = moves(client).await?;
    assert!(played.chars().all(|c| ('1'..='6').contains(&c)), "{played}");
    assert_eq!(count(client, ".disc:not(.preview)").await?, played.len());
    let link = client.current_url().await?;
    assert_eq!(link.fragment(), Some(format!("6x5:{played}").as_str()));
    click(client, "review").await?;
    wait_for_text(client, "hint-text", "Review:").await?;
    wait_for(client, "#move-list li:last-child .mark").await?;

    // A whole game against every level the engine has, then the review of the last one
    // (the strongest).
    for level in c4_players::LEVELS.iter().map(|level| level.name) {
        let banner = whole_game(client, base, level).await?;
        eprintln!("against {level}: {banner}");
        if level == "perfect" {
            assert!(!banner.contains("You win"), "perfect lost: {banner}");
        }
    }
    click(client, "review").await?;
    let review = wait_for_text(client, "hint-text", "Review:").await?;
    assert!(review.contains("optimal"), "{review}");
    wait_for(client, "#move-list .mark").await?;
    let png = client.screenshot().await?;
    std::fs::write(screenshot, png)?;
    Ok(())
}

/// The static site in headless Chromium: the site's folder (`target/site`, or `C4_SITE_DIR`)
/// served by `python3 -m http.server`, and a WebDriver session on it.
pub struct StaticSite {
    pub client: Client,
    /// The site's address, ending in `/`.
    pub base: String,
    files: Child,
    driver: Child,
}

impl StaticSite {
    /// Serves the site and opens a session; refused, naming the command that builds it,
    /// when the folder holds no site.
    pub async fn open() -> TestResult<StaticSite> {
        let site =
            std::env::var_os("C4_SITE_DIR").map_or_else(|| target().join("site"), PathBuf::from);
        if !site.join("engine/c4_wasm_bg.wasm").is_file() {
            return Err(format!(
                "no static site in {}: build it with `cargo xtask site --out {}`",
                site.display(),
                site.display()
            )
            .into());
        }
        let (mut files, file_port) = start_file_server(&site)?;
        let (mut driver, port) = match start_chromedriver() {
            Ok(started) => started,
            Err(e) => {
                let _ = files.kill();
                return Err(e);
            }
        };
        let capabilities = json!({
            "goog:chromeOptions": { "binary": CHROMIUM, "args": CHROMIUM_ARGS }
        });
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities.as_object().unwrap().clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await;
        match client {
            Ok(client) => Ok(StaticSite {
                client,
                base: format!("http://127.0.0.1:{file_port}/"),
                files,
                driver,
            }),
            Err(e) => {
                for child in [&mut driver, &mut files] {
                    let _ = child.kill();
                    let _ = child.wait();
                }
                Err(format!("cannot start a Chromium session: {e}").into())
            }
        }
    }

    /// Ends the session and both servers.
    pub async fn close(mut self) {
        let _ = self.client.close().await;
        for child in [&mut self.driver, &mut self.files] {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Runs `scenario` on the static site in a session of its own, under [`SCENARIO_GUARD`]; the
/// scenario gets the session and the site's address. The session and both servers are ended
/// before the result is returned.
pub async fn on_static_site(scenario: impl AsyncFnOnce(&Client, &str) -> TestResult) -> TestResult {
    let site = StaticSite::open().await?;
    let outcome = tokio::time::timeout(SCENARIO_GUARD, scenario(&site.client, &site.base))
        .await
        .unwrap_or_else(|_| Err(format!("the scenario took over {SCENARIO_GUARD:?}").into()));
    site.close().await;
    outcome
}

/// The workspace's `target` folder.
fn target() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the static site: cargo xtask site --out target/site (.ci/run builds it)"]
async fn the_static_site_plays_every_level_with_no_server() {
    let screenshot = target().join("browser-static-site.png");
    on_static_site(async |client, base| scenario(client, base, &screenshot).await)
        .await
        .unwrap();
}

/// The "Why?" panel on the static site: the scenario of `explain_panel.rs`, the explanations
/// answered by the WebAssembly engine in the page's Web Workers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the static site: cargo xtask site --out target/site (.ci/run builds it)"]
async fn the_static_sites_why_panel_follows_the_position() {
    let screenshot = target().join("browser-static-why.png");
    on_static_site(async |client, base| {
        crate::explain_panel::why_panel(client, base, &screenshot).await
    })
    .await
    .unwrap();
}
