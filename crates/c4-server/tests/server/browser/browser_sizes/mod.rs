//! The browser test's board sizes: a whole game on 6x5 against the computer picked from the
//! size menu, with the analysis, a hint, the review, its record saved, undo and its link; links naming no size
//! c4 plays or no position on their size; the keys of a board wider than nine columns.

use crate::browser_support::*;
use c4_arena::review::review_record;
use c4_core::{AnySize, Size};
use c4_solver::Solver;
use fantoccini::{Client, Locator};
use std::path::Path;

/// The value of the size picker.
async fn picked(client: &Client) -> TestResult<String> {
    let value = client
        .execute("return document.getElementById('size').value;", vec![])
        .await?;
    Ok(value.as_str().unwrap_or_default().to_owned())
}

/// The URL's fragment, after `#`.
async fn fragment(client: &Client) -> TestResult<String> {
    let url = client.current_url().await?;
    Ok(url.fragment().unwrap_or_default().to_owned())
}

/// Presses `key` on the page (on the first column, focused), as a person would.
async fn press(client: &Client, key: &str) -> TestResult {
    client
        .find(Locator::Css(".column[data-column='1']"))
        .await?
        .send_keys(key)
        .await?;
    Ok(())
}

/// Everything on a board of another size, its saved record read into `downloads`; starts and
/// ends at a new 7x6 game, the person playing red against the computer.
pub async fn sizes(client: &Client, base: &str, screenshot: &Path, downloads: &Path) -> TestResult {
    client.goto("about:blank").await?;
    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']").await?;
    assert_eq!(picked(client).await?, "7x6");
    assert_eq!(
        count(client, "#size option").await?,
        42,
        "every size c4 plays"
    );

    // Picking a size starts a new game on it: its columns, its rows, its link.
    select(client, "mode", "human-ai").await?;
    select(client, "yellow-level", "easy").await?;
    select(client, "size", "6x5").await?;
    wait_for_text(client, "status", "press 1-6").await?;
    assert_eq!(moves(client).await?, "");
    assert_eq!(board_shape(client).await?, (6, 5));
    assert_eq!(count(client, "#column-numbers span").await?, 6);
    assert_eq!(fragment(client).await?, "6x5:");

    // The analysis values the six columns; a hint names one of them.
    click(client, "analysis-toggle").await?;
    until("the analysis of six columns never came", || async move {
        let cells = count(client, "#analysis .score:not(.pending)").await?;
        Ok(if cells == 6 {
            Ok(())
        } else {
            Err(format!("{cells} cells"))
        })
    })
    .await?;
    click(client, "analysis-toggle").await?;
    click(client, "hint").await?;
    let said = wait_for_text(client, "hint-text", "Hint: column").await?;
    assert!(
        (1..=6).any(|c| said.starts_with(&format!("Hint: column {c}:"))),
        "{said}"
    );

    // A whole game against the computer, to its end, every move on the board's six columns.
    play_to_the_end(client).await?;
    let status = attr(client, "#board", "data-status").await?;
    assert!(status == "won" || status == "draw", "{status}");
    assert!(shown(client, "banner").await?, "the end banner is hidden");
    let played = moves(client).await?;
    assert!(
        played.len() <= 30 && played.chars().all(|c| ('1'..='6').contains(&c)),
        "{played}"
    );
    assert_eq!(fragment(client).await?, format!("6x5:{played}"));
    assert_eq!(count(client, ".disc:not(.preview)").await?, played.len());
    // Save game downloads the game's record on its board, which the solver of that board
    // reviews; a solver of 7x6 refuses it, naming both boards.
    assert!(!disabled(client, "save").await?);
    assert!(shown(client, "banner-save").await?);
    let record = save_game(client, downloads).await?;
    let small: Size = "6x5".parse()?;
    assert_eq!(
        (record.size, record.moves.as_str()),
        (small, played.as_str())
    );
    assert_eq!(
        (record.a.as_str(), record.a_spec.as_str()),
        ("you", "human")
    );
    assert!(
        record.b_spec.starts_with("alphabeta:depth=2"),
        "{}",
        record.b_spec
    );
    assert_eq!(record.stats.len(), played.len());
    let review = tokio::task::block_in_place(|| {
        review_record(&record, 0, &mut Solver::new_in(20, AnySize::new(small)))
    })?;
    assert!(review.complete);
    assert_eq!(review.reviewed.len(), played.len());
    let refused = review_record(&record, 0, &mut Solver::new(10)).unwrap_err();
    assert!(
        refused
            .to_string()
            .contains("on the 6x5 board, the solver on 7x6"),
        "{refused}"
    );

    // The review judges the game on its own board, the last move first.
    click(client, "review").await?;
    let said = wait_for_text(client, "hint-text", "Review:").await?;
    assert!(said.contains("optimal"), "{said}");
    wait_for(client, "#move-list li:last-child .mark").await?;
    let marks = count(client, "#move-list .mark").await?;
    assert!(
        (1..=played.len()).contains(&marks),
        "{marks} marks for {played}"
    );
    let shot = client.screenshot().await?;
    std::fs::write(screenshot.with_file_name("browser-6x5.png"), shot)?;

    // Undo (the key u) goes back to the person's turn on the same board.
    press(client, "u").await?;
    let undone = wait_for_other_moves(client, &played).await?;
    assert!(played.starts_with(&undone) && undone.len() < played.len());
    wait_for(client, "body[data-turn='human']").await?;

    // The link opens the position on its size, the picker set to it.
    let link = format!("{base}#6x5:{undone}");
    assert_eq!(fragment(client).await?, format!("6x5:{undone}"));
    client.goto("about:blank").await?;
    client.goto(&link).await?;
    wait_for(client, &format!("#board[data-moves='{undone}']")).await?;
    assert_eq!(board_shape(client).await?, (6, 5));
    assert_eq!(picked(client).await?, "6x5");

    // A link naming no size c4 plays says so by the status line and opens a new 7x6 game;
    // one naming no position on its size, a new game on its size.
    client.goto("about:blank").await?;
    client.goto(&format!("{base}#3x3:44")).await?;
    wait_for(client, "body[data-turn='human']").await?;
    let status = wait_for_text(client, "status", "is not valid").await?;
    assert!(
        status.starts_with("The link's board size \"3x3\" is not valid ("),
        "{status}"
    );
    assert!(status.contains("a new game on 7x6 instead"), "{status}");
    assert_eq!(board_shape(client).await?, (7, 6));
    assert_eq!(picked(client).await?, "7x6");
    client.goto("about:blank").await?;
    client.goto(&format!("{base}#6x5:447")).await?;
    wait_for(client, "body[data-turn='human']").await?;
    let status = wait_for_text(client, "status", "is not valid").await?;
    assert!(
        status.starts_with("The link's position \"447\" is not valid (invalid position"),
        "{status}"
    );
    assert!(status.contains("6x5"), "{status}");
    assert_eq!(board_shape(client).await?, (6, 5));
    assert_eq!(moves(client).await?, "");

    // Past nine columns a move is a letter, and the keys past 9 are j, k, l.
    select(client, "mode", "human-human").await?;
    select(client, "size", "10x4").await?;
    wait_for_text(client, "status", "press 1-9 and j for column 10").await?;
    assert_eq!(board_shape(client).await?, (10, 4));
    press(client, "j").await?;
    wait_for(client, "#board[data-moves='j']").await?;
    press(client, "1").await?;
    wait_for(client, "#board[data-moves='ja']").await?;
    // k would be column 11, which 10x4 lacks: the next move is 2's.
    press(client, "k").await?;
    press(client, "2").await?;
    wait_for(client, "#board[data-moves='jab']").await?;
    assert_eq!(fragment(client).await?, "10x4:jab");
    let shot = client.screenshot().await?;
    std::fs::write(screenshot.with_file_name("browser-10x4.png"), shot)?;
    let list = text_of(client, "move-list").await?;
    assert!(
        list.contains("Red 10") && list.contains("Yellow 1") && list.contains("Red 2"),
        "{list}"
    );

    select(client, "mode", "human-ai").await?;
    select(client, "size", "7x6").await?;
    wait_for(client, "#board[data-moves='']").await?;
    wait_for(client, "body[data-turn='human']").await?;
    assert_eq!(board_shape(client).await?, (7, 6));
    assert_eq!(fragment(client).await?, "");
    Ok(())
}
