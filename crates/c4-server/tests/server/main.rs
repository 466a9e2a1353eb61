//! The server's integration tests, built as one test binary (one link of the server and its
//! HTTP stack instead of one per file): each module is one subject.

mod api;
mod api_docs;
mod bodies;
mod browser;
mod browser_fit;
mod browser_support;
mod cases;
mod explain_panel;
mod file_options;
mod hint;
mod limits;
mod load;
mod one_voice;
mod palette;
mod records_wide;
mod shutdown;
mod static_site;
mod static_site_numbers;
mod static_site_speed;
mod support;
