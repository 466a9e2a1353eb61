//! Input lines of the line-oriented commands (`c4 solve`, `c4 engine`): read one at a time
//! with a bound on what is kept, so that a huge line costs no memory and the lines after it
//! are still answered.

use std::io::{self, BufRead};

/// Longest line kept (a game has at most 42 moves; a scored line is a little longer).
pub const MAX_LINE: usize = 256;

/// One input line.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line, without its line ending.
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (its length); its bytes were skipped.
    TooLong(usize),
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Why an input line is refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// Longer than [`MAX_LINE`] bytes (its length).
    #[error("the line is {0} bytes long; the limit is {MAX_LINE}")]
    TooLong(usize),
    /// Not UTF-8.
    #[error("the line is not valid UTF-8")]
    NotUtf8,
}

impl Line {
    /// The line's text, or why it is refused.
    pub fn text(&self) -> Result<&str, LineError> {
        match self {
            Line::Text(text) => Ok(text),
            Line::TooLong(length) => Err(LineError::TooLong(*length)),
            Line::NotUtf8 => Err(LineError::NotUtf8),
        }
    }
}

/// The next line of `input`, or `None` at the end.
pub fn next_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut length = 0usize;
    let mut read_any = false;
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, ends) = match available.iter().position(|&b| b == b'\n') {
            Some(end) => (&available[..end], true),
            None => (available, false),
        };
        length += chunk.len();
        if kept.len() <= MAX_LINE {
            let room = MAX_LINE + 1 - kept.len();
            kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        }
        let used = chunk.len() + usize::from(ends);
        input.consume(used);
        if ends {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if kept.last() == Some(&b'\r') && length <= MAX_LINE + 1 {
        kept.pop();
        length -= 1;
    }
    if length > MAX_LINE {
        return Ok(Some(Line::TooLong(length)));
    }
    Ok(Some(match String::from_utf8(kept) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotUtf8,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_input_splits_into_bounded_lines(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
            let mut reader = io::BufReader::with_capacity(7, &bytes[..]);
            let mut count = 0;
            while let Some(line) = next_line(&mut reader).unwrap() {
                if let Line::Text(text) = &line {
                    prop_assert!(text.len() <= MAX_LINE);
                    prop_assert!(!text.contains('\n'));
                }
                count += 1;
            }
            let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
            let expected = newlines + usize::from(!bytes.is_empty() && bytes.last() != Some(&b'\n'));
            prop_assert_eq!(count, expected);
        }
    }

    fn all(input: &[u8]) -> Vec<Line> {
        let mut reader = io::BufReader::with_capacity(16, input);
        std::iter::from_fn(|| next_line(&mut reader).unwrap()).collect()
    }

    #[test]
    fn lines_are_split_and_bounded() {
        let mut input = b"4453\r\n\n".to_vec();
        input.extend(std::iter::repeat_n(b'4', 10_000));
        input.extend(b"\n\xff\xfe\n7");
        assert_eq!(
            all(&input),
            [
                Line::Text("4453".into()),
                Line::Text(String::new()),
                Line::TooLong(10_000),
                Line::NotUtf8,
                Line::Text("7".into()),
            ]
        );
        assert!(all(b"").is_empty());
    }
}
