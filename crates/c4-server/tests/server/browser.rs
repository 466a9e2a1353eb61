//! The page end to end in real headless Chromium (Debian's `chromium` and `chromium-driver`).
//!
//! Without them the test skips with a message, unless it must run: in CI (`CI` set and not
//! empty, as CI services and `.ci/run` set it) or with `C4_BROWSER_TESTS=1`, their absence
//! fails it, so a CI run never passes without having opened the page.

mod browser_links;
mod browser_looks;
mod browser_sizes;

use crate::browser_support::*;
use browser_links::{finished_games, links};
use browser_looks::looks;
use browser_sizes::sizes;
use c4_arena::review::review_record;
use c4_books::OpeningBook;
use c4_core::{Column, Game};
use c4_players::parse_agent;
use c4_search::search::{MoveReport, MoveValue, SearchValue};
use c4_solver::{ExactScore, Solver};
use fantoccini::{Client, Locator};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A guard against a scenario that hangs where no wait on the page does (a WebDriver call):
/// far above what the whole scenario takes on any machine, each of its waits bounded by
/// [`PATIENCE`] already.
const SCENARIO_GUARD: Duration = Duration::from_secs(600);

/// The page words a computer move's score "for you" as the terminal does: c4-engine's
/// `reply_score_text`, for exact scores (a win now among them), forced ends found by search,
/// heuristic values and no score.
async fn the_score_for_you_is_the_terminal_s(client: &Client) -> TestResult {
    let exact = [
        (18, 4),
        (-17, 5),
        (0, 10),
        (1, 40),
        (-1, 41),
        (18, 0),
        (16, 11),
        (-5, 20),
    ];
    let search = [
        SearchValue::win_in(1),
        SearchValue::win_in(3),
        -SearchValue::win_in(2),
        -SearchValue::win_in(4),
        -SearchValue::win_in(0),
        SearchValue(0),
        SearchValue(26),
        SearchValue(-26),
    ];
    let values = exact
        .iter()
        .map(|&(score, ply)| (MoveValue::exact(ExactScore::new(score).unwrap()), ply))
        .chain(search.iter().map(|&value| (MoveValue::Heuristic(value), 9)))
        .chain([(MoveValue::Unscored, 3)]);
    let reports: Vec<MoveReport> = values
        .map(|(score, ply)| MoveReport {
            column: Column::ALL[3],
            score,
            depth: 5,
            nodes: 1,
            time: Duration::ZERO,
            pv: vec![Column::ALL[3]],
            note: None,
            ply,
            size: c4_core::Size::STANDARD,
        })
        .collect();
    let answers = serde_json::to_value(&reports)?;
    let said = client
        .execute(
            "const answers = arguments[0];
            return import('./last-move.js').then((m) => answers.map((a) => m.replyScoreText(a)));",
            vec![answers],
        )
        .await?;
    let expected: Vec<String> = reports.iter().map(MoveReport::reply_score_text).collect();
    assert_eq!(said, json!(expected));
    Ok(())
}

/// Clicks the `n`th move of the move list (1: the first), which shows the position after it.
async fn click_move(client: &Client, n: usize) -> TestResult {
    click_css(client, &format!("#move-list li:nth-child({n}) button")).await
}

async fn scenario(client: &Client, base: &str, screenshot: &Path, downloads: &Path) -> TestResult {
    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']").await?;
    the_score_for_you_is_the_terminal_s(client).await?;
    // Against the weakest level, the human (red) moving first.
    select(client, "yellow-level", "easy").await?;
    let description = text_of(client, "yellow-description").await?;
    assert!(description.contains("two plies"), "{description}");
    assert!(description.contains("Measured: Elo"), "{description}");

    // On the empty board the analysis is exact at once, from the built-in opening book.
    click(client, "analysis-toggle").await?;
    wait_for(client, "#analysis[data-exact='true']").await?;
    click(client, "analysis-toggle").await?;

    // A whole game by clicking, centre-most playable column first.
    play_to_the_end(client).await?;
    assert!(shown(client, "banner").await?, "the end banner is hidden");
    let text = text_of(client, "banner").await?;
    assert!(
        text.contains("win") || text.contains("Draw"),
        "banner: {text}"
    );
    let final_moves = moves(client).await?;
    let status = attr(client, "#board", "data-status").await?;
    assert!(status == "won" || status == "draw", "{status}");
    if status == "won" {
        let lit = count(client, ".disc.win").await?;
        assert!(
            lit >= 4,
            "the winning line is not highlighted ({lit} discs)"
        );
    }
    // The last disc lands, for the screenshot's sake: nothing is asserted of it.
    tokio::time::sleep(Duration::from_millis(800)).await;
    let shot = client.screenshot().await?;
    std::fs::write(screenshot, shot)?;

    // Save game downloads the game's record, which the solver's review reads.
    let record = save_game(client, downloads).await?;
    assert_eq!(record.moves, final_moves);
    assert_eq!(
        (record.a.as_str(), record.a_spec.as_str()),
        ("you", "human")
    );
    assert!(record.a_first, "the person played red");
    assert!(
        record.b_spec.starts_with("alphabeta:depth=2"),
        "{}",
        record.b_spec
    );
    assert_eq!(record.stats.len(), record.moves.len());
    let review = tokio::task::block_in_place(|| {
        let mut solver = Solver::new(20);
        solver.set_book(Some(OpeningBook::builtin()));
        review_record(&record, 0, &mut solver)
    })?;
    assert!(review.complete);
    assert_eq!(review.reviewed.len(), record.moves.len());
    // The computer's moves are its recorded spec's, position by position.
    for ply in (1..record.moves.len()).step_by(2) {
        let game = Game::from_moves(&record.moves[..ply])?;
        let chosen = parse_agent(&record.b_spec, 0)?.choose(&game).column;
        assert_eq!(
            chosen.number(),
            record.moves.as_bytes()[ply] - b'0',
            "ply {ply} of {}",
            record.moves
        );
    }

    // The last computer move's box names the level and gives its score for the person, in
    // the words of `c4 play` ("for you: ..."), from the record's own statistics.
    assert_eq!(text_of(client, "stat-ai").await?, "easy");
    let spec = attr(client, "#stat-ai", "title").await?;
    assert!(spec.contains("alphabeta:depth=2"), "{spec}");
    let expect_box = |moves: &str| {
        // The computer plays yellow: its moves are the odd plies.
        let ply = (1..moves.len()).step_by(2).next_back();
        ply.map(|ply| {
            let stats = &record.stats[ply];
            (
                stats.column.number().to_string(),
                format!("for you: {}", stats.reply_score_text()),
            )
        })
    };
    let (column, score) = expect_box(&final_moves).expect("the computer moved");
    assert_eq!(text_of(client, "stat-column").await?, column);
    assert_eq!(text_of(client, "stat-score").await?, score);

    // Undo goes back to the human's turn.
    click(client, "undo").await?;
    let undone = wait_for_other_moves(client, &final_moves).await?;
    assert!(final_moves.starts_with(&undone) && undone.len() < final_moves.len());
    wait_for(client, "body[data-turn='human']").await?;
    // The box shows the last computer move still on the board, never one undone.
    let (column, score) = expect_box(&undone).expect("a computer move is left");
    assert_eq!(text_of(client, "stat-column").await?, column);
    assert_eq!(text_of(client, "stat-score").await?, score);
    assert!(!shown(client, "banner").await?);
    assert!(!disabled(client, "redo").await?, "redo after undo");

    links(client, base, screenshot).await?;

    // The move list jumps to any ply; Redo steps forward; the computer waits meanwhile.
    click_move(client, 2).await?;
    wait_for(client, "#board[data-moves='44']").await?;
    wait_for(client, "body[data-turn='human']").await?;
    assert_eq!(
        count(client, "#move-list li").await?,
        4,
        "the moves ahead stay listed"
    );
    click(client, "redo").await?;
    wait_for(client, "#board[data-moves='4453']").await?;
    // Every turn the page shows from here on, recorded by the page itself: a computer move
    // shows `ai` the moment it starts, so the record holds one begun anyway, however late
    // its answer would come. Each change's record keeps the value it replaced; the last
    // value is the attribute's own.
    client
        .execute(
            "window.turnsSeen = [];
            new MutationObserver((changes) => {
                for (const change of changes) window.turnsSeen.push(change.oldValue);
            }).observe(document.body, {
                attributes: true,
                attributeFilter: ['data-turn'],
                attributeOldValue: true,
            });",
            vec![],
        )
        .await?;
    click_move(client, 1).await?;
    wait_for(client, "#board[data-moves='4']").await?;
    // The page says the computer waits (`paused` comes only where no computer move starts).
    wait_for(client, "body[data-turn='paused']").await?;
    assert_eq!(moves(client).await?, "4");
    click_move(client, 4).await?;
    wait_for(client, "#board[data-moves='4453']").await?;
    wait_for(client, "body[data-turn='human']").await?;
    let turns = client
        .execute(
            "return window.turnsSeen.concat([document.body.dataset.turn]);",
            vec![],
        )
        .await?;
    assert_eq!(
        turns,
        json!(["human", "paused", "human"]),
        "the computer moved while the game was looked back on"
    );

    // The review marks every move; red's 5 (e) threw the win away.
    click(client, "review").await?;
    wait_for(client, "#move-list li:nth-child(4) .mark").await?;
    let marks = client.find_all(Locator::Css("#move-list .mark")).await?;
    let mut qualities = Vec::new();
    for mark in &marks {
        qualities.push(mark.attr("class").await?.unwrap_or_default());
    }
    assert_eq!(
        qualities,
        [
            "mark optimal",
            "mark optimal",
            "mark mistake",
            "mark optimal"
        ]
    );
    let title = marks[2].attr("title").await?.unwrap_or_default();
    assert_eq!(
        title,
        "mistake: loss in 19 moves (-2); best 4 (win in 20 moves (+1))"
    );
    let said = wait_for_text(client, "hint-text", "Review:").await?;
    assert!(
        said.contains("Red 1 optimal, 0 inaccurate, 1 mistake;"),
        "{said}"
    );
    let shot = client.screenshot().await?;
    std::fs::write(screenshot.with_file_name("browser-review.png"), shot)?;
    // Moves taken back are not the game's: at ply 2 the review judges two moves, though the
    // two ahead stay listed for redo (issue 52, item 1).
    click_move(client, 2).await?;
    wait_for(client, "#board[data-moves='44']").await?;
    click(client, "review").await?;
    let said = wait_for_text(
        client,
        "hint-text",
        "Red 1 optimal, 0 inaccurate, 0 mistakes;",
    )
    .await?;
    assert!(
        said.contains("Yellow 1 optimal, 0 inaccurate, 0 mistakes"),
        "{said}"
    );
    assert_eq!(count(client, "#move-list .mark").await?, 2, "{said}");
    click_move(client, 4).await?;
    wait_for(client, "#board[data-moves='4453']").await?;

    looks(client, base, screenshot).await?;

    finished_games(client, base, screenshot).await?;

    // Computer against computer plays on by itself.
    client
        .execute("document.getElementById('speed').value = '0';", vec![])
        .await?;
    select(client, "mode", "ai-ai").await?;
    wait_for_move_count(client, 7).await?;
    select(client, "mode", "human-human").await?;
    wait_for_human_or_end(client).await?;

    sizes(client, base, screenshot, downloads).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_headless_chromium() {
    if !chromium_or_skip() {
        return;
    }
    let target = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target");
    let downloads = target.join(format!("browser-downloads-{}", std::process::id()));
    std::fs::create_dir_all(&downloads).unwrap();
    let downloads = downloads.canonicalize().unwrap();
    let prefs = json!({
        "download.default_directory": downloads,
        "download.prompt_for_download": false
    });
    let screenshot = target.join("browser-game.png");
    let result = on_served_page(
        Duration::from_millis(2000),
        prefs,
        SCENARIO_GUARD,
        async |client, base| scenario(client, base, &screenshot, &downloads).await,
    )
    .await;
    let _ = std::fs::remove_dir_all(&downloads);
    result.unwrap();
}
