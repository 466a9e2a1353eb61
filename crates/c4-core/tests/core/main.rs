//! The rules' integration tests, built as one test binary: the standard board and every other
//! size, each against a naive array board and published counts.

mod naive;
mod rules;
mod sizes;
