//! A solve under limits: what it proves before it gives up.

use c4_books::OpeningBook;
use c4_core::Position;
use c4_solver::{SolveLimits, Solver};

/// A solve that gives up still says which columns it proved worse, so the search that decides
/// instead leaves them out. 541144456 is a ply-9 win the book knows, and only its last column
/// in the order of preference (7) wins: at every node limit short of the whole proof, the
/// columns reported worse are all draws, and some limits report several.
#[test]
fn a_solve_that_gives_up_reports_only_columns_that_are_worse() {
    let position: Position = "541144456".parse().expect("a valid position");
    let mut solver = Solver::new(20);
    solver.set_book(Some(OpeningBook::builtin()));
    let (scores, _) = solver
        .analyze(&position, false, SolveLimits::default())
        .expect("an unlimited analysis finishes");
    let best = scores
        .iter()
        .flatten()
        .copied()
        .max()
        .expect("seven columns");
    assert_eq!(
        scores.iter().filter(|&&s| s == Some(best)).count(),
        1,
        "{scores:?}"
    );
    let mut most_left_out = 0;
    for nodes in [1_000, 30_000, 300_000, 3_000_000, 30_000_000] {
        solver.reset();
        let limits = SolveLimits {
            nodes: Some(nodes),
            time: None,
        };
        match solver.best_move_or_worse(&position, limits) {
            Ok((column, score, _)) => {
                assert_eq!((scores[column.index()], score), (Some(best), best));
            }
            Err(gave_up) => {
                for column in &gave_up.worse {
                    assert!(
                        scores[column.index()] < Some(best),
                        "{nodes} nodes: {column}"
                    );
                }
                most_left_out = most_left_out.max(gave_up.worse.len());
            }
        }
    }
    assert!(
        most_left_out >= 2,
        "at most {most_left_out} columns proven worse"
    );
}
