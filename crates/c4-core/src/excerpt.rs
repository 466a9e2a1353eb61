//! Input echoed in error messages, cut to a readable length.

/// Characters of input an error message echoes before cutting it.
pub const EXCERPT_CHARS: usize = 80;

/// `text` as an error message should echo it: whole up to [`EXCERPT_CHARS`] characters,
/// otherwise its start, an ellipsis and its full length.
#[must_use]
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => format!("{}... ({} characters)", &text[..end], text.chars().count()),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_whole_and_long_text_is_cut_on_a_character_boundary() {
        assert_eq!(excerpt("4453"), "4453");
        let long = "é".repeat(100);
        let cut = excerpt(&long);
        assert!(cut.starts_with(&"é".repeat(80)));
        assert!(cut.ends_with("... (100 characters)"), "{cut}");
    }
}
