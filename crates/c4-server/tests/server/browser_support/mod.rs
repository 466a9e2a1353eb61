//! What the browser tests share: chromedriver started on a free port, the steps a test takes
//! on the page (clicks, choices, a move by clicking, a whole game), waits that end when what
//! they wait for is on the page, and DevTools commands that WebDriver lacks.

mod served_page;

pub use served_page::{chromium_or_skip, on_served_page};

use c4_arena::record::{GameLog, GameRecord};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, Locator};
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
pub const CHROMIUM_ARGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1200,1000",
];
pub type TestResult<T = ()> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// Starts `chromedriver --port=0` and reads the port it chose from its start-up line.
pub fn start_chromedriver() -> TestResult<(Child, u16)> {
    let mut child = Command::new(CHROMEDRIVER)
        .arg("--port=0")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            // "ChromeDriver was started successfully on port 41413." (an earlier line says
            // "on port 0", the port asked for).
            if !line.contains("started successfully") {
                continue;
            }
            if let Some(rest) = line.split("on port ").nth(1) {
                let port: String = rest.chars().take_while(char::is_ascii_digit).collect();
                let _ = sender.send(port.parse::<u16>().ok());
            }
        }
    });
    match receiver.recv_timeout(PATIENCE) {
        Ok(Some(port)) => Ok((child, port)),
        other => {
            let _ = child.kill();
            Err(format!("chromedriver did not say its port: {other:?}").into())
        }
    }
}

/// `python3 -m http.server` on a free loopback port serving `dir`; the child and the port.
pub fn start_file_server(dir: &Path) -> TestResult<(Child, u16)> {
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

/// How long a wait on the page may last: a guard against a page that never gets there, far
/// above what any machine needs (a perfect move included). It decides nothing else: every
/// wait ends as soon as what it waits for is on the page.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// The boards the page's browser tests look at, with their widths: the standard one, a
/// smaller, a taller, the widest and the tallest.
pub const PAGE_SIZES: [(&str, usize); 6] = [
    ("7x6", 7),
    ("6x5", 6),
    ("8x7", 8),
    ("9x6", 9),
    ("12x4", 12),
    ("4x15", 4),
];

/// The windows they look at them in: a desktop's and a phone's.
pub const WINDOWS: [(u32, u32); 2] = [(1280, 900), (390, 844)];

/// How often a wait looks at the page again.
const LOOK_EVERY: Duration = Duration::from_millis(50);

/// Asks `look` until it answers `Some`, every [`LOOK_EVERY`]; after [`PATIENCE`] fails with
/// `never` and what `look` last said.
pub async fn until<T, Look, Answer>(never: &str, mut look: Look) -> TestResult<T>
where
    Look: FnMut() -> Answer,
    Answer: Future<Output = TestResult<Result<T, String>>>,
{
    let start = Instant::now();
    loop {
        let last = match look().await? {
            Ok(found) => return Ok(found),
            Err(last) => last,
        };
        if start.elapsed() > PATIENCE {
            return Err(format!("{never} in {PATIENCE:?}; {last}").into());
        }
        tokio::time::sleep(LOOK_EVERY).await;
    }
}

/// Waits until an element matches `css`; that element.
pub async fn wait_for(client: &Client, css: &str) -> TestResult<fantoccini::elements::Element> {
    Ok(client
        .wait()
        .at_most(PATIENCE)
        .every(LOOK_EVERY)
        .for_element(Locator::Css(css))
        .await
        .map_err(|e| format!("waiting {PATIENCE:?} for {css}: {e}"))?)
}

pub async fn attr(client: &Client, css: &str, name: &str) -> TestResult<String> {
    Ok(client
        .find(Locator::Css(css))
        .await?
        .attr(name)
        .await?
        .unwrap_or_default())
}

pub async fn turn(client: &Client) -> TestResult<String> {
    attr(client, "body", "data-turn").await
}

pub async fn moves(client: &Client) -> TestResult<String> {
    attr(client, "#board", "data-moves").await
}

/// Clicks the element `id`.
pub async fn click(client: &Client, id: &str) -> TestResult {
    click_css(client, &format!("#{id}")).await
}

/// Clicks the element `css` matches.
pub async fn click_css(client: &Client, css: &str) -> TestResult {
    client.find(Locator::Css(css)).await?.click().await?;
    Ok(())
}

/// Chooses `value` in the select element `id`.
pub async fn select(client: &Client, id: &str, value: &str) -> TestResult {
    client
        .find(Locator::Id(id))
        .await?
        .select_by_value(value)
        .await?;
    Ok(())
}

/// Whether the element `id` is shown.
pub async fn shown(client: &Client, id: &str) -> TestResult<bool> {
    Ok(client.find(Locator::Id(id)).await?.is_displayed().await?)
}

/// Whether the control `id` is disabled.
pub async fn disabled(client: &Client, id: &str) -> TestResult<bool> {
    let disabled = client.find(Locator::Id(id)).await?.prop("disabled").await?;
    Ok(disabled.as_deref() == Some("true"))
}

/// The elements `css` matches, counted.
pub async fn count(client: &Client, css: &str) -> TestResult<usize> {
    Ok(client.find_all(Locator::Css(css)).await?.len())
}

/// Waits until the board's moves are not `before`; the new ones.
pub async fn wait_for_other_moves(client: &Client, before: &str) -> TestResult<String> {
    let never = format!("the moves stayed {before:?}");
    until(&never, || async move {
        let now = moves(client).await?;
        Ok(if now == before {
            // The status line says why, if the page knows: an engine's error, a full column.
            Err(format!(
                "{now} (status: {:?})",
                text_of(client, "status").await?
            ))
        } else {
            Ok(now)
        })
    })
    .await
}

/// Waits until the board holds at least `count` moves (the page may still be loading).
pub async fn wait_for_move_count(client: &Client, count: usize) -> TestResult {
    let never = format!("fewer than {count} moves on the board");
    until(&never, || async move {
        let now = moves(client).await.unwrap_or_default();
        Ok(if now.len() >= count { Ok(()) } else { Err(now) })
    })
    .await
}

/// Waits until it is a human's turn or the game is over; returns which.
pub async fn wait_for_human_or_end(client: &Client) -> TestResult<String> {
    until("no human's turn and no end", || async move {
        let turn = turn(client).await?;
        if turn == "error" {
            let status = text_of(client, "status").await?;
            return Err(format!("the page shows an error: {status}").into());
        }
        Ok(if turn == "human" || turn == "over" {
            Ok(turn)
        } else {
            Err(format!("still {turn:?}"))
        })
    })
    .await
}

/// The board's columns and rows, as drawn.
pub async fn board_shape(client: &Client) -> TestResult<(usize, usize)> {
    let columns = count(client, "#board .column").await?;
    let rows = count(client, "#board .column:first-child .cell").await?;
    Ok((columns, rows))
}

/// The columns of a board `width` wide, centre first: on 7x6, 4 3 5 2 6 1 7.
fn centre_first(width: usize) -> Vec<usize> {
    let mut columns: Vec<usize> = (1..=width).collect();
    // Twice the distance from the centre, (width + 1) / 2, and on a tie the left one first.
    columns.sort_by_key(|&c| ((2 * c).abs_diff(width + 1), c));
    columns
}

/// Clicks the centre-most playable column and waits for the move to land.
pub async fn click_a_column(client: &Client) -> TestResult {
    let before = moves(client).await?;
    let (width, _) = board_shape(client).await?;
    for column in centre_first(width) {
        let css = format!(".column[data-column='{column}'][aria-disabled='false']");
        if let Ok(button) = client.find(Locator::Css(&css)).await {
            button.click().await?;
            wait_for_other_moves(client, &before).await?;
            return Ok(());
        }
    }
    Err(format!("no playable column at {before:?}").into())
}

/// Plays the human's moves by clicking (the centre-most playable column each time) until
/// the game is over, on a board of any size.
pub async fn play_to_the_end(client: &Client) -> TestResult {
    let (width, height) = board_shape(client).await?;
    let most = (width * height).div_ceil(2);
    let mut clicks = 0;
    while wait_for_human_or_end(client).await? == "human" {
        click_a_column(client).await?;
        clicks += 1;
        assert!(clicks <= most, "more than {most} moves by one side");
    }
    Ok(())
}

/// Waits until the element `id` holds `text`; its whole text.
pub async fn wait_for_text(client: &Client, id: &str, text: &str) -> TestResult<String> {
    let never = format!("#{id} never said {text:?}");
    until(&never, || async move {
        let found = text_of(client, id).await?;
        Ok(if found.contains(text) {
            Ok(found)
        } else {
            Err(format!("it says {found:?}"))
        })
    })
    .await
}

/// The text of the element `id`.
pub async fn text_of(client: &Client, id: &str) -> TestResult<String> {
    Ok(client.find(Locator::Id(id)).await?.text().await?)
}

/// Clicks Save game and reads the record it downloads into `downloads`, then removes the
/// file, so that the next save finds its own.
pub async fn save_game(client: &Client, downloads: &Path) -> TestResult<GameRecord> {
    click(client, "save").await?;
    let never = format!("no game record in {}", downloads.display());
    let path = until(&never, || async move {
        let saved = std::fs::read_dir(downloads)?
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .find(|path| path.extension().is_some_and(|e| e == "jsonl"));
        Ok(match saved {
            Some(path) => Ok(path),
            None => Err(format!(
                "the page says {:?}",
                text_of(client, "hint-text").await?
            )),
        })
    })
    .await?;
    let said = wait_for_text(client, "hint-text", "Saved as").await?;
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    assert!(said.contains(name), "{said}");
    let mut loaded = GameLog::load(&path)?;
    std::fs::remove_file(&path)?;
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(loaded.records.len(), 1);
    Ok(loaded.records.remove(0))
}

/// Emulates `prefers-color-scheme: dark` (or lifts the emulation) through chromedriver's
/// DevTools endpoint, which WebDriver itself lacks.
#[derive(Debug)]
pub struct EmulateDark(pub bool);

impl WebDriverCompatibleCommand for EmulateDark {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let scheme = if self.0 { "dark" } else { "" };
        let body = json!({
            "cmd": "Emulation.setEmulatedMedia",
            "params": { "features": [{ "name": "prefers-color-scheme", "value": scheme }] }
        });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// The page's background colour, as the browser computed it.
pub async fn background(client: &Client) -> TestResult<String> {
    let value = client
        .execute(
            "return getComputedStyle(document.documentElement).backgroundColor;",
            vec![],
        )
        .await?;
    Ok(value.as_str().unwrap_or_default().to_owned())
}

/// The mean of the red, green and blue of a CSS `rgb(...)` colour, 0-255.
pub fn lightness(css: &str) -> f64 {
    let channels: Vec<f64> = css
        .trim_start_matches("rgba(")
        .trim_start_matches("rgb(")
        .trim_end_matches(')')
        .split(',')
        .take(3)
        .filter_map(|c| c.trim().parse().ok())
        .collect();
    assert_eq!(channels.len(), 3, "not an rgb colour: {css}");
    channels.iter().sum::<f64>() / 3.0
}

/// A DevTools command through chromedriver's endpoint: `Emulation.*` and the like.
#[derive(Debug)]
pub struct DevTools {
    pub command: &'static str,
    pub params: serde_json::Value,
}

impl WebDriverCompatibleCommand for DevTools {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({ "cmd": self.command, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}
