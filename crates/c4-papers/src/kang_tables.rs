//! Kang, Wang, Hu (2019)'s tables: H1 by depth and by feature subset, H1 against H2 (Table 9),
//! and Table 9 under each reading of H1 and its random move where the paper leaves room.

use super::pairing::{PairingRow, PairingTable, PaperResult};
use super::reference::{self, csv_depth, rows};
use crate::ExperimentError;
use c4_arena::matches::FirstPolicy;
use c4_eval::EvalSpec;
use c4_eval::kang_h1_features::{CountRule, KangConfig};
use c4_eval::square_values::{Matrix, SquareValuesConfig};
use c4_players::{FixedDepthSpec, PlayerSpec};
use c4_search::search::{RandomCount, RandomPick, WinScore};

/// How a run reads Kang's H1 and its random move, where the paper leaves room.
#[derive(Clone, Copy, Debug)]
pub struct KangReading {
    /// Table id of Table 9 played under this reading.
    pub id: &'static str,
    /// In words, for the table's caption.
    pub title: &'static str,
    /// H1's `count`: feature 3's "available" squares as playable now or merely empty.
    pub count: CountRule,
    /// H1's `win-score`: terminal positions scored by H1's own features (`Eval`) or above
    /// any heuristic value (`Auto`).
    pub win_score: WinScore,
    /// Both players' random move: every how many moves, counted how, picked from what.
    pub random: KangRandom,
}

/// Kang's random move, as both players of a reading make it.
#[derive(Clone, Copy, Debug)]
pub struct KangRandom {
    /// A random move every this many moves; `None`, never.
    pub every: Option<u32>,
    /// Whose moves count.
    pub count: RandomCount,
    /// What the random move picks from.
    pub pick: RandomPick,
}

/// The paper's reading of the random move: every player's 3rd, 6th, 9th ... move, one of
/// the two best columns.
const EVERY_THIRD: KangRandom = KangRandom {
    every: Some(3),
    count: RandomCount::Own,
    pick: RandomPick::TwoBest,
};

/// No random move.
const NO_RANDOM: KangRandom = KangRandom {
    every: None,
    ..EVERY_THIRD
};

/// The random move counted on the game's moves.
const GAME_COUNT: KangRandom = KangRandom {
    count: RandomCount::Game,
    ..EVERY_THIRD
};

/// The random move to any legal column.
const ANY_COLUMN: KangRandom = KangRandom {
    pick: RandomPick::Any,
    ..EVERY_THIRD
};

/// The reading `kang-depth`, `kang-features` and `kang-h1-vs-h2` play.
const KANG_AS_RUN: KangReading = KANG_READINGS[0];

/// Each reading the `kang-h1-vs-h2` report names, alone and combined.
pub const KANG_READINGS: [KangReading; 10] = [
    KangReading {
        id: "table9-as-run",
        title: "as kang-h1-vs-h2 plays it",
        count: CountRule::Playable,
        win_score: WinScore::Eval,
        random: EVERY_THIRD,
    },
    KangReading {
        id: "table9-empty",
        title: "available squares read as empty (count=empty)",
        count: CountRule::Empty,
        win_score: WinScore::Eval,
        random: EVERY_THIRD,
    },
    KangReading {
        id: "table9-auto",
        title: "terminal positions scored by the search (win-score=auto)",
        count: CountRule::Playable,
        win_score: WinScore::Auto,
        random: EVERY_THIRD,
    },
    KangReading {
        id: "table9-game-count",
        title: "random move at the game's 3rd, 6th, 9th ... move (random-count=game)",
        count: CountRule::Playable,
        win_score: WinScore::Eval,
        random: GAME_COUNT,
    },
    KangReading {
        id: "table9-any-column",
        title: "random move to any legal column (random-pick=any)",
        count: CountRule::Playable,
        win_score: WinScore::Eval,
        random: ANY_COLUMN,
    },
    KangReading {
        id: "table9-no-random",
        title: "no random move (random-every=off)",
        count: CountRule::Playable,
        win_score: WinScore::Eval,
        random: NO_RANDOM,
    },
    KangReading {
        id: "table9-empty-auto",
        title: "count=empty and win-score=auto",
        count: CountRule::Empty,
        win_score: WinScore::Auto,
        random: EVERY_THIRD,
    },
    KangReading {
        id: "table9-empty-auto-game-count",
        title: "count=empty, win-score=auto, random-count=game",
        count: CountRule::Empty,
        win_score: WinScore::Auto,
        random: GAME_COUNT,
    },
    KangReading {
        id: "table9-empty-auto-any-column",
        title: "count=empty, win-score=auto, random-pick=any",
        count: CountRule::Empty,
        win_score: WinScore::Auto,
        random: ANY_COLUMN,
    },
    KangReading {
        id: "table9-empty-auto-no-random",
        title: "count=empty, win-score=auto, no random move",
        count: CountRule::Empty,
        win_score: WinScore::Auto,
        random: NO_RANDOM,
    },
];

/// Kang's alpha-beta player at `depth` with `eval`, the random move of `random` and wins
/// worth `win_score`.
fn kang_player(depth: u32, eval: EvalSpec, random: KangRandom, win_score: WinScore) -> PlayerSpec {
    PlayerSpec::Alphabeta(FixedDepthSpec {
        depth,
        random_every: random.every,
        random_count: random.count,
        random_pick: random.pick,
        win_score,
        eval,
        ..FixedDepthSpec::alphabeta()
    })
}

/// Kang's H1 with `features` (digits, as `features=` spells them) under `reading`; with
/// `WinScore::Eval` a feature subset without feature 1 does not see wins.
fn kang_h1(
    depth: u32,
    features: &str,
    reading: &KangReading,
) -> Result<PlayerSpec, ExperimentError> {
    let config = KangConfig {
        count: reading.count,
        ..KangConfig::default()
    }
    .with_features(features)
    .ok_or_else(|| ExperimentError::TableValue {
        field: "features",
        text: features.to_owned(),
    })?;
    Ok(kang_player(
        depth,
        EvalSpec::Kang(config),
        reading.random,
        reading.win_score,
    ))
}

/// Kang's H2, the square matrix, with the random move of `reading`.
fn kang_h2(depth: u32, reading: &KangReading) -> PlayerSpec {
    kang_player(
        depth,
        EvalSpec::SquareValues(SquareValuesConfig::new(Matrix::Center)),
        reading.random,
        WinScore::Auto,
    )
}

/// Kang's text says 100 rounds per pairing (the Table 6 caption says 10).
const KANG_GAMES: u64 = 100;

fn share(text: &str) -> Result<f64, ExperimentError> {
    text.parse().map_err(|_| ExperimentError::TableValue {
        field: "share",
        text: text.to_owned(),
    })
}

pub fn kang_depth() -> Result<Vec<PairingTable>, ExperimentError> {
    let mut out = Vec::new();
    for r in rows(reference::KANG_DEPTH) {
        out.push(PairingRow {
            label: format!("H1 d{} vs H1 d{}", r[0], r[1]),
            a: kang_h1(csv_depth(&r[0])?, "1234", &KANG_AS_RUN)?,
            b: kang_h1(csv_depth(&r[1])?, "1234", &KANG_AS_RUN)?,
            first: FirstPolicy::A,
            paper: PaperResult::Shares {
                first: share(&r[2])?,
                second: Some(share(&r[3])?),
                games: KANG_GAMES,
            },
        });
    }
    Ok(vec![PairingTable {
        id: "table6",
        title: "Kang Table 6: H1 vs H1 by depth (first H1 moves first)".into(),
        rows: out,
    }])
}

/// The depth of Kang's Tables 7 and 8.
const KANG_FEATURES_DEPTH: u32 = 4;

pub fn kang_features() -> Result<Vec<PairingTable>, ExperimentError> {
    let mut out = Vec::new();
    for r in rows(reference::KANG_FEATURES) {
        let digits: String = r[0].chars().filter(char::is_ascii_digit).collect();
        out.push(PairingRow {
            label: format!("H1 features {} vs H2", r[0]),
            a: kang_h1(KANG_FEATURES_DEPTH, &digits, &KANG_AS_RUN)?,
            b: kang_h2(KANG_FEATURES_DEPTH, &KANG_AS_RUN),
            first: FirstPolicy::Alternate,
            paper: PaperResult::Shares {
                first: share(&r[1])?,
                second: None,
                games: KANG_GAMES,
            },
        });
    }
    Ok(vec![PairingTable {
        id: "tables7-8",
        title: "Kang Tables 7-8: H1 feature subsets vs H2, depth 4".into(),
        rows: out,
    }])
}

/// Table 9 under `reading`, H1 played by `h1` (a player from depth and reading).
fn table9(
    id: &'static str,
    title: String,
    h1: &dyn Fn(u32) -> Result<PlayerSpec, ExperimentError>,
    reading: &KangReading,
) -> Result<PairingTable, ExperimentError> {
    let mut out = Vec::new();
    for r in rows(reference::KANG_H1_VS_H2) {
        let depth = csv_depth(&r[0])?;
        out.push(PairingRow {
            label: format!("H1 vs H2, depth {}", r[0]),
            a: h1(depth)?,
            b: kang_h2(depth, reading),
            first: FirstPolicy::Alternate,
            paper: PaperResult::Shares {
                first: share(&r[1])?,
                second: Some(share(&r[2])?),
                games: KANG_GAMES,
            },
        });
    }
    Ok(PairingTable {
        id,
        title,
        rows: out,
    })
}

pub fn kang_h1_vs_h2() -> Result<Vec<PairingTable>, ExperimentError> {
    Ok(vec![table9(
        "table9",
        "Kang Table 9: H1 vs H2 at equal depth".into(),
        &|depth| kang_h1(depth, "1234", &KANG_AS_RUN),
        &KANG_AS_RUN,
    )?])
}

/// Table 9 with H1 played by `h1_eval` (an H1 with its own settings and weights) under c4's
/// reading, for comparing tuned and untuned H1.
pub fn kang_table9_with(
    id: &'static str,
    title: &str,
    h1_eval: &EvalSpec,
) -> Result<PairingTable, ExperimentError> {
    let reading = KANG_AS_RUN;
    table9(
        id,
        title.to_owned(),
        &|depth| {
            Ok(kang_player(
                depth,
                h1_eval.clone(),
                reading.random,
                reading.win_score,
            ))
        },
        &reading,
    )
}

pub fn kang_readings() -> Result<Vec<PairingTable>, ExperimentError> {
    KANG_READINGS
        .iter()
        .map(|reading| {
            table9(
                reading.id,
                format!("Table 9, {}", reading.title),
                &|depth| kang_h1(depth, "1234", reading),
                reading,
            )
        })
        .collect()
}
