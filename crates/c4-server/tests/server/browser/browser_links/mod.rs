//! The browser test's links: a position shared by its URL, links naming no valid position,
//! and links to finished games.

use crate::browser_support::*;
use fantoccini::{Client, Locator};
use std::path::Path;

/// A shared position, also after a reload, and links naming none; ends at `#4453`, the
/// person to move.
pub async fn links(client: &Client, base: &str, screenshot: &Path) -> TestResult {
    // A shared URL restores its position, also after a reload.
    for _ in 0..2 {
        if client.current_url().await?.fragment() == Some("4453") {
            client.refresh().await?;
        } else {
            client.goto(&format!("{base}#4453")).await?;
        }
        wait_for(client, "#board[data-moves='4453']").await?;
        wait_for(client, "body[data-turn='human']").await?;
        assert_eq!(count(client, ".disc:not(.preview)").await?, 4);
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
    assert_eq!(
        count(client, "#column-numbers span").await?,
        7,
        "the board's column numbers"
    );

    // An invalid link says so at the top, on the status line, and starts a new game; `?pos=`
    // works as `#` does. A fresh load each time, as when the link is opened.
    for (link, named) in [
        ("#4444444", "4444444"),
        ("#4458x", "4458x"),
        ("?pos=4458", "4458"),
    ] {
        client.goto("about:blank").await?;
        client.goto(&format!("{base}{link}")).await?;
        wait_for(client, "body[data-turn='human']").await?;
        let status = wait_for_text(client, "status", "is not valid").await?;
        let notice = format!("The link's position \"{named}\" is not valid (");
        assert!(status.starts_with(&notice), "{status}");
        assert!(status.contains("a new game instead"), "{status}");
        assert_eq!(moves(client).await?, "", "{link}");
    }
    let shot = client.screenshot().await?;
    std::fs::write(screenshot.with_file_name("browser-bad-link.png"), shot)?;
    // The notice stays until the person acts: a move ends it.
    click_css(client, ".column[data-column='4']").await?;
    wait_for(client, "#board[data-moves^='4']").await?;
    let status = text_of(client, "status").await?;
    assert!(!status.contains("not valid"), "{status}");
    client.goto(&format!("{base}?pos=4453")).await?;
    wait_for(client, "#board[data-moves='4453']").await?;
    client.goto(&format!("{base}#4453")).await?;
    wait_for(client, "#board[data-moves='4453']").await?;
    wait_for(client, "body[data-turn='human']").await?;
    Ok(())
}

/// Finished games opened by their links; ends on a new game.
pub async fn finished_games(client: &Client, base: &str, screenshot: &Path) -> TestResult {
    // A link to a finished game opens it as finished: who won and that it is over, the
    // winning line lit, no move taken, Undo, Review and New game offered, nothing to save.
    client.goto(&format!("{base}#4141414")).await?;
    wait_for(client, "body[data-turn='over']").await?;
    let status = text_of(client, "status").await?;
    assert_eq!(status, "Red has won: the game is over.");
    assert_eq!(text_of(client, "banner-text").await?, status);
    assert_eq!(count(client, ".disc.win").await?, 4);
    click_css(client, ".column[data-column='2']").await?;
    let said = wait_for_text(client, "hint-text", "The game is over").await?;
    assert!(said.contains("Undo"), "{said}");
    assert_eq!(
        moves(client).await?,
        "4141414",
        "a click on a finished game"
    );
    assert_eq!(turn(client).await?, "over");
    for (id, enabled) in [
        ("undo", true),
        ("review", true),
        ("new-game", true),
        ("save", false),
        ("hint", false),
    ] {
        assert_eq!(disabled(client, id).await?, !enabled, "#{id}");
    }
    assert!(
        !shown(client, "banner-save").await?,
        "Save offered for a linked game"
    );
    let shot = client.screenshot().await?;
    std::fs::write(screenshot.with_file_name("browser-finished-link.png"), shot)?;
    click(client, "banner-review").await?;
    wait_for_text(client, "hint-text", "Review:").await?;
    assert_eq!(count(client, "#move-list .mark").await?, 7);
    click(client, "undo").await?;
    wait_for(client, "#board[data-moves='414141']").await?;
    wait_for(client, "body[data-turn='human']").await?;

    // A won position's line stands out: each of its discs ringed in white and black.
    client.goto(&format!("{base}#4455667")).await?;
    wait_for(client, "body[data-turn='over']").await?;
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
    wait_for(client, "body[data-turn='human']").await?;
    Ok(())
}
