//! Tests of datasets on other boards than 7x6: the board recorded in samples and work logs,
//! the labels against an independent minimax, the pool's players, and the 7x6 format kept.

use super::*;
use c4_core::AnySize;
use c4_eval::SupportedSizes;
use c4_players::PlayerSpec;
use std::collections::HashMap;

struct Silent;

impl BuildProgress for Silent {
    fn game_done(&self, _game: u64, _positions: usize) {}
    fn warn(&self, _message: &str) {}
}

fn size(text: &str) -> Size {
    text.parse().expect("a size of Tromp's table")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-dataset-size-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn spec_on(board: Size, positions: usize, plies: RangeInclusive<u32>) -> DatasetSpec {
    DatasetSpec {
        positions,
        plies,
        per_game: 3,
        valid_percent: 20,
        seed: 3,
        source: Source::Generated,
        size: board,
        exclude: Vec::new(),
    }
}

/// Exact scores by plain memoised minimax on a grid of cells, sharing nothing with the
/// solver: a win scores (cells + 1 - discs before the winning move) / 2 for its winner.
struct Minimax {
    width: usize,
    height: usize,
    known: HashMap<Vec<u8>, i32>,
}

impl Minimax {
    fn new(board: Size) -> Minimax {
        Minimax {
            width: board.width(),
            height: board.height(),
            known: HashMap::new(),
        }
    }

    /// The grid (column-major, 0 empty, 1 and 2 the players) after `moves` (digits from 1).
    fn grid(&self, moves: &str) -> Vec<u8> {
        let mut grid = vec![0; self.width * self.height];
        for (ply, c) in moves.bytes().enumerate() {
            let column = usize::from(c - b'1');
            let row = self.stack(&grid, column);
            grid[column * self.height + row] = 1 + (ply % 2) as u8;
        }
        grid
    }

    fn stack(&self, grid: &[u8], column: usize) -> usize {
        (0..self.height)
            .take_while(|&row| grid[column * self.height + row] != 0)
            .count()
    }

    /// Whether the disc at `column`, `row` is in four of its colour.
    fn makes_four(&self, grid: &[u8], column: usize, row: usize) -> bool {
        let colour = grid[column * self.height + row];
        let at = |c: isize, r: isize| {
            c >= 0
                && r >= 0
                && (c as usize) < self.width
                && (r as usize) < self.height
                && grid[c as usize * self.height + r as usize] == colour
        };
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
            let count = |sign: isize| {
                (1..4)
                    .take_while(|&k| {
                        at(
                            column as isize + sign * k * dc,
                            row as isize + sign * k * dr,
                        )
                    })
                    .count()
            };
            1 + count(1) + count(-1) >= 4
        })
    }

    /// The score of playing `column` for the side to move in `grid` after `discs` discs.
    fn column_score(&mut self, grid: &[u8], discs: usize, column: usize) -> i32 {
        let row = self.stack(grid, column);
        let mut child = grid.to_vec();
        child[column * self.height + row] = 1 + (discs % 2) as u8;
        let cells = self.width * self.height;
        if self.makes_four(&child, column, row) {
            (cells as i32 + 1 - discs as i32) / 2
        } else if discs + 1 == cells {
            0
        } else {
            -self.score(&child, discs + 1)
        }
    }

    /// The score for the side to move.
    fn score(&mut self, grid: &[u8], discs: usize) -> i32 {
        if let Some(&score) = self.known.get(grid) {
            return score;
        }
        let open: Vec<usize> = (0..self.width)
            .filter(|&column| self.stack(grid, column) < self.height)
            .collect();
        let best = open
            .into_iter()
            .map(|column| self.column_score(grid, discs, column))
            .max()
            .expect("a position in play has a move");
        self.known.insert(grid.to_vec(), best);
        best
    }

    /// The score of each column, `None` for a full one.
    fn columns(&mut self, moves: &str) -> Vec<Option<i32>> {
        let grid = self.grid(moves);
        (0..self.width)
            .map(|column| {
                (self.stack(&grid, column) < self.height)
                    .then(|| self.column_score(&grid, moves.len(), column))
            })
            .collect()
    }
}

#[test]
fn small_boards_record_their_size_and_are_labelled_as_minimax_scores_them() {
    for (board, positions) in [("4x4", 24), ("5x4", 30)] {
        let board = size(board);
        let dir = scratch(&board.to_string());
        let spec = spec_on(board, positions, 2..=14);
        let samples = build(&spec, &dir.join("work"), 16, None, &Silent).unwrap();
        assert_eq!(samples.len(), positions, "{board}");
        let mut minimax = Minimax::new(board);
        for sample in &samples {
            assert_eq!(sample.size(), board);
            assert_eq!(sample.columns.len(), board.width(), "{sample:?}");
            let position = sample.position_in(AnySize::new(board)).unwrap();
            assert!(spec.plies.contains(&position.moves_played()));
            assert!(
                sample
                    .moves
                    .bytes()
                    .all(|c| (b'1'..=b'0' + board.width() as u8).contains(&c)),
                "{sample:?}"
            );
            let expected = minimax.columns(&sample.moves);
            let labelled: Vec<Option<i32>> = sample
                .columns
                .iter()
                .map(|c| c.map(ExactScore::value))
                .collect();
            assert_eq!(labelled, expected, "{board} {}", sample.moves);
            assert_eq!(
                Some(sample.score.value()),
                expected.into_iter().flatten().max()
            );
        }
        // Written and read back as they were, each line naming its board.
        let file = dir.join("data.jsonl");
        write(&file, &samples).unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            text.lines()
                .all(|line| line.starts_with(&format!("{{\"size\":\"{board}\",\"moves\":"))),
            "{text}"
        );
        assert_eq!(read(&file).unwrap(), samples);
        assert_eq!(board_of(&samples), board);
        let error = check_standard(&samples, "a texel fit")
            .unwrap_err()
            .to_string();
        assert!(error.contains(&format!("of the {board} board")), "{error}");
        assert!(error.contains("of the 7x6 board only"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

fn board_of(samples: &[Sample]) -> Size {
    super::board(samples)
}

#[test]
fn the_7x6_format_and_header_are_unchanged_and_other_boards_name_theirs() {
    let standard = Sample {
        size: Size::STANDARD,
        moves: "4453".to_owned(),
        score: ExactScore::new(1).unwrap(),
        columns: [-1, 0, 0, 1, 0, 0, -1].map(ExactScore::new).to_vec(),
        game: 0,
        split: Split::Train,
    };
    let line = r#"{"moves":"4453","score":1,"columns":[-1,0,0,1,0,0,-1],"game":0,"split":"train"}"#;
    assert_eq!(serde_json::to_string(&standard).unwrap(), line);
    assert_eq!(serde_json::from_str::<Sample>(line).unwrap(), standard);
    let spec = spec_on(Size::STANDARD, 10, 4..=30);
    assert_eq!(
        spec.header(),
        "c4-dataset-work 1 seed=3 plies=4-30 per-game=3 valid=20% source=generated"
    );
    let small = spec_on(size("6x5"), 10, 4..=20);
    assert_eq!(
        small.header(),
        "c4-dataset-work 1 size=6x5 seed=3 plies=4-20 per-game=3 valid=20% source=generated"
    );
}

#[test]
fn bad_samples_are_refused_naming_the_board() {
    let cases = [
        (
            r#"{"size":"5x4","moves":"16","score":0,"columns":[0,0,0,0,0],"game":0,"split":"train"}"#,
            "5x4",
        ),
        (
            r#"{"size":"5x4","moves":"13","score":0,"columns":[0,0,0,0,0,0,0],"game":0,"split":"train"}"#,
            "7 column scores on the 5x4 board, 5 wide",
        ),
    ];
    for (line, reason) in cases {
        let error = parse(line, "data").unwrap_err().to_string();
        assert!(error.starts_with("data: line 1: "), "{error}");
        assert!(error.contains(reason), "{error}");
    }
    // The reason is typed, its cause kept.
    let error = parse(cases[1].0, "data").unwrap_err();
    assert!(
        matches!(
            error,
            DatasetError::LineSample {
                line: 1,
                source: crate::SampleError::Columns { found: 7, .. },
                ..
            }
        ),
        "{error:?}"
    );
    let small =
        r#"{"size":"5x4","moves":"13","score":0,"columns":[0,0,0,0,0],"game":0,"split":"train"}"#;
    let standard = r#"{"moves":"13","score":0,"columns":[0,0,0,0,0,0,0],"game":1,"split":"train"}"#;
    let error = parse(&format!("{small}\n{standard}\n"), "data")
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("line 2 is a position of the 7x6 board, the lines before it of the 5x4"),
        "{error}"
    );
    let sample = &parse(small, "data").unwrap()[0];
    let error = sample.position().unwrap_err().to_string();
    assert!(
        error.contains("a position of the 5x4 board, read as one of the 7x6 board"),
        "{error}"
    );
}

#[test]
fn the_pool_on_other_boards_is_size_general_and_a_bound_player_is_refused() {
    assert_eq!(player_pool(Size::STANDARD), PLAYER_POOL);
    let general = |text: &str| {
        let spec = PlayerSpec::parse(text, 0).unwrap();
        spec.eval()
            .is_none_or(|e| e.supported_sizes() == SupportedSizes::Any)
    };
    for text in PLAYER_POOL {
        let substitute = POOL_SUBSTITUTES.iter().find(|(bound, _)| *bound == text);
        match substitute {
            Some((_, other)) => assert!(!general(text) && general(other), "{text}"),
            None => assert!(general(text), "{text} is bound to 7x6 with no substitute"),
        }
    }
    for board in ["4x4", "5x4", "6x5", "12x4", "4x15"] {
        let board = size(board);
        assert_eq!(Source::Generated.check_players(board).unwrap().len(), 8);
        assert!(!player_pool(board).iter().any(|p| p.contains("kang")));
    }
    let bound = Source::Players(vec!["alphabeta:depth=2,eval=kang".to_owned()]);
    let error = bound.check_players(size("5x4")).unwrap_err().to_string();
    assert!(error.contains("5x4") && error.contains("7x6"), "{error}");
}

#[test]
fn a_work_log_of_another_board_is_refused_naming_both() {
    let dir = scratch("resume");
    let work = dir.join("work");
    let small = spec_on(size("5x4"), 4, 2..=10);
    build(&small, &work, 16, None, &Silent).unwrap();
    for other in [Size::STANDARD, size("6x5")] {
        let asked = DatasetSpec {
            size: other,
            ..small.clone()
        };
        let Err(error) = DatasetWork::open(&asked, &work) else {
            panic!("a 5x4 log resumed on {other}");
        };
        let error = error.to_string();
        assert!(
            error.contains(&format!("a build on the 5x4 board, not {other}")),
            "{error}"
        );
    }
    let mut solver = Solver::new(16);
    let error = label_game(&small, &mut solver, 0, None).unwrap_err();
    assert!(matches!(error, DatasetError::SolverSize { .. }), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_share_labelled_elsewhere_is_the_build_s_own_games() {
    let small = spec_on(size("6x5"), 10, 4..=20);
    let games = [3, 0, 5];
    let shared = label_games(&small, &games, None, 16, None).unwrap();
    let mut solver = Solver::new_in(16, AnySize::new(size("6x5")));
    for (work, &index) in shared.iter().zip(&games) {
        let alone = label_game(&small, &mut solver, index, None).unwrap();
        assert_eq!(work.game, index);
        assert_eq!(
            serde_json::to_string(work).unwrap(),
            serde_json::to_string(&alone).unwrap()
        );
    }
    // Recorded games: one per index, each read on the build's board (5 rows here).
    let recorded = ["3344".to_owned(), "111111".to_owned()];
    let error = label_games(&small, &games, Some(&recorded), 16, None).unwrap_err();
    assert!(
        matches!(error, DatasetError::RecordedCount { .. }),
        "{error}"
    );
    let error = label_games(&small, &[0, 1], Some(&recorded), 16, None).unwrap_err();
    assert!(
        error.to_string().starts_with("a recorded game 111111: "),
        "{error}"
    );
}
