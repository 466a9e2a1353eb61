//! The experiments whose tables are lists of pairings, defined from the papers' CSVs.

use super::pairing::{Experiment, PairingRow, PairingTable, PaperResult};
use super::reference::{self, rows};
use c4_arena::matches::FirstPolicy;
use c4_engine::agent::{FixedDepthSpec, PlayerSpec};
use c4_engine::eval::EvalSpec;
use c4_engine::eval::Sides;
use c4_engine::eval::ayoub_max_connected::MaxConnectedConfig;
use c4_engine::eval::ayoub_naive::{NaiveConfig, NaiveMode};
use c4_engine::eval::kang_h1_features::{CountRule, KangConfig};
use c4_engine::eval::square_values::{Matrix, SquareValuesConfig};
use c4_engine::search::{LeafView, MoveOrder, RandomCount, RandomPick, TieBreak, WinScore};

/// Ayoub's heuristics by his ids: their names in row labels, and each as he configured it
/// (naive draws a new number per call, the others count the player's own discs only).
const AYOUB_HEURISTICS: [&str; 4] = ["naive", "connected", "center", "corners"];

/// Ayoub's heuristic `id` as he configured it.
fn ayoub_eval(id: usize) -> Option<EvalSpec> {
    Some(match id {
        0 => EvalSpec::Naive(NaiveConfig {
            mode: NaiveMode::Stream,
            ..NaiveConfig::default()
        }),
        1 => EvalSpec::Connected(MaxConnectedConfig { sides: Sides::Own }),
        2 => EvalSpec::SquareValues(SquareValuesConfig::new(Matrix::Center).with_sides(Sides::Own)),
        3 => {
            EvalSpec::SquareValues(SquareValuesConfig::new(Matrix::Corners).with_sides(Sides::Own))
        }
        _ => return None,
    })
}

/// How Ayoub's searcher scores: leaves from `view` (`Mover` reproduces his numbers, `Root`
/// is textbook minimax), a won game worth `win_score` (his 100).
#[derive(Clone, Copy)]
struct AyoubScoring {
    view: LeafView,
    win_score: WinScore,
}

/// Ayoub's win value, whatever the heuristic's scale.
const AYOUB_WIN: WinScore = WinScore::Fixed(100);

/// Ayoub's player: alpha-beta, columns left to right, random tie-break.
fn ayoub_player(heuristic: &str, depth: &str, scoring: AyoubScoring) -> Result<PlayerSpec, String> {
    let id: usize = heuristic
        .parse()
        .map_err(|_| format!("heuristic id {heuristic:?}"))?;
    let eval = ayoub_eval(id).ok_or("heuristic id out of range")?;
    Ok(PlayerSpec::Alphabeta(FixedDepthSpec {
        depth: csv_depth(depth)?,
        order: MoveOrder::None,
        tiebreak: TieBreak::Random,
        win_score: scoring.win_score,
        leaf_view: scoring.view,
        eval,
        ..FixedDepthSpec::alphabeta()
    }))
}

/// A depth as the papers' CSVs write it.
fn csv_depth(text: &str) -> Result<u32, String> {
    text.parse().map_err(|_| format!("depth {text:?}"))
}

/// Two tables: the paper's slip reproduced (leaves scored for the player to move there),
/// then textbook minimax, each beside the paper's numbers.
fn ayoub_table(id: &'static str, table: &str, title: &str) -> Result<Vec<PairingTable>, String> {
    let root_id: &'static str = match id {
        "table1" => "table1-minimax",
        "tables2-5" => "tables2-5-minimax",
        "table7" => "table7-minimax",
        "table8" => "table8-minimax",
        _ => "table9-minimax",
    };
    let as_paper =
        format!("{title}, leaves scored for the player to move (as the paper's results)");
    let textbook = format!("{title}, textbook minimax");
    let mover = AyoubScoring {
        view: LeafView::Mover,
        win_score: AYOUB_WIN,
    };
    let root = AyoubScoring {
        view: LeafView::Root,
        win_score: AYOUB_WIN,
    };
    Ok(vec![
        ayoub_rows(id, table, &as_paper, mover)?,
        ayoub_rows(root_id, table, &textbook, root)?,
    ])
}

/// Ayoub's round robin with his win value (100, below the matrices' sums) and with a win
/// value above any heuristic value, under both leaf views.
fn win_scale() -> Result<Vec<PairingTable>, String> {
    let t = "Ayoub Tables 2-5";
    let scoring = |view, win_score| AyoubScoring { view, win_score };
    Ok(vec![
        ayoub_rows(
            "win100-mover",
            "2-5",
            &format!("{t}: win = 100, leaves for the player to move"),
            scoring(LeafView::Mover, AYOUB_WIN),
        )?,
        ayoub_rows(
            "winmax-mover",
            "2-5",
            &format!("{t}: win above any heuristic, leaves for the player to move"),
            scoring(LeafView::Mover, WinScore::Auto),
        )?,
        ayoub_rows(
            "win100-minimax",
            "2-5",
            &format!("{t}: win = 100, textbook minimax"),
            scoring(LeafView::Root, AYOUB_WIN),
        )?,
        ayoub_rows(
            "winmax-minimax",
            "2-5",
            &format!("{t}: win above any heuristic, textbook minimax"),
            scoring(LeafView::Root, WinScore::Auto),
        )?,
    ])
}

fn ayoub_rows(
    id: &'static str,
    table: &str,
    title: &str,
    scoring: AyoubScoring,
) -> Result<PairingTable, String> {
    let mut out = Vec::new();
    for r in rows(reference::AYOUB_RESULTS)
        .into_iter()
        .filter(|r| r[0] == table)
    {
        let number = |i: usize| r[i].parse::<u64>().map_err(|_| format!("ayoub row {r:?}"));
        let name = |h: &str| {
            h.parse::<usize>()
                .ok()
                .and_then(|i| AYOUB_HEURISTICS.get(i).copied())
                .unwrap_or("?")
        };
        out.push(PairingRow {
            label: format!("{} d{} vs {} d{}", name(&r[1]), r[2], name(&r[3]), r[4]),
            a: ayoub_player(&r[1], &r[2], scoring)?,
            b: ayoub_player(&r[3], &r[4], scoring)?,
            first: FirstPolicy::A,
            paper: PaperResult::Counts {
                wins: number(5)?,
                losses: number(6)?,
                ties: number(7)?,
            },
        });
    }
    Ok(PairingTable {
        id,
        title: title.to_owned(),
        rows: out,
    })
}

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
fn kang_h1(depth: u32, features: &str, reading: &KangReading) -> Result<PlayerSpec, String> {
    let config = KangConfig {
        count: reading.count,
        ..KangConfig::default()
    }
    .with_features(features)
    .ok_or_else(|| format!("features {features:?}"))?;
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

fn share(text: &str) -> Result<f64, String> {
    text.parse().map_err(|_| format!("share {text:?}"))
}

fn kang_depth() -> Result<Vec<PairingTable>, String> {
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

fn kang_features() -> Result<Vec<PairingTable>, String> {
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
    h1: &dyn Fn(u32) -> Result<PlayerSpec, String>,
    reading: &KangReading,
) -> Result<PairingTable, String> {
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

fn kang_h1_vs_h2() -> Result<Vec<PairingTable>, String> {
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
) -> Result<PairingTable, String> {
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

fn kang_readings() -> Result<Vec<PairingTable>, String> {
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

const AYOUB_SETTINGS: &str = "alpha-beta at the paper's depths, columns tried left to right, random choice among equal \
best moves, a won game worth 100 and a lost one -100 whatever the heuristic's scale (win-score=100), the naive \
heuristic drawing a fresh random number in [0, 50) at every leaf (mode=stream), the other heuristics counting the \
player's own discs only (sides=own), CPU 1 always moving first, 1000 games per row. Each table is played twice: \
first with leaves scored for the player to move at the leaf (view=mover), then with textbook minimax (view=root)";

const AYOUB_READING: &str = "With textbook minimax, c4 does not reproduce Ayoub's ranking: the centre matrix wins \
most and the corner matrix least, the opposite of his Table 6. Scoring each leaf for the player to move *at the \
leaf* and using it unchanged as the searcher's value (view=mover) reproduces his numbers closely (for example \
naive against center: 65.8% in the paper). At his odd depth 5 the leaf's player to move is the opponent, so the \
searcher maximises the opponent's heuristic: pushing the opponent towards the centre favours the corner matrix, \
and a random score is then the least harmful, which is why \"naive ranks first\". This is a reading of his \
results, not of his code, which the report does not include. Ayoub's players share one Java random generator per \
run; c4 seeds each game, so single rows can still differ by more than chance.";

const KANG_SETTINGS: &str = "alpha-beta (same values as the paper's minimax) at the paper's depths, a random move \
between the two best columns at each player's 3rd, 6th, 9th ... move (random-every=3), H1 scoring terminal \
positions with its own features (win-score=eval: feature 1 is infinity), H2 the centre matrix, 100 games per \
pairing (the paper's text; the Table 6 caption says 10)";

const KANG_READING: &str = "Kang et al. played 10 or 100 games per pairing, so their shares carry intervals of \
+-10 to +-30 points; c4's intervals show which differences are beyond chance. Where the paper is silent \
(who moves first in Tables 7-9) c4 alternates colours. In c4's runs H2 (the centre matrix) beats H1 from depth 4 \
on, the reverse of Table 9. `c4 experiment kang-readings` tests the readings that could explain it (\"available\" \
squares as empty rather than playable now, terminal positions scored by the search rather than by H1, and three \
variants of the random move every third turn), alone and combined: none reproduces Table 9.";

const KANG_READINGS_SETTINGS: &str = "as kang-h1-vs-h2 (alpha-beta at depths 2, 4, 6 and 8, H2 the centre matrix, \
100 games per pairing, colours alternating), with one or more of H1's readings changed: feature 3's \"available\" \
squares as merely empty (count=empty) rather than playable now; terminal positions scored above any heuristic value \
(win-score=auto) rather than by H1's own features; the random move counted on the game's moves (random-count=game) \
rather than each player's own, made to any legal column (random-pick=any) rather than one of the two best, or left \
out (random-every=off). Each table is one reading; the summary counts the rows whose paper share lies inside c4's \
95% interval";

const KANG_READINGS_READING: &str = "No reading, alone or combined, reproduces Table 9. In c4's runs (seed 1, 100 \
games per row) not one of the 40 rows has the paper's share inside its 95% interval, and every reading keeps the \
shape that separates c4 from the paper: H1 does best at depth 2 (50-68% against the paper's 24%) and worse from depth \
4 on (0-50% against 60-81%), where the paper has H1 improving with depth. Reading \"available\" as empty helps H1 most \
at depths 6 and 8 (35-45% against 20-27% as run), a random move to any column pulls every share towards 50%, scoring \
terminal positions by the search or counting the random move on the game's moves changes little, and without the \
random move the players are deterministic, so each pairing repeats two games. What Table 9 measured must differ \
from these readings in something the paper does not describe: its H1 code, or its search.";

const WIN_SCALE_READING: &str = "Ayoub scores a won game 100 whatever the heuristic's scale, while the matrices sum \
to more than that in a middle game, so a heuristic leaf can outweigh a forced win. The four tables separate the two \
questions. In c4's runs (seed 1, 1000 games per row) the leaf view decides the ranking: with leaves scored for the \
player to move there and a win worth 100, the per-heuristic totals land within a few points of Ayoub's Table 6 \
(naive first, center last); under textbook minimax the centre matrix wins most games and the corner matrix least, \
whatever the win value. Raising the win value above every heuristic value shifts each heuristic by a few points \
but changes no ranking under textbook minimax.";

/// Every experiment, in `c4 experiment list` order.
pub static EXPERIMENTS: &[Experiment] = &[
    Experiment {
        name: "kang-depth",
        title: "H1 against itself at depths 2, 4, 6 and 8",
        source: "Kang, Wang, Hu (2019), Table 6",
        settings: KANG_SETTINGS,
        reading: KANG_READING,
        tables: kang_depth,
    },
    Experiment {
        name: "kang-features",
        title: "H1 with feature subsets against H2 at depth 4",
        source: "Kang, Wang, Hu (2019), Tables 7 and 8",
        settings: KANG_SETTINGS,
        reading: KANG_READING,
        tables: kang_features,
    },
    Experiment {
        name: "kang-h1-vs-h2",
        title: "H1 against H2 at equal depths",
        source: "Kang, Wang, Hu (2019), Table 9",
        settings: KANG_SETTINGS,
        reading: KANG_READING,
        tables: kang_h1_vs_h2,
    },
    Experiment {
        name: "kang-readings",
        title: "H1 against H2 (Table 9) under each reading of H1 and its random move, alone and combined",
        source: "Kang, Wang, Hu (2019), Table 9, rerun to test the readings the kang-h1-vs-h2 report names",
        settings: KANG_READINGS_SETTINGS,
        reading: KANG_READINGS_READING,
        tables: kang_readings,
    },
    Experiment {
        name: "ayoub-first-move",
        title: "identical players: how much is moving first worth",
        source: "Ayoub (2021), Table 1",
        settings: AYOUB_SETTINGS,
        reading: AYOUB_READING,
        tables: || ayoub_table("table1", "1", "Ayoub Table 1: move first (CPU 1 first)"),
    },
    Experiment {
        name: "ayoub-heuristics",
        title: "round robin of the four heuristics at depth 5",
        source: "Ayoub (2021), Tables 2-6",
        settings: AYOUB_SETTINGS,
        reading: AYOUB_READING,
        tables: || {
            ayoub_table(
                "tables2-5",
                "2-5",
                "Ayoub Tables 2-5: every ordered pair at depth 5",
            )
        },
    },
    Experiment {
        name: "ayoub-depth",
        title: "naive heuristic: win rate against search depth",
        source: "Ayoub (2021), Table 7",
        settings: AYOUB_SETTINGS,
        reading: AYOUB_READING,
        tables: || {
            ayoub_table(
                "table7",
                "7",
                "Ayoub Table 7: win rate vs search depth (opponent depth 3)",
            )
        },
    },
    Experiment {
        name: "ayoub-baseline",
        title: "depth 1 against depth 5, same heuristic",
        source: "Ayoub (2021), Table 8",
        settings: AYOUB_SETTINGS,
        reading: AYOUB_READING,
        tables: || ayoub_table("table8", "8", "Ayoub Table 8: baseline, depth 1 vs depth 5"),
    },
    Experiment {
        name: "ayoub-heuristic-vs-depth",
        title: "a strong heuristic shallow against a weak one deep",
        source: "Ayoub (2021), Table 9",
        settings: AYOUB_SETTINGS,
        reading: AYOUB_READING,
        tables: || {
            ayoub_table(
                "table9",
                "9",
                "Ayoub Table 9: naive at depths 1-5 vs center at depth 5",
            )
        },
    },
    Experiment {
        name: "win-scale",
        title: "Ayoub's round robin with his win value and with one above every heuristic value",
        source: "Ayoub (2021), Tables 2-5, rerun to ask why naive ranks first",
        settings: AYOUB_SETTINGS,
        reading: WIN_SCALE_READING,
        tables: win_scale,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_experiment_has_rows_and_valid_players() {
        for experiment in EXPERIMENTS {
            let tables = (experiment.tables)().unwrap();
            assert!(!tables.is_empty(), "{}", experiment.name);
            for table in &tables {
                assert!(!table.rows.is_empty(), "{} {}", experiment.name, table.id);
                for row in &table.rows {
                    for spec in [&row.a, &row.b] {
                        let text = spec.to_string();
                        assert_eq!(&PlayerSpec::parse(&text, 0).unwrap(), spec, "{text}");
                        spec.build().unwrap();
                    }
                    assert!(row.paper.games() > 0);
                }
            }
        }
        let rows: usize = EXPERIMENTS
            .iter()
            .flat_map(|e| (e.tables)().unwrap())
            .map(|t| t.rows.len())
            .sum();
        assert_eq!(
            rows,
            16 + 7 + 4 + 10 * 4 + 2 * (4 + 12 + 6 + 4 + 10) + 4 * 12
        );
    }
}
