//! One voice per position in headless Chromium: the analysis row's BEST, the hint and the
//! last computer move's score read one answer (web/answer.js), the deepest the page has. A
//! game against `medium` first (its move's estimate gives way to the hint's exact value),
//! then on six board sizes at a desktop's width and a phone's, the real analysis and hint,
//! and answers put in the page's state to see each rule: a deeper hint moves BEST, a deeper
//! analysis moves the hint, an exact loss turns every estimate to a loss.

use crate::browser_support::*;
use fantoccini::Client;
use serde_json::{Value, json};
use std::time::Duration;

/// A guard against a scenario that hangs where no wait on the page does (a WebDriver call),
/// far above what it takes; each of its waits is bounded by [`PATIENCE`] already.
const SCENARIO_GUARD: Duration = Duration::from_secs(300);

/// The column of the analysis row marked BEST (numbered from 1), and the hinted column.
async fn best_and_hinted(client: &Client) -> TestResult<(Vec<u64>, Option<u64>)> {
    let found = client
        .execute(
            "const cells = [...document.querySelectorAll('#analysis .score')];
            const best = cells.flatMap((c, i) => (c.classList.contains('best') ? [i + 1] : []));
            const hinted = document.querySelector('.column.hinted');
            return [best, hinted ? Number(hinted.dataset.column) : null];",
            vec![],
        )
        .await?;
    let best = found[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    Ok((best, found[1].as_u64()))
}

/// Puts `analysis` and `hint` (an /api/hint answer, or null) in the page's state as answers
/// for the position on the board, and tells the page.
async fn learn(client: &Client, analysis: Value, hint: Value) -> TestResult {
    client
        .execute(
            "const [analysis, hint] = arguments;
            return Promise.all([import('./state.js'), import('./answer.js')]).then(([s, a]) => {
              const moves = s.state.moves;
              s.state.analysis = { ...analysis, moves };
              s.state.hint = hint && { moves, answer: { ...hint, ply: moves.length } };
              a.answerChanged();
              return true;
            });",
            vec![analysis, hint],
        )
        .await?;
    Ok(())
}

/// An analysis of `width` columns, estimates at `depth`, column 1 the best.
fn estimates(width: usize, depth: u32) -> Value {
    let columns: Vec<Value> = (1..=width)
        .map(|c| {
            let value = if c == 1 { -3 } else { -10 - c as i64 };
            json!({"column": c, "kind": "heuristic", "outcome": "unknown", "value": value,
                "depth": depth, "text": format!("heuristic {value} (depth {depth})")})
        })
        .collect();
    json!({"to_move": "red", "exact": false, "columns": columns})
}

/// A hint of column 2: an estimate at `depth`, or exact with `score`.
fn hint_of(depth: u32, score: Option<i32>) -> Value {
    match score {
        Some(score) => json!({"column": 2, "exact": true, "score": score, "depth": depth,
            "score_text": format!("{score}"), "text": format!("perfect play ({score})")}),
        None => json!({"column": 2, "exact": false, "score": 30, "depth": depth,
            "score_text": "heuristic +30 (depth 15)", "text": "an estimate (+30)"}),
    }
}

/// 4, then 3, against medium on 7x6: its move's score is its own search's estimate until the
/// hint solves the position; then the box shows the hint's exact value.
async fn a_game_against_medium(client: &Client, base: &str) -> TestResult {
    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']").await?;
    select(client, "yellow-level", "medium").await?;
    for (column, after) in [(4, 2), (3, 4)] {
        click_css(client, &format!(".column[data-column='{column}']")).await?;
        wait_for_move_count(client, after).await?;
        wait_for(client, "body[data-turn='human']").await?;
    }
    click(client, "hint").await?;
    let said = wait_for_text(client, "hint-text", "Hint: column").await?;
    let value = said
        .split_once("perfect play, ")
        .and_then(|(_, rest)| rest.split_once(" (exact)"))
        .map(|(value, _)| value.to_owned())
        .ok_or_else(|| format!("the hint is not exact here: {said}"))?;
    assert_eq!(
        text_of(client, "stat-score").await?,
        format!("for you: {value}")
    );

    // The analysis shown (exact here, from the book) marks the hinted column BEST.
    click(client, "analysis-toggle").await?;
    wait_for(client, "#analysis[data-exact='true']").await?;
    let (best, hinted) = best_and_hinted(client).await?;
    assert!(best.contains(&hinted.unwrap()), "{best:?}, {hinted:?}");

    // Another exact value learnt: the box follows it.
    learn(client, estimates(7, 8), hint_of(9, Some(-2))).await?;
    let score = text_of(client, "stat-score").await?;
    assert!(
        score.starts_with("for you: loss in ") && score.ends_with("(-2)"),
        "{score}"
    );
    click(client, "analysis-toggle").await?;
    Ok(())
}

/// On the empty board of `size` (`width` columns): the real analysis and hint agree, then
/// each rule with answers put in the page's state.
async fn one_voice_on(client: &Client, base: &str, size: &str, width: usize) -> TestResult {
    client.goto("about:blank").await?;
    client.goto(&format!("{base}#{size}:")).await?;
    wait_for(client, "body[data-turn='human']").await?;
    click(client, "analysis-toggle").await?;
    let css = "#analysis .score:not(.pending)";
    until(&format!("{size}: no analysis"), || async move {
        let cells = count(client, css).await?;
        Ok(if cells == width {
            Ok(())
        } else {
            Err(format!("{cells} cells"))
        })
    })
    .await?;
    click(client, "hint").await?;
    wait_for_text(client, "hint-text", "Hint: column").await?;
    let (best, hinted) = best_and_hinted(client).await?;
    assert!(
        best.contains(&hinted.unwrap()),
        "{size}: {best:?}, {hinted:?}"
    );

    // A hint that looked deeper than the row: BEST is its column, the chip its figure.
    learn(client, estimates(width, 8), hint_of(15, None)).await?;
    assert_eq!(best_and_hinted(client).await?, (vec![2], Some(2)), "{size}");
    let chip = attr(client, "#analysis .score:nth-child(2)", "title").await?;
    assert!(chip.contains("heuristic +30 (depth 15)"), "{size}: {chip}");
    assert_eq!(
        text_of(client, "hint-text").await?,
        "Hint: column 2: an estimate (+30)."
    );

    // A row that looked deeper than the hint: the hint is its best column, said to be so.
    learn(client, estimates(width, 16), hint_of(15, None)).await?;
    assert_eq!(best_and_hinted(client).await?, (vec![1], Some(1)), "{size}");
    let said = text_of(client, "hint-text").await?;
    assert!(
        said.starts_with("Hint: column 1: heuristic -3 (depth 16), the analysis shown, depth 16")
            && said.contains("(the search's estimate was column 2)"),
        "{size}: {said}"
    );

    // An exact hint, a loss: its column is BEST with the exact value, and every estimate
    // turns to a loss.
    learn(client, estimates(width, 8), hint_of(9, Some(-2))).await?;
    assert_eq!(best_and_hinted(client).await?, (vec![2], Some(2)), "{size}");
    let row = text_of(client, "analysis").await?;
    assert!(!row.contains('≈'), "{size}: {row}");
    assert_eq!(row.matches("loss").count(), width, "{size}: {row}");
    Ok(())
}

async fn one_voice(client: &Client, base: &str) -> TestResult {
    a_game_against_medium(client, base).await?;
    for (w, h) in WINDOWS {
        client.set_window_size(w, h).await?;
        for (size, width) in PAGE_SIZES {
            one_voice_on(client, base, size, width).await?;
        }
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hint_best_and_the_last_move_speak_with_one_voice() {
    if !chromium_or_skip() {
        return;
    }
    on_served_page(
        Duration::from_millis(2000),
        Value::Null,
        SCENARIO_GUARD,
        async |client, base| one_voice(client, base).await,
    )
    .await
    .unwrap();
}
