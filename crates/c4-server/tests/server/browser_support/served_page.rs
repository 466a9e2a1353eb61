//! The served page in headless Chromium for one test: the test's own server on a free
//! loopback port, a ChromeDriver and its session, the scenario run under a guard, and all of
//! it ended whatever the scenario did. Without Chromium a test skips with a message, unless
//! it must run: in CI (`CI` set and not empty) or with `C4_BROWSER_TESTS=1`.

use super::{CHROMEDRIVER, CHROMIUM, CHROMIUM_ARGS, TestResult, start_chromedriver};
use c4_server::{ServerConfig, bind, serve};
use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use std::ffi::OsStr;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

/// Why the browser tests must run where they cannot, given the values of `CI` and
/// `C4_BROWSER_TESTS`: `CI` set and not empty, or `C4_BROWSER_TESTS=1`.
fn required_by(ci: Option<&OsStr>, flag: Option<&OsStr>) -> Option<&'static str> {
    if ci.is_some_and(|value| !value.is_empty()) {
        Some("CI is set")
    } else if flag.is_some_and(|value| value == "1") {
        Some("C4_BROWSER_TESTS=1")
    } else {
        None
    }
}

/// Whether Chromium and ChromeDriver are here; without them a test that must run panics and
/// any other says it skips.
pub fn chromium_or_skip() -> bool {
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        return true;
    }
    let ci = std::env::var_os("CI");
    let flag = std::env::var_os("C4_BROWSER_TESTS");
    if let Some(reason) = required_by(ci.as_deref(), flag.as_deref()) {
        panic!(
            "{reason}, so the browser test must run, but {CHROMIUM} or {CHROMEDRIVER} is \
             missing: apt-get install -y chromium chromium-driver"
        );
    }
    eprintln!(
        "skipped: {CHROMIUM} or {CHROMEDRIVER} is not installed (apt-get install -y \
         chromium chromium-driver); with CI or C4_BROWSER_TESTS=1 set this fails instead"
    );
    false
}

/// Runs `scenario` on the page of a server of two search slots and `time_cap`, in a
/// Chromium session with the extra `prefs` (`null` for none), under `guard`; the scenario
/// gets the session and the page's address (`http://127.0.0.1:PORT/`). The session, the
/// driver and the server are ended before the result is returned.
pub async fn on_served_page(
    time_cap: Duration,
    prefs: Value,
    guard: Duration,
    scenario: impl AsyncFnOnce(&Client, &str) -> TestResult,
) -> TestResult {
    let (listener, addr): (_, SocketAddr) = bind("127.0.0.1:0".parse()?).await?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = ServerConfig {
        max_searches: 2,
        time_cap,
        log_requests: false,
        ..ServerConfig::default()
    };
    let server = tokio::spawn(serve(listener, config, async {
        let _ = stopped.await;
    }));
    let (mut driver, port) = start_chromedriver().expect("chromedriver starts");
    let mut options = json!({ "binary": CHROMIUM, "args": CHROMIUM_ARGS });
    if !prefs.is_null() {
        options["prefs"] = prefs;
    }
    let capabilities = json!({ "goog:chromeOptions": options });
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities.as_object().expect("an object").clone())
        .connect(&format!("http://127.0.0.1:{port}"))
        .await;
    let result = match client {
        Ok(client) => {
            let base = format!("http://{addr}/");
            let outcome = tokio::time::timeout(guard, scenario(&client, &base))
                .await
                .unwrap_or_else(|_| Err(format!("the scenario took over {guard:?}").into()));
            let _ = client.close().await; // always end the browser session
            outcome
        }
        Err(e) => Err(format!("cannot start a Chromium session: {e}").into()),
    };
    let _ = driver.kill();
    let _ = driver.wait();
    let _ = stop.send(());
    server.await.expect("the server task ends")?;
    result
}

#[test]
fn ci_or_the_flag_requires_the_browser() {
    let set = Some(OsStr::new("1"));
    assert_eq!(
        required_by(Some(OsStr::new("true")), None),
        Some("CI is set")
    );
    assert_eq!(required_by(set, set), Some("CI is set"));
    assert_eq!(required_by(None, set), Some("C4_BROWSER_TESTS=1"));
    assert_eq!(required_by(Some(OsStr::new("")), None), None);
    assert_eq!(required_by(None, Some(OsStr::new("0"))), None);
    assert_eq!(required_by(None, None), None);
}
