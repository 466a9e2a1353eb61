//! The page on every kind of board, on a desktop window and on a phone (1280x900 and
//! 390x844): the analysis chips show every figure whole (none cut by its column's width),
//! and a board of another size never shows the chips of the one before; and a game with the
//! analysis on and hints asked for never waits on its own server of two search slots (no
//! 429), the last move's score the analysis's proof where it has one; a copied link keeps
//! the level. Skipped, as the browser test is, without Debian's Chromium unless CI or
//! `C4_BROWSER_TESTS=1` asks for it.

use crate::browser_support::*;
use fantoccini::Client;
use serde_json::json;
use std::time::Duration;

/// The chips (and the analysis row) whose content is wider than their box, with their text.
async fn cut_chips(client: &Client) -> TestResult<Vec<String>> {
    let cut = client
        .execute(
            "const cut = [];
            const box = document.getElementById('analysis');
            if (box.scrollWidth > box.clientWidth + 1) cut.push('the row: ' + box.scrollWidth + ' > ' + box.clientWidth);
            for (const chip of box.querySelectorAll('.score')) {
              for (const part of [chip, ...chip.querySelectorAll('small')]) {
                if (part.scrollWidth > part.clientWidth + 1) {
                  cut.push(chip.innerText.replace(/\\n/g, ' ') + ': ' + part.scrollWidth + ' > ' + part.clientWidth);
                }
              }
            }
            return cut;",
            vec![],
        )
        .await?;
    Ok(serde_json::from_value(cut)?)
}

/// Waits until the analysis shows `width` chips, none pending.
async fn analysed(client: &Client, width: usize) -> TestResult {
    until("the analysis never came", || async move {
        let done = count(client, "#analysis .score:not(.pending)").await?;
        let all = count(client, "#analysis .score").await?;
        Ok(if done == width && all == width {
            Ok(())
        } else {
            Err(format!("{done} of {all} chips"))
        })
    })
    .await
}

async fn fit(client: &Client, base: &str) -> TestResult {
    for (window_width, window_height) in WINDOWS {
        client.set_window_size(window_width, window_height).await?;
        client.goto("about:blank").await?;
        client.goto(base).await?;
        wait_for(client, "body[data-turn='human']").await?;
        select(client, "mode", "human-human").await?;
        click(client, "analysis-toggle").await?;
        let mut before = 7;
        for (size, width) in PAGE_SIZES {
            select(client, "size", size).await?;
            // Another board's chips are gone at once: none, or this board's own.
            let chips = count(client, "#analysis .score").await?;
            assert!(
                chips == 0 || chips == width,
                "{window_width}px, {size} after a board of {before} columns: {chips} chips"
            );
            before = width;
            // Two moves: past the book on 7x6, estimates ("≈-28") on the big boards.
            for _ in 0..2 {
                click_a_column(client).await?;
            }
            analysed(client, width).await?;
            let cut = cut_chips(client).await?;
            assert!(
                cut.is_empty(),
                "{window_width}px, {size}: cut chips {cut:?}"
            );
            // Each chip says for whom its value is, and an estimate that it is one.
            let unsaid = client
                .execute(
                    "return [...document.querySelectorAll('#analysis .score:not(.full)')]
                      .map((chip) => chip.title)
                      .filter((title) => !/^For (Red|Yellow): /.test(title)
                        || (title.includes('heuristic') && !title.endsWith(', an estimate')));",
                    vec![],
                )
                .await?;
            assert_eq!(unsaid, json!([]), "{window_width}px, {size}");
        }
    }
    Ok(())
}

/// A game against the computer, the analysis on and a hint asked for at each turn: the
/// page's requests never find the server's two slots taken by its own (no `busy` wait).
async fn never_busy(client: &Client, base: &str) -> TestResult {
    client.set_window_size(1280, 900).await?;
    client.goto("about:blank").await?;
    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']").await?;
    client
        .execute(
            "window.busyWaits = 0;
            return import('./engine.js').then((m) =>
              m.engineEvents.addEventListener('busy', () => { window.busyWaits += 1; }));",
            vec![],
        )
        .await?;
    select(client, "yellow-level", "medium").await?;
    click(client, "analysis-toggle").await?;
    for _ in 0..4 {
        if wait_for_human_or_end(client).await? != "human" {
            break;
        }
        click_a_column(client).await?;
        click(client, "hint").await?;
    }
    wait_for_human_or_end(client).await?;
    let waits = client.execute("return window.busyWaits;", vec![]).await?;
    assert_eq!(waits, json!(0), "the page waited on its own server");
    // One voice: where the analysis proves the position's value, the last computer move's
    // score for the person is that value, never an estimate beside it.
    if turn(client).await? == "human" {
        analysed(client, 7).await?;
        if attr(client, "#analysis", "data-exact").await? == "true" {
            let score = text_of(client, "stat-score").await?;
            assert!(!score.contains("heuristic"), "{score}");
        }
    }
    Ok(())
}

/// A copied link reopens the position against the level chosen, not the default one.
async fn a_link_keeps_the_level(client: &Client, base: &str) -> TestResult {
    client.goto("about:blank").await?;
    client.goto(&format!("{base}#9x6:45")).await?;
    wait_for(client, "body[data-turn='human']").await?;
    select(client, "yellow-level", "hard").await?;
    click(client, "share").await?;
    let said = wait_for_text(client, "hint-text", "Link").await?;
    let url = said
        .split_whitespace()
        .last()
        .unwrap_or_default()
        .to_owned();
    assert!(
        url.contains("yellow=hard") && url.ends_with("#9x6:45"),
        "{said}"
    );
    client.goto("about:blank").await?;
    client.goto(&url).await?;
    wait_for(client, "body[data-turn='human']").await?;
    let level = client
        .execute(
            "return document.getElementById('yellow-level').value;",
            vec![],
        )
        .await?;
    assert_eq!(level, json!("hard"), "{url}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_chip_shows_whole_on_every_board_at_both_widths() {
    if !chromium_or_skip() {
        return;
    }
    on_served_page(
        Duration::from_millis(1000),
        serde_json::Value::Null,
        Duration::from_secs(600),
        async |client, base| {
            fit(client, base).await?;
            never_busy(client, base).await?;
            a_link_keeps_the_level(client, base).await
        },
    )
    .await
    .unwrap();
}
