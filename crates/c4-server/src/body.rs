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
        let value = serde_json::from_slice::<T>(&bytes)
            .map_err(|error| ApiError::bad_request(fields_error(&error)))?;
        Ok(JsonObject(value))
    }
}

/// What is wrong with a body's fields, in the words a query string's get: 400, the
/// reader's words without the framework's preamble or the JSON's line and column.
fn fields_error(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let place = format!(" at line {} column {}", error.line(), error.column());
    text.strip_suffix(&place).unwrap_or(&text).to_owned()
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

    #[test]
    fn a_field_error_is_said_without_its_place_in_the_json() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Sized {
            size: c4_core::Size,
        }
        let error = serde_json::from_str::<Sized>(r#"{"size": "99x4"}"#).unwrap_err();
        let said = fields_error(&error);
        assert!(said.starts_with("99x4 does not fit in 64 bits"), "{said}");
        assert!(!said.contains("line 1"), "{said}");
    }
}
