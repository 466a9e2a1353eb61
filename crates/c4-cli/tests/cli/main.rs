//! The `c4` program's integration tests, built as one test binary (one link instead of one
//! per file): each module is one subject, and most run `c4` itself.

mod arena_sizes;
mod bench;
mod book;
mod book_layer;
mod book_verify;
mod dataset;
mod docs_commands;
mod echo;
mod experiments;
mod first_hour;
mod hardening;
mod issue_47;
mod learn;
mod line_commands;
mod output;
mod play;
mod play_and_watch;
mod positions;
mod readme;
mod records_sizes;
mod resume;
mod review;
mod review_run;
mod review_sizes;
mod runs;
mod serve;
mod shipped_network;
mod sizes;
mod solve;
mod solve_scores;
mod support;
mod terminal_words;
mod tune;
mod verify;
mod wide_records;
