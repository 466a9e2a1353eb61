//! `c4 play`: a person against the computer, turn by turn ([`Session`]), and the games file
//! a finished game is saved to ([`Saver`]).

mod save;
mod session;

pub use save::{Saver, Seats};
pub use session::{Session, banner, keys};
