//! The requests every front end is tested with, written once: [`CASES`] (the fixture
//! `tests/cases.json`) holds each case's route and body and what its answer must hold or its
//! refusal say. c4-api's own tests run them through the functions directly ([`ask`]); the
//! server's run them through HTTP and the browser build's through its JSON glue, each with
//! its own [`Limits`], so the three cannot drift apart.
//!
//! Every search a case asks for is bounded by what it asks, never by the clock: a fixed
//! depth, the opening book, or a position late enough that the solver settles it at once.
//! What differs with the limits is written as a placeholder that [`Case::check`] fills in
//! from them: `{time_cap_ms}`, `{max_threads}`, `{max_table_bits}`, `{table_mib}`.

use crate::error::RequestError;
use crate::limits::Limits;
use crate::{analyze, best, explain, hint, players, position, review};
use c4_solver::Cancel;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The cases, as JSON: a list of objects with `name`, `route` (the server's path), the body
/// (`body`, a JSON value, or `raw`, text sent as it is; neither: no body), and either what
/// the answer holds (`answer`: JSON pointer to value; `one_of`: pointer to the values
/// allowed; `contains`: pointer to a text the string there contains; `present`: pointers
/// that must not be null) or `refused` (its `fault`, the [`RequestError`] `variant` where the
/// request reached c4-api, and a text the message `says`).
pub const CASES: &str = include_str!("../tests/cases.json");

/// One request and what its answer must hold.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// What the case shows, for failure messages.
    pub name: String,
    /// The server's path of the request (`/api/best`).
    pub route: String,
    #[serde(default)]
    body: Option<Value>,
    #[serde(default)]
    raw: Option<String>,
    #[serde(default)]
    answer: Map<String, Value>,
    #[serde(default)]
    one_of: Map<String, Value>,
    #[serde(default)]
    contains: Map<String, Value>,
    #[serde(default)]
    present: Vec<String>,
    #[serde(default)]
    refused: Option<Refusal>,
}

/// What a refused request's error must say.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refusal {
    /// Where the request fails.
    pub fault: Fault,
    /// The [`RequestError`] variant's name, for requests that reach c4-api.
    #[serde(default)]
    pub variant: Option<String>,
    /// A text the error message contains.
    pub says: String,
}

/// Where a refused request fails: each front end answers each with its own signal (the
/// server with a status).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    /// The body is not JSON.
    NotJson,
    /// The body is JSON but not the request: a field unknown, missing or of the wrong type.
    WrongFields,
    /// The request is read but cannot be answered: a [`RequestError`].
    Unanswerable,
}

/// What a front end answered a case: the answer's JSON or the error's message.
#[derive(Debug)]
pub enum Outcome {
    /// An answer.
    Answer(Value),
    /// A refusal, with its message.
    Refused(String),
}

/// The cases of [`CASES`].
///
/// # Panics
///
/// When the fixture is not a list of cases: a test's own data is wrong.
#[must_use]
pub fn cases() -> Vec<Case> {
    serde_json::from_str(CASES).expect("tests/cases.json is a list of cases")
}

impl Case {
    /// The request's body as text: `{}` for a case without one (a request of the position,
    /// or of the menus, which reads none).
    #[must_use]
    pub fn body(&self) -> String {
        match (&self.raw, &self.body) {
            (Some(raw), _) => raw.clone(),
            (None, Some(body)) => body.to_string(),
            (None, None) => "{}".to_owned(),
        }
    }

    /// The body's fields as `name=value` text, for a request in a query string (numbers and
    /// text as they are written; nothing here needs escaping).
    ///
    /// # Panics
    ///
    /// When the body is not an object of strings and numbers.
    #[must_use]
    pub fn query(&self) -> String {
        let Some(body) = &self.body else {
            return String::new();
        };
        let object = body.as_object().expect("a query's body is an object");
        let field = |(name, value): (&String, &Value)| {
            let text = match value {
                Value::String(text) => text.clone(),
                Value::Number(number) => number.to_string(),
                other => panic!("{}: {name} = {other} in a query", self.name),
            };
            assert!(
                text.chars().all(|c| c.is_ascii_alphanumeric()),
                "{}: {text:?} would need escaping",
                self.name
            );
            format!("{name}={text}")
        };
        object.iter().map(field).collect::<Vec<_>>().join("&")
    }

    /// Why the request must be refused, if it must.
    #[must_use]
    pub fn refusal(&self) -> Option<&Refusal> {
        self.refused.as_ref()
    }

    /// Checks what a front end answered against the case, under `limits`.
    ///
    /// # Panics
    ///
    /// When the outcome is not the case's, naming the case, what it expected and what came.
    pub fn check(&self, outcome: &Outcome, limits: &Limits) {
        let name = &self.name;
        match (outcome, &self.refused) {
            (Outcome::Answer(answer), None) => self.check_answer(answer, limits),
            (Outcome::Refused(message), Some(refusal)) => assert!(
                message.contains(&refusal.says),
                "{name}: {message:?} does not say {:?}",
                refusal.says
            ),
            (Outcome::Answer(answer), Some(refusal)) => {
                panic!(
                    "{name}: answered {answer}, not refused ({:?})",
                    refusal.says
                )
            }
            (Outcome::Refused(message), None) => panic!("{name}: refused: {message}"),
        }
    }

    fn check_answer(&self, answer: &Value, limits: &Limits) {
        let name = &self.name;
        let at = |pointer: &str| {
            answer
                .pointer(pointer)
                .unwrap_or_else(|| panic!("{name}: no {pointer} in {answer}"))
        };
        for (pointer, expected) in &self.answer {
            let expected = filled(expected, limits);
            assert_eq!(at(pointer), &expected, "{name}: {pointer} in {answer}");
        }
        for (pointer, allowed) in &self.one_of {
            let allowed = allowed.as_array().expect("one_of lists the values allowed");
            assert!(
                allowed.contains(at(pointer)),
                "{name}: {pointer} in {answer}"
            );
        }
        for (pointer, text) in &self.contains {
            let text = filled(text, limits);
            let text = text.as_str().expect("contains gives a text");
            let found = at(pointer).as_str().unwrap_or_default();
            assert!(
                found.contains(text),
                "{name}: {pointer} {found:?} lacks {text:?}"
            );
        }
        for pointer in &self.present {
            assert!(!at(pointer).is_null(), "{name}: {pointer} null in {answer}");
        }
    }
}

/// `value` with the placeholders of its texts replaced by what `limits` make of them.
fn filled(value: &Value, limits: &Limits) -> Value {
    match value {
        Value::String(text) => Value::String(
            text.replace("{time_cap_ms}", &limits.time_cap_ms().to_string())
                .replace("{max_threads}", &limits.max_threads.to_string())
                .replace("{max_table_bits}", &limits.max_table_bits.to_string())
                .replace(
                    "{table_mib}",
                    &((8u64 << limits.max_table_bits) >> 20).to_string(),
                ),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|v| filled(v, limits)).collect()),
        other => other.clone(),
    }
}

/// Why c4-api's functions did not answer a case.
#[derive(Debug)]
pub enum Refused {
    /// The body is not JSON.
    NotJson(serde_json::Error),
    /// The body is not the route's request.
    WrongFields(serde_json::Error),
    /// The function refused the request.
    Unanswerable(RequestError),
}

impl Refused {
    /// Where the request failed.
    #[must_use]
    pub fn fault(&self) -> Fault {
        match self {
            Refused::NotJson(_) => Fault::NotJson,
            Refused::WrongFields(_) => Fault::WrongFields,
            Refused::Unanswerable(_) => Fault::Unanswerable,
        }
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::NotJson(e) | Refused::WrongFields(e) => e.fmt(f),
            Refused::Unanswerable(e) => e.fmt(f),
        }
    }
}

/// The case asked of c4-api's function for its route, with `limits`: its body read as the
/// route's request, the answer written as JSON.
///
/// # Panics
///
/// When the case names a route c4-api does not answer.
pub fn ask(case: &Case, limits: &Limits) -> Result<Value, Refused> {
    let body = case.body();
    let cancel = Cancel::new();
    match case.route.as_str() {
        "/api/position" => call(&body, |request| position(&request)),
        "/api/best" => call(&body, |request| best(request, limits, &cancel)),
        "/api/hint" => call(&body, |request| hint(request, limits, &cancel)),
        "/api/analyze" => call(&body, |request| analyze(request, limits, &cancel)),
        "/api/review" => call(&body, |request| review(request, limits, &cancel)),
        "/api/explain" => call(&body, |request| explain(request, limits, &cancel)),
        "/api/players" => Ok(to_value(&players())),
        other => panic!("{}: c4-api answers no route {other}", case.name),
    }
}

/// Checks every case asked of c4-api's functions directly with `limits`: the answer, or the
/// refusal's fault, variant and words. Returns how many cases ran.
///
/// # Panics
///
/// At the first case whose outcome is not the expected one.
pub fn check_directly(limits: &Limits) -> usize {
    let cases = cases();
    for case in &cases {
        let outcome = match ask(case, limits) {
            Ok(answer) => Outcome::Answer(answer),
            Err(refused) => {
                if let Some(refusal) = case.refusal() {
                    assert_eq!(refused.fault(), refusal.fault, "{}: {refused}", case.name);
                    if let (Some(variant), Refused::Unanswerable(error)) =
                        (&refusal.variant, &refused)
                    {
                        let debug = format!("{error:?}");
                        assert!(
                            debug.starts_with(variant.as_str()),
                            "{}: {debug}",
                            case.name
                        );
                    }
                }
                Outcome::Refused(refused.to_string())
            }
        };
        case.check(&outcome, limits);
    }
    cases.len()
}

fn call<Request: DeserializeOwned, Answer: Serialize>(
    body: &str,
    answer: impl FnOnce(Request) -> Result<Answer, RequestError>,
) -> Result<Value, Refused> {
    let request = serde_json::from_str(body).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => Refused::WrongFields(e),
        _ => Refused::NotJson(e),
    })?;
    answer(request)
        .map(|answer| to_value(&answer))
        .map_err(Refused::Unanswerable)
}

fn to_value(answer: &impl Serialize) -> Value {
    serde_json::to_value(answer).expect("every answer is JSON")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Two sets of limits unlike the server's and the browser's, so placeholders are filled
    /// and no case relies on one answerer's numbers.
    const ROOMY: Limits = Limits {
        time_cap: Duration::from_millis(4000),
        max_table_bits: 24,
        max_threads: 2,
    };
    const TIGHT: Limits = Limits {
        time_cap: Duration::from_millis(2500),
        max_table_bits: 20,
        max_threads: 1,
    };

    #[test]
    fn every_case_is_answered_directly_as_written() {
        for limits in [ROOMY, TIGHT] {
            let count = check_directly(&limits);
            assert!(count >= 30, "{count} cases");
        }
    }

    #[test]
    fn every_refusal_that_reaches_c4_api_names_its_variant() {
        for case in cases() {
            if let Some(refusal) = case.refusal() {
                let reached = refusal.fault == Fault::Unanswerable;
                assert_eq!(refusal.variant.is_some(), reached, "{}", case.name);
            }
        }
    }
}
