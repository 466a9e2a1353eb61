//! What the browser tests share: chromedriver started on a free port, waits on the page,
//! and DevTools commands that WebDriver lacks.

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
    match receiver.recv_timeout(Duration::from_secs(20)) {
        Ok(Some(port)) => Ok((child, port)),
        other => {
            let _ = child.kill();
            Err(format!("chromedriver did not say its port: {other:?}").into())
        }
    }
}

pub async fn wait_for(
    client: &Client,
    css: &str,
    limit: Duration,
) -> TestResult<fantoccini::elements::Element> {
    Ok(client
        .wait()
        .at_most(limit)
        .every(Duration::from_millis(50))
        .for_element(Locator::Css(css))
        .await
        .map_err(|e| format!("waiting {limit:?} for {css}: {e}"))?)
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

/// Waits until it is a human's turn or the game is over; returns which.
pub async fn wait_for_human_or_end(client: &Client) -> TestResult<String> {
    let start = Instant::now();
    loop {
        let turn = turn(client).await?;
        if turn == "human" || turn == "over" {
            return Ok(turn);
        }
        if turn == "error" {
            let status = client.find(Locator::Id("status")).await?.text().await?;
            return Err(format!("the page shows an error: {status}").into());
        }
        if start.elapsed() > Duration::from_secs(20) {
            return Err(format!("still {turn:?} after 20 s").into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until the element `id` holds `text`; its whole text.
pub async fn wait_for_text(client: &Client, id: &str, text: &str) -> TestResult<String> {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let found = client.find(Locator::Id(id)).await?.text().await?;
        if found.contains(text) {
            return Ok(found);
        }
        if std::time::Instant::now() > deadline {
            return Err(format!("#{id} never said {text:?}; it says {found:?}").into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The text of the element `id`.
pub async fn text_of(client: &Client, id: &str) -> TestResult<String> {
    Ok(client.find(Locator::Id(id)).await?.text().await?)
}

/// Clicks Save game and reads the record it downloads into `downloads`.
pub async fn save_game(client: &Client, downloads: &Path) -> TestResult<GameRecord> {
    client.find(Locator::Id("save")).await?.click().await?;
    let deadline = Instant::now() + Duration::from_secs(10);
    let path = loop {
        let saved = std::fs::read_dir(downloads)?
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .find(|path| path.extension().is_some_and(|e| e == "jsonl"));
        if let Some(path) = saved {
            break path;
        }
        if Instant::now() > deadline {
            let said = client.find(Locator::Id("hint-text")).await?.text().await?;
            return Err(format!(
                "no game record in {} after 10 s; the page says {said:?}",
                downloads.display()
            )
            .into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let said = wait_for_text(client, "hint-text", "Saved as").await?;
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    assert!(said.contains(name), "{said}");
    let mut loaded = GameLog::load(&path)?;
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
