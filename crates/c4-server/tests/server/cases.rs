//! c4-api's shared cases (the requests every front end answers alike) through HTTP, against
//! the real router in-process, and directly with the server's limits: each answer as the
//! case says, each refusal with the status the server gives its kind.

use crate::support::{app, config, get, post};
use axum::http::{Method, StatusCode};
use c4_api::cases::{Case, Fault, Outcome, cases, check_directly};

/// The method of a route: the position and the menus are read with GET, the rest posted.
fn method_of(case: &Case) -> Method {
    match case.route.as_str() {
        "/api/position" | "/api/players" => Method::GET,
        _ => Method::POST,
    }
}

/// The status the server answers a case with.
fn status_of(case: &Case) -> StatusCode {
    match case.refusal().map(|refusal| refusal.fault) {
        None => StatusCode::OK,
        // One mistake, one code: a field of a query string or of a body alike.
        Some(Fault::NotJson | Fault::Unanswerable | Fault::WrongFields) => StatusCode::BAD_REQUEST,
    }
}

#[tokio::test]
async fn every_shared_case_is_answered_over_http() {
    const TIME_CAP_MS: u64 = 5000;
    let app = app(2, TIME_CAP_MS);
    let limits = config(2, TIME_CAP_MS).limits();
    let cases = cases();
    for case in &cases {
        let method = method_of(case);
        let (status, json) = if method == Method::GET {
            let query = case.query();
            let uri = if query.is_empty() {
                case.route.clone()
            } else {
                format!("{}?{query}", case.route)
            };
            get(&app, &uri).await
        } else {
            post(&app, &case.route, &case.body()).await
        };
        assert_eq!(status, status_of(case), "{}: {json}", case.name);
        let outcome = if status == StatusCode::OK {
            Outcome::Answer(json)
        } else {
            Outcome::Refused(crate::support::error_of(&json).to_owned())
        };
        case.check(&outcome, &limits);
    }
    println!("{} cases over HTTP", cases.len());
}

#[test]
fn every_shared_case_is_answered_directly_with_the_servers_limits() {
    let limits = config(2, 5000).limits();
    let count = check_directly(&limits);
    println!("{count} cases directly");
}
