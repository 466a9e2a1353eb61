//! Games of the page on boards wider than 7 (8x5, 9x6, 12x4) made records through
//! `/api/record`, read back as a games file and reviewed on their board; and a record checked
//! against its own board, never 7x6's: its players, its statistics' board, its depths.

use crate::support::{app, error_of, get, post};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// The character a move in column `number` is written with on a board `width` wide.
fn move_char(width: u64, number: u64) -> char {
    let number = u8::try_from(number).unwrap();
    if width <= 9 {
        char::from(b'0' + number)
    } else {
        char::from(b'a' + number - 1)
    }
}

/// A game on `size` as the page plays it: the person (red) plays the rightmost legal column,
/// `easy` answers; its moves and plies.
async fn page_game(app: &axum::Router, size: &str, width: u64) -> (String, Vec<Value>) {
    let mut moves = String::new();
    let mut plies = Vec::new();
    loop {
        let path = format!("/api/position?moves={moves}&size={size}");
        let (status, position) = get(app, &path).await;
        assert_eq!(status, StatusCode::OK, "{position}");
        if position["status"] != "in_progress" {
            return (moves, plies);
        }
        if position["to_move"] == "red" {
            let legal = position["legal_columns"].as_array().unwrap();
            let column = legal.last().unwrap().as_u64().unwrap();
            moves.push(move_char(width, column));
            plies.push(json!({"by": "human", "column": column, "time_ms": 500.0}));
        } else {
            let body = json!({"moves": moves, "ai": "easy", "seed": 1, "size": size});
            let (status, answer) = post(app, "/api/best", &body.to_string()).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            let column = answer["column"].as_u64().unwrap();
            moves.push(move_char(width, column));
            plies.push(json!({"by": "computer", "ai": answer["ai"], "seed": answer["seed"], "stats": answer}));
        }
    }
}

#[tokio::test]
async fn page_games_on_wide_boards_are_saved_read_back_and_reviewed() {
    let app = app(2, 5000);
    for (size, width) in [("8x5", 8), ("9x6", 9), ("12x4", 12)] {
        let (moves, plies) = page_game(&app, size, width).await;
        let request = json!({"moves": moves, "plies": plies, "size": size});
        let (status, record) = post(&app, "/api/record", &request.to_string()).await;
        assert_eq!(status, StatusCode::OK, "{size}: {record}");
        assert_eq!(record["size"], size);
        // The person's first move, the rightmost column, is kept on the board.
        assert_eq!(record["stats"][0]["column"], width, "{record}");

        let dir = std::env::temp_dir().join(format!("c4-api-record-{size}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("games.jsonl");
        std::fs::write(&file, format!("{record}\n")).unwrap();
        let loaded = c4_arena::record::GameLog::load(&file);
        let _ = std::fs::remove_dir_all(&dir);
        let loaded = loaded.unwrap_or_else(|e| panic!("{size}: {e}"));
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        assert_eq!(loaded.records[0].size.to_string(), size);

        // The review judges what it can in its budget and names the moves it did not.
        let body = json!({"moves": moves, "size": size});
        let (status, review) = post(&app, "/api/review", &body.to_string()).await;
        assert_eq!(status, StatusCode::OK, "{review}");
        let judged = review["reviewed"].as_array().unwrap().len();
        if review["complete"] == true {
            assert_eq!(judged, moves.len(), "{review}");
        } else {
            let text = review["unjudged"]["text"].as_str().unwrap();
            assert!(text.contains("was not solved within"), "{text}");
        }
    }
}

#[tokio::test]
async fn a_record_is_checked_against_its_own_board() {
    let app = app(2, 2000);
    let human = |column: u64| json!({"by": "human", "column": column, "time_ms": 1.0});
    let computer =
        |ai: &str, stats: Value| json!({"by": "computer", "ai": ai, "seed": 1, "stats": stats});
    let heuristic = |column: u64, depth: u64| {
        json!({"column": column, "score": 3, "score_text": "heuristic +3", "exact": false,
               "depth": depth, "nodes": 10, "time_ms": 1.0, "pv": [column]})
    };
    // Red stacks column 1 and wins at ply 6; yellow is the computer each time.
    let game = |size: &str, ai: &str, stats: Value| {
        let mut plies = Vec::new();
        for ply in 0..7 {
            plies.push(if ply % 2 == 0 {
                human(1)
            } else {
                computer(ai, stats.clone())
            });
        }
        json!({"moves": "1212121", "plies": plies, "size": size})
    };

    // A player bound to 7x6 is refused on 6x5, as /api/best refuses it.
    let kang = game("6x5", "alphabeta:depth=2,eval=kang", heuristic(2, 2));
    let (status, value) = post(&app, "/api/record", &kang.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    assert!(error_of(&value).contains("6x5"), "{value}");

    // Statistics of another board are refused, naming both.
    let mut other = heuristic(2, 2);
    other["size"] = json!("7x6");
    let (status, value) = post(&app, "/api/record", &game("6x5", "easy", other).to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    assert!(
        error_of(&value).contains("the stats are of the 7x6 board, the game's of 6x5"),
        "{value}"
    );

    // A depth is bounded by the board's own cells: 54 plies fit 4x15's 60.
    let deep = game("4x15", "easy", heuristic(2, 54));
    let (status, value) = post(&app, "/api/record", &deep.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(value["stats"][1]["depth"], 54, "{value}");
    let (status, value) = post(
        &app,
        "/api/record",
        &game("4x15", "easy", heuristic(2, 61)).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    assert!(error_of(&value).contains("depth 61 is over 60"), "{value}");

    // A person's column past 7 is read on the board.
    let mut wide = game("8x5", "easy", heuristic(2, 2));
    wide["moves"] = json!("8282828");
    for ply in [0, 2, 4, 6] {
        wide["plies"][ply] = human(8);
    }
    let (status, value) = post(&app, "/api/record", &wide.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(value["stats"][0]["column"], 8, "{value}");
}
