//! Every experiment `c4 experiment` runs from a paper's tables of pairings, in list order.

use super::ayoub_tables::{ayoub_table, win_scale};
use super::commentary::{
    AYOUB_READING, AYOUB_SETTINGS, KANG_READING, KANG_READINGS_READING, KANG_READINGS_SETTINGS,
    KANG_SETTINGS, WIN_SCALE_READING,
};
use super::kang_tables::{kang_depth, kang_features, kang_h1_vs_h2, kang_readings};
use super::pairing::Experiment;

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
    use c4_players::PlayerSpec;

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
