//! Request bodies: a JSON object, read into its request type.
//!
//! serde reads a JSON array as a struct's fields in order, so axum's `Json` alone takes
//! `["4453", "medium", 7]` for `{"moves": "4453", "ai": "medium", "seed": 7}` and `[]` for
//! the empty board. Every body of the API is documented as an object: [`JsonObject`]
//! refuses any other JSON value at the top level with 400 naming what was sent.

use crate::ApiError;
use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Request};
use serde::de::{DeserializeOwned, IgnoredAny};

/// A request body that is a JSON object, read as `T`.
#[derive(Debug)]
pub struct JsonObject<T>(pub T);

/// The kind of JSON value `body` holds at its top level, unless it is an object (or not
/// JSON at all, which the JSON reader names).
fn not_an_object(body: &[u8]) -> Option<&'static str> {
    let first = body.iter().find(|b| !b.is_ascii_whitespace())?;
    match first {
        b'[' => Some("an array"),
        b'"' => Some("a string"),
        b'-' | b'0'..=b'9' => Some("a number"),
        b'n' => Some("null"),
        b't' | b'f' => Some("a boolean"),
        _ => None,
    }
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonObject<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let (parts, body) = request.into_parts();
        let bytes = Bytes::from_request(Request::from_parts(parts.clone(), body), state)
            .await
            .map_err(|e| ApiError::new(e.status(), e.body_text()))?;
        // The content type and the JSON syntax are checked first, as for any JSON body.
        let checked = Request::from_parts(parts, Body::from(bytes.clone()));
        let Json(IgnoredAny) = Json::<IgnoredAny>::from_request(checked, state).await?;
        if let Some(kind) = not_an_object(&bytes) {
            return Err(ApiError::bad_request(format!(
                "the body must be a JSON object ({{\"moves\": ...}}), not {kind}"
            )));
        }
        let Json(value) = Json::<T>::from_bytes(&bytes)?;
        Ok(JsonObject(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_top_level_value_but_an_object_is_named() {
        for (body, kind) in [
            ("[]", Some("an array")),
            (" \n[\"4453\"]", Some("an array")),
            ("\"4453\"", Some("a string")),
            ("-1", Some("a number")),
            ("7", Some("a number")),
            ("null", Some("null")),
            ("true", Some("a boolean")),
            ("{\"moves\": \"4\"}", None),
            ("", None),
        ] {
            assert_eq!(not_an_object(body.as_bytes()), kind, "{body:?}");
        }
    }
}
