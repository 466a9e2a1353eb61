//! Errors as the API reports them: a status and `{"error": "..."}` naming the problem.

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// An error response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status (always 4xx, but for a search that crashed).
    pub status: StatusCode,
    /// What went wrong, for people.
    pub message: String,
    /// Seconds after which a retry may succeed (429 only).
    pub retry_after: Option<u32>,
}

impl ApiError {
    /// 400 with `message`.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// An error with any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 429: every search slot is busy.
    #[must_use]
    pub fn busy(max_searches: usize) -> ApiError {
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: format!(
                "the server is running its maximum of {max_searches} searches; retry in a second"
            ),
            retry_after: Some(1),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// The longest error message that repeats what a request sent: serde quotes a wrong value
/// whole, and a body may hold 16 KiB of it.
const MAX_MESSAGE_CHARS: usize = 300;

/// `message` with its middle cut out past [`MAX_MESSAGE_CHARS`] characters, keeping its
/// start (what is wrong) and its end (serde's `at line 1 column N`).
pub(crate) fn shorten(message: &str) -> String {
    let chars = message.chars().count();
    if chars <= MAX_MESSAGE_CHARS {
        return message.to_owned();
    }
    let head: String = message.chars().take(MAX_MESSAGE_CHARS / 2).collect();
    let tail: String = message
        .chars()
        .skip(chars - MAX_MESSAGE_CHARS / 3)
        .collect();
    format!("{head}... ({chars} characters) ...{tail}")
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        ApiError::new(rejection.status(), shorten(&rejection.body_text()))
    }
}

impl From<QueryRejection> for ApiError {
    /// 400 with the reader's words, as a body's fields get (the framework's preamble left
    /// out).
    fn from(rejection: QueryRejection) -> ApiError {
        let text = rejection.body_text();
        let words = text
            .strip_prefix("Failed to deserialize query string: ")
            .unwrap_or(&text);
        ApiError::new(rejection.status(), words)
    }
}

impl From<c4_api::RequestError> for ApiError {
    fn from(error: c4_api::RequestError) -> ApiError {
        use c4_api::RequestError as E;
        let status = match &error {
            E::InvalidPosition { .. }
            | E::GameOver { .. }
            | E::InvalidPlayer { .. }
            | E::UnbuildablePlayer(_)
            | E::ZeroBudget
            | E::NothingToReview
            | E::Review(_) => StatusCode::BAD_REQUEST,
            // A kind added later is the request's to fix, as every kind so far.
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, error.to_string())
    }
}
