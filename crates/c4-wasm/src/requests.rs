//! The page's requests as JSON text: the route's body read as c4-api's request, c4-api's
//! function for it called with [`Limits::BROWSER`], the answer written back as the JSON the
//! server sends (`docs/api.md`). Nothing here touches JavaScript, so the native tests run
//! exactly this code.

use crate::book::book;
use crate::layer::{LayerRequest, layer};
use c4_api::{Limits, PositionRequest, RequestError};
use c4_solver::Cancel;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// One route the engine answers: the server's path, and what answers a body sent there.
struct Route {
    /// The path, as the server spells it.
    path: &'static str,
    /// The answer's JSON for a body.
    answer: fn(&str) -> Result<String, AnswerError>,
}

/// Every route [`answer`] takes, the one list that both [`answer`] and [`ROUTES`] read: the
/// server's routes by the server's paths (`/api/record` aside: records belong to c4-arena),
/// each answered by c4-api's function, and this crate's own two: `/api/book`, the built-in
/// book's scores, and `/api/layer`, the layer's chunks a request reads.
const TABLE: [Route; 9] = [
    Route {
        path: "/api/position",
        answer: |body| to_json(&c4_api::position(&parse(body)?)?),
    },
    Route {
        path: "/api/best",
        answer: |body| searched(body, c4_api::best),
    },
    Route {
        path: "/api/hint",
        answer: |body| searched(body, c4_api::hint),
    },
    Route {
        path: "/api/analyze",
        answer: |body| searched(body, c4_api::analyze),
    },
    Route {
        path: "/api/review",
        answer: |body| searched(body, c4_api::review),
    },
    Route {
        path: "/api/explain",
        answer: |body| searched(body, c4_api::explain),
    },
    Route {
        path: "/api/players",
        answer: |_| to_json(&c4_api::players()),
    },
    Route {
        path: "/api/book",
        answer: |body| to_json(&book(&parse::<PositionRequest>(body)?)?),
    },
    Route {
        path: "/api/layer",
        answer: |body| to_json(&layer(&parse::<LayerRequest>(body)?)?),
    },
];

/// The routes [`answer`] takes, in the order of its table.
pub const ROUTES: [&str; TABLE.len()] = {
    let mut paths = [""; TABLE.len()];
    let mut i = 0;
    while i < TABLE.len() {
        paths[i] = TABLE[i].path;
        i += 1;
    }
    paths
};

/// A request the engine does not answer, in words for the person who made it: the words
/// the server would put in its `{"error": ...}`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerError {
    /// A route the engine does not answer.
    #[error("no route {route:?}: the engine answers {}", ROUTES.join(", "))]
    UnknownRoute {
        /// The route asked for.
        route: String,
    },
    /// The body is not JSON, or not the route's request.
    #[error("invalid request body: {0}")]
    Body(#[source] serde_json::Error),
    /// c4-api refused the request.
    #[error(transparent)]
    Request(#[from] RequestError),
    /// The answer could not be written as JSON.
    #[error("unwritable answer: {0}")]
    Unwritable(#[source] serde_json::Error),
}

/// The JSON answer to `body` sent to `route`, as the server would give it.
pub fn answer(route: &str, body: &str) -> Result<String, AnswerError> {
    let found =
        TABLE
            .iter()
            .find(|r| r.path == route)
            .ok_or_else(|| AnswerError::UnknownRoute {
                route: c4_core::excerpt(route),
            })?;
    (found.answer)(body)
}

/// The answer of a route that searches: the body read as `function`'s request, its search
/// run under [`Limits::BROWSER`]. A worker's search is stopped by ending the worker, so
/// nothing here ever cancels it.
fn searched<Request: DeserializeOwned, Answer: Serialize>(
    body: &str,
    function: fn(Request, &Limits, &Cancel) -> Result<Answer, RequestError>,
) -> Result<String, AnswerError> {
    to_json(&function(parse(body)?, &Limits::BROWSER, &Cancel::new())?)
}

fn parse<T: DeserializeOwned>(body: &str) -> Result<T, AnswerError> {
    serde_json::from_str(body).map_err(AnswerError::Body)
}

fn to_json<T: Serialize>(value: &T) -> Result<String, AnswerError> {
    serde_json::to_string(value).map_err(AnswerError::Unwritable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_is_answered_by_its_own_entry() {
        for route in ROUTES {
            // A body that is no request reaches the route's own reading of it; the menus
            // read none.
            match answer(route, "[") {
                Err(AnswerError::Body(_)) => assert_ne!(route, "/api/players"),
                Ok(_) => assert_eq!(route, "/api/players"),
                Err(other) => panic!("{route}: {other}"),
            }
        }
        let error = answer("/api/nothing", "{}").unwrap_err();
        assert!(matches!(error, AnswerError::UnknownRoute { .. }), "{error}");
        assert!(error.to_string().ends_with(&ROUTES.join(", ")), "{error}");
    }
}
