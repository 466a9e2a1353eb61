//! The page's "Why?" panel in headless Chromium: on 7x6 and 6x5 it shows `/api/explain`'s
//! words for the position on the board, marks each rule application's squares, picks one out
//! when its button is tapped, clears the marks the moment the position changes (the new
//! answer held back to see it) and fits a phone and a desktop on boards of every shape. The
//! scenario is shared by the served page (here) and the static site (`static_site.rs`).

use crate::browser_support::*;
use c4_api::{ExplainRequest, ExplainResponse, Limits};
use c4_core::Size;
use c4_solver::Cancel;
use fantoccini::Client;
use serde_json::json;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A guard against a scenario that hangs where no wait on the page does (a WebDriver call),
/// far above what it takes; each of its waits is bounded by [`PATIENCE`] already.
const SCENARIO_GUARD: Duration = Duration::from_secs(600);

/// `/api/explain`'s answer for `moves` on `size`, from c4-api's function, which both the
/// server and the WebAssembly engine answer with.
fn explained(moves: &str, size: &str) -> TestResult<ExplainResponse> {
    let request = ExplainRequest {
        moves: moves.to_owned(),
        size: size.parse::<Size>()?,
        search: None,
    };
    let limits = Limits {
        time_cap: Duration::from_secs(5),
        max_table_bits: 20,
        max_threads: 1,
    };
    Ok(c4_api::explain(request, &limits, &Cancel::new())?)
}

/// The distinct squares the proof's rule applications use.
fn rule_squares(answer: &ExplainResponse) -> BTreeSet<String> {
    answer
        .proof
        .iter()
        .flat_map(|proof| &proof.rules)
        .flat_map(|rule| rule.squares.clone())
        .collect()
}

/// Holds back the page's `/api/explain` requests (a fetch to the server, or a message to a
/// Web Worker of the static site) until [`RELEASE`].
const HOLD: &str = r"
    window.whyHeld = window.whyHeld || [];
    window.whyHold = true;
    if (!window.whyPatched) {
      window.whyPatched = true;
      const fetched = window.fetch.bind(window);
      window.fetch = (url, init) => (window.whyHold && String(url).endsWith('/api/explain'))
        ? new Promise((resolve) => window.whyHeld.push(() => resolve(fetched(url, init))))
        : fetched(url, init);
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (message, ...rest) {
        if (window.whyHold && message && message.route === '/api/explain') {
          window.whyHeld.push(() => post.call(this, message, ...rest));
          return undefined;
        }
        return post.call(this, message, ...rest);
      };
    }";

/// Lets the held requests go.
const RELEASE: &str = "window.whyHold = false; for (const go of window.whyHeld.splice(0)) go();";

/// Waits until the panel shows its answer for `moves` on `size`, then checks it against
/// c4-api's answer: the same lines, a mark on each distinct square of the rules and nowhere
/// else, a button per application, the odd threat and the first move marked. The answer.
async fn shows(client: &Client, size: &str, moves: &str) -> TestResult<ExplainResponse> {
    let panel = format!("#explain[data-state='shown'][data-size='{size}'][data-moves='{moves}']");
    wait_for(client, &panel).await?;
    let answer = explained(moves, size)?;
    let lines = client
        .execute(
            "return [...document.querySelectorAll('#explain-text p')].map((p) => p.textContent);",
            vec![],
        )
        .await?;
    assert_eq!(lines, json!(answer.text), "{size} {moves}");
    let squares = rule_squares(&answer);
    let marked = client
        .execute(
            "return [...document.querySelectorAll('#board .why-mark')].map((m) => m.dataset.square);",
            vec![],
        )
        .await?;
    let marked: BTreeSet<String> = serde_json::from_value(marked.clone())?;
    assert_eq!(marked, squares, "{size} {moves}");
    assert_eq!(count(client, "#board .why-mark").await?, squares.len());
    let rules = answer.proof.as_ref().map_or(0, |proof| proof.rules.len());
    assert_eq!(
        count(client, "#explain-rules button[data-app]").await?,
        rules
    );
    let threat = answer
        .proof
        .as_ref()
        .and_then(|proof| proof.odd_threat.clone());
    assert_eq!(
        count(client, "#board .why-threat").await?,
        usize::from(threat.is_some())
    );
    if let Some(square) = threat {
        assert_eq!(
            attr(client, "#board .why-threat", "data-square").await?,
            square
        );
    }
    let first = answer.proof.as_ref().and_then(|proof| proof.first_move);
    assert_eq!(
        count(client, "#board .why-first").await?,
        usize::from(first.is_some())
    );
    Ok(answer)
}

/// Plays column `number` while the panel's next answer is held back: the marks are gone as
/// soon as the move is on the board, before any answer for it; then the answer comes.
async fn move_clears_the_marks(
    client: &Client,
    size: &str,
    before: &str,
    number: usize,
) -> TestResult {
    client.execute(HOLD, vec![]).await?;
    click_css(client, &format!(".column[data-column='{number}']")).await?;
    let after = format!("{before}{number}");
    wait_for(client, &format!("#board[data-moves='{after}']")).await?;
    assert_eq!(
        count(
            client,
            "#board .why-mark, #board .why-threat, #board .why-first"
        )
        .await?,
        0
    );
    assert_eq!(count(client, "#explain-rules button").await?, 0);
    assert_eq!(attr(client, "#explain", "data-state").await?, "pending");
    client.execute(RELEASE, vec![]).await?;
    shows(client, size, &after).await?;
    Ok(())
}

/// Tapping application 1 picks out its squares and no other; tapping it again lets go.
async fn tap_picks_out(client: &Client, answer: &ExplainResponse) -> TestResult {
    let proof = answer.proof.as_ref().ok_or("no proof to pick from")?;
    click_css(client, "#explain-rules button[data-app='1']").await?;
    wait_for(client, "#board.why-focus").await?;
    let first: BTreeSet<&String> = proof.rules[0].squares.iter().collect();
    assert_eq!(
        count(client, "#board .why-mark.why-active").await?,
        first.len()
    );
    click_css(client, "#explain-rules button[data-app='1']").await?;
    assert_eq!(
        count(client, "#board.why-focus, #board .why-active").await?,
        0
    );
    Ok(())
}

/// Turns the panel on if it is off.
async fn panel_on(client: &Client) -> TestResult {
    client
        .execute(
            "const t = document.getElementById('explain-toggle'); if (!t.checked) t.click();",
            vec![],
        )
        .await?;
    Ok(())
}

/// How far the page or the panel runs past the window's side, in pixels (0 or less: none).
async fn overflow(client: &Client) -> TestResult<i64> {
    let px = client
        .execute(
            "const panel = document.getElementById('explain');
            return Math.max(document.documentElement.scrollWidth - window.innerWidth,
              panel.scrollWidth - panel.clientWidth, panel.getBoundingClientRect().right - window.innerWidth);",
            vec![],
        )
        .await?;
    Ok(px.as_f64().map_or(i64::MAX, |px| px.ceil() as i64))
}

/// A screenshot's file beside `screenshot`, named after it: `browser-why.png` and `phone`
/// give `browser-why-phone.png`.
fn beside(screenshot: &Path, what: &str) -> PathBuf {
    let stem = screenshot
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("browser");
    screenshot.with_file_name(format!("{stem}-{what}.png"))
}

/// The whole scenario on the page at `base`; screenshots beside `screenshot`.
pub async fn why_panel(client: &Client, base: &str, screenshot: &Path) -> TestResult {
    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']").await?;
    select(client, "mode", "human-human").await?;
    assert!(
        !shown(client, "explain").await?,
        "the panel is off at first"
    );
    click(client, "explain-toggle").await?;
    shows(client, "7x6", "").await?;

    // 7x6 after a (column 1): Yellow at least draws, b first, then twelve applications.
    move_clears_the_marks(client, "7x6", "", 1).await?;
    let answer = shows(client, "7x6", "1").await?;
    let proof = answer.proof.as_ref().ok_or("a proof after 1")?;
    assert_eq!(
        (proof.rules.len(), proof.first_move.map(|c| c.number())),
        (12, Some(2))
    );
    tap_picks_out(client, &answer).await?;
    move_clears_the_marks(client, "7x6", "1", 2).await?;
    // Undo and a new game are new positions too.
    click(client, "undo").await?;
    shows(client, "7x6", "1").await?;
    click(client, "new-game").await?;
    shows(client, "7x6", "").await?;

    // 6x5: after c, c and a Yellow plays c, then six applications prove the draw.
    select(client, "size", "6x5").await?;
    shows(client, "6x5", "").await?;
    let mut played = String::new();
    for column in [3, 3, 1] {
        click_css(client, &format!(".column[data-column='{column}']")).await?;
        played.push_str(&column.to_string());
        shows(client, "6x5", &played).await?;
    }
    let answer = shows(client, "6x5", "331").await?;
    let proof = answer.proof.as_ref().ok_or("a proof after 331")?;
    assert_eq!(
        (proof.rules.len(), proof.first_move.map(|c| c.number())),
        (6, Some(3))
    );
    tap_picks_out(client, &answer).await?;

    // A phone's window: no overflow; the screenshot for a person to look at.
    client.set_window_size(390, 844).await?;
    until("the panel never fit a phone", || async move {
        let px = overflow(client).await?;
        Ok(if px <= 0 {
            Ok(())
        } else {
            Err(format!("{px} px too wide"))
        })
    })
    .await?;
    // The board and the applications' buttons in view, the first application picked out.
    client
        .execute(
            "document.querySelector('.board-frame').scrollIntoView();",
            vec![],
        )
        .await?;
    click_css(client, "#explain-rules button[data-app='1']").await?;
    wait_for(client, "#board.why-focus").await?;
    let shot = client.screenshot().await?;
    std::fs::write(beside(screenshot, "phone-6x5"), shot)?;
    client.issue_cmd(EmulateDark(true)).await?;
    let shot = client.screenshot().await?;
    std::fs::write(beside(screenshot, "phone-6x5-dark"), shot)?;
    client.issue_cmd(EmulateDark(false)).await?;
    click_css(client, "#explain-rules button[data-app='1']").await?;
    move_clears_the_marks(client, "6x5", "331", 3).await?;

    // An odd threat (Red's c2 on 6x5) is marked apart from the rules' squares.
    client.goto(&format!("{base}#6x5:24626546556")).await?;
    panel_on(client).await?;
    shows(client, "6x5", "24626546556").await?;

    // Every shape of board fits a phone and a desktop with the panel open (each position
    // here has a proof of 6 to 19 applications).
    for (width, height) in [(390, 844), (1280, 900)] {
        client.set_window_size(width, height).await?;
        for (size, moves) in [
            ("7x6", "1"),
            ("6x5", "331"),
            ("9x6", "2"),
            ("12x4", "a"),
            ("4x15", "2"),
        ] {
            client.goto(&format!("{base}#{size}:{moves}")).await?;
            panel_on(client).await?;
            shows(client, size, moves).await?;
            let px = overflow(client).await?;
            assert!(px <= 0, "{size} at {width}x{height}: {px} px too wide");
            if width > 1000 && size == "9x6" {
                let shot = client.screenshot().await?;
                std::fs::write(beside(screenshot, "desktop-9x6"), shot)?;
            }
        }
    }
    client.set_window_size(1200, 1000).await?;

    // Off, the panel and its marks go.
    click(client, "explain-toggle").await?;
    assert!(!shown(client, "explain").await?);
    assert_eq!(count(client, "#board .why-mark").await?, 0);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_why_panel_follows_the_position_in_chromium() {
    if !chromium_or_skip() {
        return;
    }
    let screenshot = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/browser-why.png");
    on_served_page(
        Duration::from_millis(2000),
        serde_json::Value::Null,
        SCENARIO_GUARD,
        async |client, base| why_panel(client, base, &screenshot).await,
    )
    .await
    .unwrap();
}
