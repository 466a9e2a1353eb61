//! The books' integration tests, built as one test binary: each module is one subject.

mod book_properties;
mod book_sizes;
mod opening_book;
mod solver_limits;
mod strong_solution;
