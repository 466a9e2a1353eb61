//! The API against the real router, in-process, in what is the server's own: its clamping
//! to its limits, the HTTP layer's refusals, 429, the menus, the page's assets and the game
//! record. The requests the browser build answers alike are c4-api's shared cases
//! (`tests/server/cases.rs`).

use crate::support::{app, error_of, get, post, post_reply, send};
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use c4_server::MAX_BODY_BYTES;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::time::Duration;
use tower::ServiceExt;

/// A position of 37 moves: every search in it ends at once, whatever its depth or time.
const LATE: &str = "2252576253462244111563365343671351441";

#[tokio::test]
async fn every_search_is_capped_and_a_request_over_the_cap_says_so() {
    let app = app(2, 300);
    // An untimed search gets the cap without a word: the spec it ran with shows it.
    let body = json!({"moves": LATE, "ai": "alphabeta:depth=42,eval=kang", "seed": 1});
    let (status, value) = post(&app, "/api/best", &body.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(value["clamped"], json!([]), "{value}");
    assert_eq!(value["ai"], "alphabeta:depth=42,time=300,eval=kang,seed=1");

    let body = json!({"moves": LATE, "ai": "engine:time=1000000000"});
    let (_, value) = post(&app, "/api/best", &body.to_string()).await;
    assert_eq!(
        value["clamped"],
        json!(["time 1000000000 ms clamped to 300 ms"])
    );
    assert_eq!(value["ai"], "engine:time=300,eval=threats");
    let body = json!({"moves": LATE, "time_ms": 60000});
    let (_, value) = post(&app, "/api/analyze", &body.to_string()).await;
    assert_eq!(value["clamped"], json!(["time 60000 ms clamped to 300 ms"]));
    let body = json!({"moves": LATE, "time_ms": 60000});
    let (_, value) = post(&app, "/api/review", &body.to_string()).await;
    assert_eq!(value["clamped"], json!(["time 60000 ms clamped to 300 ms"]));
    // Memory and threads are clamped like time.
    let (_, value) = post(
        &app,
        "/api/best",
        r#"{"moves": "4453", "ai": "perfect:time=100,table=27,threads=64"}"#,
    )
    .await;
    assert_eq!(
        value["clamped"],
        json!([
            "table 27 clamped to 24 (128 MiB)",
            "threads 64 clamped to 2"
        ]),
        "{value}"
    );
    assert_eq!(value["ai"], "perfect:time=100,threads=2", "{value}");
}

#[tokio::test]
async fn what_the_http_layer_refuses_is_4xx_json_never_5xx() {
    let app = app(2, 1000);
    // Bad moves are quoted cut to 80 characters, however long they are.
    let long = format!(r#"{{"moves": "{}x"}}"#, "1".repeat(5_000));
    let (status, value) = post(&app, "/api/analyze", &long).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let error = error_of(&value);
    assert!(
        error.contains("(5001 characters)") && error.len() < 300,
        "{error}"
    );

    // Oversized body.
    let huge = format!(r#"{{"moves": "{}"}}"#, "4".repeat(MAX_BODY_BYTES * 2));
    let (status, value) = post(&app, "/api/best", &huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(!error_of(&value).is_empty());
    // A long but small-enough move string is still a bad position, not a crash.
    let long = format!(r#"{{"moves": "{}"}}"#, "1234567".repeat(100));
    let (status, _) = post(&app, "/api/best", &long).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Wrong content type, wrong method, unknown route.
    let request = Request::post("/api/best")
        .body(Body::from(r#"{"moves": "4"}"#))
        .unwrap();
    let reply = send(&app, request).await;
    assert_eq!(reply.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(error_of(&reply.json).contains("Content-Type"));
    let (status, value) = get(&app, "/api/best").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(error_of(&value).contains("GET"));
    let (status, value) = get(&app, "/api/nothing").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error_of(&value).contains("/api/nothing"));
    let (status, _) = get(&app, "/no-such-page.html").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn players_come_from_the_registry() {
    let app = app(2, 1000);
    let (status, value) = get(&app, "/api/players").await;
    assert_eq!(status, StatusCode::OK);
    let names = |key: &str| -> Vec<String> {
        value[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        names("algorithms"),
        c4_players::PLAYER_KINDS
            .iter()
            .map(|a| a.name)
            .collect::<Vec<_>>()
    );
    assert_eq!(
        names("levels"),
        c4_players::LEVELS
            .iter()
            .map(|l| l.name)
            .collect::<Vec<_>>()
    );
    assert!(names("evaluators").contains(&"kang".to_owned()));
    assert!(value["levels"][0]["description"].as_str().unwrap().len() > 20);
    // Every level carries the ladder's figures, which the page's level picker shows.
    for level in value["levels"].as_array().unwrap() {
        let measured = &level["measured"];
        assert!(measured["elo"].is_number(), "{level}");
        assert!(measured["mistakes_pct"].as_f64().unwrap() >= 0.0, "{level}");
    }
    assert_eq!(value["algorithms"][0]["options"][0]["key"], "depth");
}

/// A guard against a test that never ends, far above what any machine needs for what is
/// awaited: a search to start, a cancelled one to stop. It decides nothing else.
const HANG_GUARD: Duration = Duration::from_secs(120);

/// Asks `/healthz` until it counts `running` searches; fails after [`HANG_GUARD`].
async fn until_searches_running(app: &axum::Router, running: u64) {
    let waited = async {
        loop {
            let (_, health) = get(app, "/healthz").await;
            if health["searches_running"] == running {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    };
    tokio::time::timeout(HANG_GUARD, waited)
        .await
        .unwrap_or_else(|_| panic!("searches running never came to {running}"));
}

#[tokio::test]
async fn saturation_gives_429_with_retry_after_and_health_waits_for_no_slot() {
    // The time cap is an hour and the search (depth 42 from the empty board) finishes on no
    // machine: it holds the only slot until its client goes, whatever the machine's load.
    let app = app(1, 3_600_000);
    let slow = {
        let app = app.clone();
        tokio::spawn(async move {
            post(
                &app,
                "/api/best",
                r#"{"moves": "", "ai": "alphabeta:depth=42"}"#,
            )
            .await
        })
    };
    until_searches_running(&app, 1).await;
    let reply = post_reply(&app, "/api/best", r#"{"moves": "4"}"#).await;
    assert_eq!(reply.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(reply.retry_after.as_deref(), Some("1"));
    assert!(error_of(&reply.json).contains("maximum of 1"));
    let (status, _) = post(&app, "/api/analyze", r#"{"moves": "4"}"#).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    // A request is read before it waits for a slot: a bad one is refused at once.
    let (status, value) = post(&app, "/api/best", r#"{"moves": "4455667"}"#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    assert!(error_of(&value).contains("the game is over"), "{value}");

    // The health check waits for no slot: answered while the search still holds it (a
    // health check queued behind the search would wait for ever and fail the guard).
    let (status, health) = tokio::time::timeout(HANG_GUARD, get(&app, "/healthz"))
        .await
        .expect("/healthz answers while every search slot is taken");
    assert_eq!(status, StatusCode::OK);
    assert_eq!(health["status"], "ok");
    assert_eq!(health["searches_running"], 1, "{health}");

    // The client going away stops the search and frees its slot.
    slow.abort();
    assert!(slow.await.unwrap_err().is_cancelled());
    until_searches_running(&app, 0).await;
    let (status, _) = post(&app, "/api/best", r#"{"moves": "4", "ai": "easy"}"#).await;
    assert_eq!(status, StatusCode::OK, "the slot is free again");
}

#[tokio::test]
async fn the_page_and_its_assets_are_embedded() {
    let app = app(1, 1000);
    for (path, mime) in [
        ("/", "text/html"),
        ("/main.js", "javascript"),
        ("/game.js", "javascript"),
        ("/engine.js", "javascript"),
        ("/site-mode.js", "javascript"),
        ("/hint.js", "javascript"),
        ("/analysis.js", "javascript"),
        ("/style.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let response = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let headers = response.headers();
        let content_type = headers[header::CONTENT_TYPE].to_str().unwrap();
        assert!(content_type.contains(mime), "{path}: {content_type}");
        assert!(headers.contains_key(header::CONTENT_SECURITY_POLICY));
        let body = response.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&body);
        // Nothing is fetched from another host (the SVG names its XML namespace only).
        let external = text.contains("http://") || text.contains("https://");
        assert!(
            path == "/favicon.svg" || !external,
            "{path} names an external URL"
        );
    }
}

#[tokio::test]
async fn a_finished_game_becomes_a_game_record() {
    let app = app(2, 2000);
    // After a linked opening (4), a person plays yellow against a seeded random computer.
    let mut moves = "4".to_owned();
    let mut plies = vec![Value::Null];
    loop {
        let (_, position) = get(&app, &format!("/api/position?moves={moves}")).await;
        if position["status"] != "in_progress" {
            break;
        }
        if position["to_move"] == "yellow" {
            let column = position["legal_columns"][0].clone();
            moves.push_str(&column.to_string());
            plies.push(json!({"by": "human", "column": column, "time_ms": 1500.0}));
        } else {
            let body = json!({"moves": moves, "ai": "random", "seed": 5}).to_string();
            let (status, answer) = post(&app, "/api/best", &body).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            assert_eq!(answer["seed"], 5, "{answer}");
            moves.push_str(&answer["column"].to_string());
            plies.push(json!({"by": "computer", "ai": answer["ai"], "seed": answer["seed"], "stats": answer}));
        }
    }
    let request =
        json!({"moves": moves, "plies": plies, "a": "yellow", "names": ["you", "computer"]});
    let (status, record) = post(&app, "/api/record", &request.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(record["a"], "you");
    assert_eq!(record["a_spec"], "human");
    assert_eq!(record["b_spec"], "random:seed=5");
    assert_eq!(record["seeds"], json!([0, 5]));
    assert_eq!(record["a_first"], false);
    assert_eq!(record["opening"], "4");
    assert_eq!(record["moves"], moves.as_str());
    let stats = record["stats"].as_array().unwrap();
    assert_eq!(stats.len(), moves.len() - 1);
    assert_eq!(stats[0]["time_ms"], 1500.0);
    assert_eq!(stats[0]["note"], "human");

    // The line is what a games file holds: it loads as one.
    let dir = std::env::temp_dir().join(format!("c4-api-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.jsonl");
    std::fs::write(&file, format!("{record}\n")).unwrap();
    let loaded = c4_arena::record::GameLog::load(&file).unwrap();
    assert_eq!(loaded.records.len(), 1);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(loaded.records[0].moves, moves);
    let _ = std::fs::remove_dir_all(&dir);

    // Mistakes in the request are named.
    let human = |column: u8| json!({"by": "human", "column": column, "time_ms": 1.0});
    for (body, why) in [
        (
            json!({"moves": "4343", "plies": [human(4), human(3), human(4), human(3)]}),
            "do not finish the game",
        ),
        (
            json!({"moves": "4343434", "plies": [human(4)]}),
            "7 moves but 1 plies",
        ),
        (
            json!({"moves": "4343434", "plies": [human(4), null, human(4), human(3), human(4), human(3), human(4)]}),
            "only the first moves may be null",
        ),
        (
            json!({"moves": "4343434", "plies": [human(4), human(3), human(4), human(3), human(4), human(3), human(5)]}),
            "ply 6 is column 4, not 5",
        ),
        (
            json!({"moves": "4343434", "plies": [human(4), human(3), human(4), human(3), human(4), human(3), {"by": "robot"}]}),
            "unknown variant",
        ),
        (json!({"moves": "44444444", "plies": []}), "full"),
    ] {
        let (status, value) = post(&app, "/api/record", &body.to_string()).await;
        assert!(status.is_client_error(), "{body}: {value}");
        assert!(error_of(&value).contains(why), "{body}: {value}");
    }
}

#[tokio::test]
async fn a_finished_game_on_5x4_becomes_a_record_of_5x4() {
    let app = app(2, 2000);
    // A person (red) plays the first legal column against perfect play, whose exact scores
    // the record's check solves again on 5x4.
    let mut moves = String::new();
    let mut plies = Vec::new();
    let mut computer_plies = Vec::new();
    loop {
        let path = format!("/api/position?moves={moves}&size=5x4");
        let (_, position) = get(&app, &path).await;
        if position["status"] != "in_progress" {
            break;
        }
        if position["to_move"] == "red" {
            let column = position["legal_columns"][0].clone();
            moves.push_str(&column.to_string());
            plies.push(json!({"by": "human", "column": column, "time_ms": 700.0}));
        } else {
            let body = json!({"moves": moves, "ai": "perfect", "seed": 1, "size": "5x4"});
            let (status, answer) = post(&app, "/api/best", &body.to_string()).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            assert_eq!(answer["exact"], true, "{answer}");
            computer_plies.push(moves.len());
            moves.push_str(&answer["column"].to_string());
            plies.push(json!({"by": "computer", "ai": answer["ai"], "seed": answer["seed"], "stats": answer}));
        }
    }
    let request = json!({"moves": moves, "plies": plies, "size": "5x4"});
    let (status, record) = post(&app, "/api/record", &request.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(record["size"], "5x4", "{record}");
    assert_eq!(record["moves"], moves.as_str());
    let stats = record["stats"].as_array().unwrap();
    assert_eq!(stats.len(), moves.len());
    // Every exact score was checked: none is marked as only reported.
    assert!(
        stats.iter().all(|s| s["note"]
            .as_str()
            .is_none_or(|n| !n.contains("not checked"))),
        "{record}"
    );

    // The line loads as a games file's, and the solver of its board reviews it.
    let dir = std::env::temp_dir().join(format!("c4-api-record-5x4-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.jsonl");
    std::fs::write(&file, format!("{record}\n")).unwrap();
    let loaded = c4_arena::record::GameLog::load(&file).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let game = &loaded.records[0];
    let small = c4_core::AnySize::new(game.size);
    let mut solver = c4_solver::Solver::new_in(16, small);
    let review = c4_arena::review::review_record(game, 0, &mut solver).unwrap();
    assert_eq!(review.reviewed.len(), moves.len());

    // A wrong exact score is refused naming its ply; so are the moves on a board they do not
    // fit, naming it.
    let ply = computer_plies[0];
    let mut wrong = request.clone();
    let claimed = wrong["plies"][ply]["stats"]["score"].as_i64().unwrap();
    wrong["plies"][ply]["stats"]["score"] = json!(if claimed == 0 { 1 } else { 0 });
    let (status, value) = post(&app, "/api/record", &wrong.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    assert!(
        error_of(&value).contains(&format!("ply {ply}: ")),
        "{value}"
    );
    let mut unfit = request.clone();
    unfit["size"] = json!("4x4");
    unfit["moves"] = json!(format!("5{}", &moves[1..]));
    let (status, value) = post(&app, "/api/record", &unfit.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    assert!(error_of(&value).contains("4x4"), "{value}");
}
