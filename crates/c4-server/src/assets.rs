//! The page: `web/` embedded in the binary at build time, so `c4 serve` needs no files and
//! no front-end build. The page loads nothing from elsewhere, and the Content-Security-Policy
//! header makes the browser refuse it if it ever tried.

use crate::ApiError;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

#[derive(rust_embed::Embed)]
#[folder = "web/"]
struct Web;

/// Only this origin, for everything the page loads or connects to.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
     style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'";

/// Serves `web/index.html` for `/` and any other embedded file by its path; 404 otherwise.
pub async fn serve_asset(uri: Uri) -> Response {
    let path = match uri.path().trim_start_matches('/') {
        "" => "index.html",
        other => other,
    };
    let Some(file) = Web::get(path) else {
        return ApiError::new(StatusCode::NOT_FOUND, format!("no page {}", uri.path()))
            .into_response();
    };
    let mime = file.metadata.mimetype();
    let mut response = file.data.into_owned().into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// The embedded files' paths (for tests and the README).
pub fn files() -> impl Iterator<Item = String> {
    Web::iter().map(|p| p.into_owned())
}
