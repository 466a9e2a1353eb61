//! The browser test's links: a position shared by its URL, links naming no valid position,
//! and links to finished games.

use crate::browser_support::*;
use fantoccini::{Client, Locator};
use std::path::Path;
use std::time::Duration;

/// A shared position, also after a reload, and links naming none; ends at `#4453`, the
/// person to move.
pub async fn links(client: &Client, base: &str) -> TestResult {
    // A shared URL restores its position, also after a reload.
    for _ in 0..2 {
        if client.current_url().await?.fragment() == Some("4453") {
            client.refresh().await?;
        } else {
            client.goto(&format!("{base}#4453")).await?;
        }
        wait_for(client, "#board[data-moves='4453']", Duration::from_secs(10)).await?;
        wait_for(client, "body[data-turn='human']", Duration::from_secs(10)).await?;
        let discs = client
            .find_all(Locator::Css(".disc:not(.preview)"))
            .await?
            .len();
        assert_eq!(discs, 4);
        let d1 = client
            .find(Locator::Css(
                ".column[data-column='4'] .cell[data-row='1'] .disc",
            ))
            .await?
            .attr("class")
            .await?
            .unwrap_or_default();
        assert!(d1.contains("red"), "d1 holds {d1}");
    }
    // No computer chose a move of a linked position: the box is empty.
    assert_eq!(text_of(client, "stat-ai").await?, "–");
    assert_eq!(text_of(client, "stat-score").await?, "–");
    let numbers = client
        .find_all(Locator::Css("#column-numbers span"))
        .await?
        .len();
    assert_eq!(numbers, 7, "the board's column numbers");

    // An invalid link says so and starts a new game; `?pos=` works as `#` does.
    // A fresh load, as when the link is opened.
    client.goto("about:blank").await?;
    client.goto(&format!("{base}#4444444")).await?;
    let said = wait_for_text(client, "hint-text", "is not valid").await?;
    assert!(said.contains("4444444"), "{said}");
    client.goto(&format!("{base}?pos=4453")).await?;
    wait_for(client, "#board[data-moves='4453']", Duration::from_secs(10)).await?;
    client.goto(&format!("{base}#4453")).await?;
    wait_for(client, "#board[data-moves='4453']", Duration::from_secs(10)).await?;
    wait_for(client, "body[data-turn='human']", Duration::from_secs(10)).await?;
    Ok(())
}

/// Finished games opened by their links; ends on a new game.
pub async fn finished_games(client: &Client, base: &str, screenshot: &Path) -> TestResult {
    // A won position's line stands out: each of its discs ringed in white and black.
    client.goto(&format!("{base}#4455667")).await?;
    wait_for(client, "body[data-turn='over']", Duration::from_secs(10)).await?;
    let lit = client.find_all(Locator::Css(".disc.win")).await?;
    assert_eq!(lit.len(), 4);
    let ring = lit[0].css_value("box-shadow").await?;
    assert!(
        ring.contains("rgb(255, 255, 255)") && ring.contains("rgb(0, 0, 0)"),
        "{ring}"
    );
    let shot = client.screenshot().await?;
    std::fs::write(screenshot.with_file_name("browser-win.png"), shot)?;
    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']", Duration::from_secs(10)).await?;
    Ok(())
}
