//! `--size WxH`, the board of the commands that play, show and judge positions, and the
//! reading of a position's moves on it.

use anyhow::{Context, Result, bail};
use c4_core::{Game, Geometry, Size, excerpt};

/// The board's size: 7x6 unless `--size` says otherwise.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct SizeArg {
    /// The board: WIDTHxHEIGHT, every W and H of at least 4 with W x (H+1) at most 64 (4x4 up
    /// to 12x4 and 4x15) [default: 7x6, or a file's own]. Columns are typed 1-9 on boards up
    /// to 9 wide, a-l on any.
    #[arg(long = "size", value_name = "WxH")]
    pub asked: Option<Size>,
}

impl SizeArg {
    /// The board asked for: 7x6 by default.
    pub fn size(self) -> Size {
        self.asked.unwrap_or_default()
    }

    /// The board of `what` (a games file, a run), made on `found`: a `--size` that is
    /// another board is refused, naming both.
    pub fn of_file(self, found: Size, what: &str) -> Result<Size> {
        match self.asked {
            Some(asked) if asked != found => {
                bail!("--size {asked}: {what} is of the {found} board, not {asked}")
            }
            _ => Ok(found),
        }
    }
}

/// The game of `moves` (digits or letters from the empty board) on a board of `geometry`;
/// an error says the moves and, off 7x6, the size they do not fit.
pub fn parse_game_in<G: Geometry>(moves: &str, geometry: G) -> Result<Game<G>> {
    let size = geometry.size();
    Game::from_moves_in(moves, geometry).with_context(|| {
        if size.is_standard() {
            format!("invalid position {:?}", excerpt(moves))
        } else {
            format!("invalid position {:?} on the {size} board", excerpt(moves))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::AnySize;

    #[test]
    fn moves_off_the_board_name_the_size() {
        let small = AnySize::new("5x4".parse().unwrap());
        let error = format!("{:#}", parse_game_in("16", small).unwrap_err());
        assert!(error.contains("on the 5x4 board"), "{error}");
        assert_eq!(parse_game_in("15", small).unwrap().moves().len(), 2);
    }

    #[test]
    fn a_file_keeps_its_board_unless_another_is_asked_for() {
        let small: Size = "5x4".parse().unwrap();
        let unasked = SizeArg { asked: None };
        assert_eq!(unasked.size(), Size::STANDARD);
        assert_eq!(unasked.of_file(small, "game 0 of g").unwrap(), small);
        let asked = SizeArg {
            asked: Some(Size::STANDARD),
        };
        let error = asked.of_file(small, "game 0 of g").unwrap_err().to_string();
        assert_eq!(
            error,
            "--size 7x6: game 0 of g is of the 5x4 board, not 7x6"
        );
    }
}
