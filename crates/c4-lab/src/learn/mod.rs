//! Learning an evaluation from games: an n-tuple network (`c4_engine::eval::ntuple`)
//! trained by temporal-difference self-play ([`td`]).

pub mod td;
