//! c4-knowledge: Connect-4 knowledge in Victor Allis' sense (A Knowledge-based Approach of
//! Connect-Four, 1988): the groups each side can still complete, threats odd and even, who
//! controls the zugzwang, the nine strategic rules as typed applications, and their
//! combination into a proof that a person can follow.
//!
//! # Why the crate is shaped this way
//!
//! Search (c4-solver) gives a position's exact score; the rules give a reason. They need the
//! rules of the game and nothing else, so this crate depends on c4-core alone and sits below
//! the players, the API, the page and Python, which all show what it finds; nothing below it
//! knows it exists. It works on every board size through [`Position<AnySize>`], reading rows
//! by their distance from the top (see [`board`]), as c4-solver's static rules do.
//!
//! The pieces, by job: [`board`] (the position as the rules read it, sets of groups),
//! [`rules`] (the nine rules found as applications: squares used, groups refuted, replies),
//! [`combine`] (Allis' combination conditions and the search over them), [`verdict`] (who
//! proves what: the controller of the zugzwang at least draws when its rules refute every
//! group of the opponent; the other player wins with an odd threat and rules that refute
//! the rest; the side to move may first make one move), [`search`] (a proof-number search whose leaves
//! are the rules' verdicts, for positions the rules alone leave unclear) and [`words`] (a
//! verdict in plain words). Everything is a pure function of
//! the position; nothing allocates beyond the lists of applications, and every search is
//! bounded ([`combine::SEARCH_STEPS`]).
//!
//! A proof is sound: when the rules say a player at least draws or wins, perfect play agrees
//! (the tests check it against c4-solver on positions of many sizes). "Unclear" says only
//! that the rules found nothing.

pub mod board;
pub mod combine;
pub mod rules;
pub mod search;
pub mod verdict;
pub mod words;

pub use board::{Board, GroupSet};
pub use rules::{Application, RULES, Rule, RuleSet};
pub use search::{Found, Goal, SearchResult, proof_number_search};
pub use verdict::{
    Proof, ProofResult, RuleUse, Threats, Verdict, explain, explain_with, proving_move,
};

#[doc(no_inline)]
pub use c4_core::{AnySize, Position};
