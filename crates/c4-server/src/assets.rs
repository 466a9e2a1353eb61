//! The page: the workspace's `web/` folder compiled into the binary, so `c4 serve` needs no
//! files and no front-end build. The page loads nothing from elsewhere, and the
//! Content-Security-Policy header makes the browser refuse it if it ever tried.
//!
//! `web/` is a folder of the workspace, not of this crate, because two builds ship the page:
//! this server, and `cargo xtask site`, which copies the folder beside the engine compiled to
//! WebAssembly. [`ASSETS`] is the one place this crate reaches out of its folder: a table of
//! every file with its type, which a test checks against the folder's listing. The paths are
//! absolute (from `CARGO_MANIFEST_DIR`), so a build from the checkout, `cargo install --path`
//! included, finds them.

use crate::ApiError;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

/// One file of the page.
pub struct Asset {
    /// Its path under `/` (and its name in `web/`).
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its bytes, as `web/` held them at build time.
    pub bytes: &'static [u8],
}

/// `web/NAME` of the workspace (two folders above this crate's), compiled in.
macro_rules! web {
    ($name:literal, $content_type:expr) => {
        Asset {
            path: $name,
            content_type: $content_type,
            bytes: include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/", $name)),
        }
    };
}

const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

/// Every file of `web/`: the page, its style, its icon and its modules.
pub const ASSETS: &[Asset] = &[
    web!("index.html", "text/html; charset=utf-8"),
    web!("style.css", "text/css; charset=utf-8"),
    web!("favicon.svg", "image/svg+xml"),
    web!("main.js", JAVASCRIPT),
    web!("state.js", JAVASCRIPT),
    web!("size.js", JAVASCRIPT),
    web!("site-mode.js", JAVASCRIPT),
    web!("engine.js", JAVASCRIPT),
    web!("worker.js", JAVASCRIPT),
    web!("answer.js", JAVASCRIPT),
    web!("status.js", JAVASCRIPT),
    web!("players.js", JAVASCRIPT),
    web!("board.js", JAVASCRIPT),
    web!("last-move.js", JAVASCRIPT),
    web!("panels.js", JAVASCRIPT),
    web!("analysis.js", JAVASCRIPT),
    web!("hint.js", JAVASCRIPT),
    web!("save.js", JAVASCRIPT),
    web!("game.js", JAVASCRIPT),
    web!("explain.js", JAVASCRIPT),
];

/// Only this origin, for everything the page loads or connects to.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
     style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'";

/// The embedded file at `path` (`index.html`, `main.js`, ...).
#[must_use]
pub fn asset(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|asset| asset.path == path)
}

/// Serves `index.html` for `/` and any other embedded file by its path; 404 otherwise.
pub async fn serve_asset(uri: Uri) -> Response {
    let path = match uri.path().trim_start_matches('/') {
        "" => "index.html",
        other => other,
    };
    let Some(file) = asset(path) else {
        return ApiError::new(StatusCode::NOT_FOUND, format!("no page {}", uri.path()))
            .into_response();
    };
    let mut response = file.bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(file.content_type),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lists_every_file_of_web_once() {
        let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
        let mut on_disk: Vec<String> = std::fs::read_dir(&web)
            .expect("the workspace's web/ folder")
            .map(|entry| entry.expect("a listed file").file_name())
            .map(|name| name.to_string_lossy().into_owned())
            .collect();
        on_disk.sort();
        let mut listed: Vec<String> = ASSETS.iter().map(|a| a.path.to_owned()).collect();
        listed.sort();
        assert_eq!(listed, on_disk, "ASSETS against the files of web/");
    }
}
