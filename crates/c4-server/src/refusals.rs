//! JSON bodies for the requests the HTTP layer refuses before any handler sees them.
//!
//! hyper answers a request it cannot parse (a URI over its limit: 414, headers over its
//! limit: 431, anything else malformed: 400) itself, with an empty body, and offers no hook
//! to shape that answer. Every other answer of the API carries `{"error": ...}`, so
//! [`JsonRefusals`] wraps a connection's socket and gives those answers the same body: hyper
//! writes each as one head, `HTTP/1.1 4xx ...` with `content-length: 0` and no
//! `content-type` (the application's answers always have one), and the wrapper writes that
//! head with the content length of a JSON body, then the body.
//!
//! hyper also refuses a `Content-Length` it cannot count (over `u64::MAX - 2`: 431, past
//! `u64::MAX`: 400) before the body limit is looked at. Such a request asks for a body over
//! the limit like any other, so the wrapper watches the heads it reads for a declared length
//! past [`LARGEST_LENGTH`] and answers that refusal `413`, the body limit's status.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The largest `Content-Length` hyper counts (its `MAX_LEN`); a larger one it refuses.
pub(crate) const LARGEST_LENGTH: u128 = u64::MAX as u128 - 2;

/// A connection whose HTTP-layer refusals get a JSON body.
pub(crate) struct JsonRefusals<S> {
    inner: S,
    /// A rewritten answer still to be written, from `written` on.
    pending: Vec<u8>,
    written: usize,
    /// Watches the bytes read for a `Content-Length` past [`LARGEST_LENGTH`].
    lengths: LengthScan,
}

impl<S> JsonRefusals<S> {
    pub(crate) fn new(inner: S) -> JsonRefusals<S> {
        JsonRefusals {
            inner,
            pending: Vec::new(),
            written: 0,
            lengths: LengthScan::default(),
        }
    }
}

/// Finds a `Content-Length` header past [`LARGEST_LENGTH`] in a byte stream read in pieces
/// of any size, keeping no bytes: a header's name is matched a byte at a time (from a line
/// start, in any case), then its digits are counted (saturating).
#[derive(Debug, Default)]
struct LengthScan {
    state: ScanState,
    /// Whether such a header was seen on this connection.
    found: bool,
}

#[derive(Debug, Default, Clone, Copy)]
enum ScanState {
    /// Nothing of [`LENGTH_HEADER`] matched.
    #[default]
    Start,
    /// This many bytes of [`LENGTH_HEADER`] matched.
    Name(usize),
    /// After the colon, before the digits.
    Blank,
    /// The value's digits so far.
    Digits(u128),
}

/// What a line with the header starts with (the newline ending the line before included).
const LENGTH_HEADER: &[u8] = b"\ncontent-length:";

impl LengthScan {
    fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.state = match self.state {
                ScanState::Digits(value) if byte.is_ascii_digit() => ScanState::Digits(
                    value
                        .saturating_mul(10)
                        .saturating_add(u128::from(byte - b'0')),
                ),
                ScanState::Digits(value) => {
                    self.found |= value > LARGEST_LENGTH;
                    Self::matching(0, byte)
                }
                ScanState::Blank if byte == b' ' || byte == b'\t' => ScanState::Blank,
                ScanState::Blank if byte.is_ascii_digit() => {
                    ScanState::Digits(u128::from(byte - b'0'))
                }
                ScanState::Blank | ScanState::Start => Self::matching(0, byte),
                ScanState::Name(matched) => Self::matching(matched, byte),
            };
        }
    }

    /// The state after `byte` with `matched` bytes of the header's name matched.
    fn matching(matched: usize, byte: u8) -> ScanState {
        if byte.to_ascii_lowercase() == LENGTH_HEADER[matched] {
            if matched + 1 == LENGTH_HEADER.len() {
                ScanState::Blank
            } else {
                ScanState::Name(matched + 1)
            }
        } else if byte == b'\n' {
            ScanState::Name(1)
        } else {
            ScanState::Start
        }
    }
}

/// What each refusal says, by status.
fn reason(status: &str) -> String {
    if status == "413" {
        return format!(
            "the request body is over the limit of {} bytes",
            crate::MAX_BODY_BYTES
        );
    }
    match status {
        "414" => "the request's URI is too long",
        "431" => "the request's headers are too large",
        "408" => "the request did not arrive in time",
        _ => "the request is not valid HTTP/1.1",
    }
    .to_owned()
}

/// The head of the answer to a request declaring a body no 64-bit count holds.
const TOO_LARGE_LINE: &str = "HTTP/1.1 413 Payload Too Large";

/// `head` (a whole answer head, blank line included) with a JSON error body, if it is one
/// of hyper's own refusals; `413` in place of `431` or `400` when the request declared a
/// body length past [`LARGEST_LENGTH`].
fn with_json_body(head: &[u8], declared_too_large: bool) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let mut status = format!("4{}", text.strip_prefix("HTTP/1.1 4")?.get(..2)?);
    let mut text = text.to_owned();
    if declared_too_large && (status == "431" || status == "400") {
        let line_end = text.find("\r\n")?;
        text.replace_range(..line_end, TOO_LARGE_LINE);
        status = "413".to_owned();
    }
    let lower = text.to_ascii_lowercase();
    if !lower.ends_with("\r\n\r\n")
        || !lower.contains("\r\ncontent-length: 0\r\n")
        || lower.contains("\r\ncontent-type:")
    {
        return None;
    }
    let body = serde_json::json!({ "error": reason(&status) }).to_string();
    let start = lower.find("\r\ncontent-length: 0\r\n")?;
    let end = start + "\r\ncontent-length: 0".len();
    let mut rewritten = String::with_capacity(text.len() + body.len() + 40);
    rewritten.push_str(&text[..start]);
    rewritten.push_str("\r\ncontent-type: application/json");
    rewritten.push_str(&format!("\r\ncontent-length: {}", body.len()));
    rewritten.push_str(&text[end..]);
    rewritten.push_str(&body);
    Some(rewritten.into_bytes())
}

impl<S: AsyncWrite + Unpin> JsonRefusals<S> {
    /// Writes what is pending of a rewritten answer.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n =
                ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        self.pending.clear();
        self.written = 0;
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for JsonRefusals<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        ready!(Pin::new(&mut self.inner).poll_read(cx, buf))?;
        let this = &mut *self;
        this.lengths.feed(&buf.filled()[before..]);
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for JsonRefusals<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.poll_pending(cx))?;
        if let Some(rewritten) = with_json_body(buf, self.lengths.found) {
            self.pending = rewritten;
            // The bytes are taken; what is pending is written here or by the next flush.
            if let Poll::Ready(Err(e)) = self.poll_pending(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_length_no_64_bit_count_holds_is_found_in_pieces_of_any_size() {
        let huge = b"POST / HTTP/1.1\r\nHost: x\r\nCONTENT-LENGTH:  18446744073709551615\r\n\r\n";
        for piece in [1, 3, huge.len()] {
            let mut scan = LengthScan::default();
            huge.chunks(piece).for_each(|chunk| scan.feed(chunk));
            assert!(scan.found, "pieces of {piece}");
        }
        for fine in [
            &b"POST / HTTP/1.1\r\nContent-Length: 18446744073709551613\r\n\r\n"[..],
            b"POST / HTTP/1.1\r\nX-Content-Length: 99999999999999999999\r\n\r\n",
        ] {
            let mut scan = LengthScan::default();
            scan.feed(fine);
            assert!(!scan.found, "{}", String::from_utf8_lossy(fine));
        }
        let refusal = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n";
        let rewritten = String::from_utf8(with_json_body(refusal, true).unwrap()).unwrap();
        assert!(
            rewritten.starts_with("HTTP/1.1 413 Payload Too Large\r\n"),
            "{rewritten}"
        );
        assert!(rewritten.ends_with("16384 bytes\"}"), "{rewritten}");
    }

    #[test]
    fn a_refusal_of_hyper_gets_a_json_body_and_an_answer_of_the_app_does_not() {
        let refusal = b"HTTP/1.1 414 URI Too Long\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let rewritten = String::from_utf8(with_json_body(refusal, false).unwrap()).unwrap();
        let (head, body) = rewritten.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{head}");
        assert!(head.contains("content-type: application/json"), "{head}");
        assert!(
            head.contains(&format!("content-length: {}", body.len())),
            "{head}"
        );
        assert_eq!(body, r#"{"error":"the request's URI is too long"}"#);
        let app = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(with_json_body(app, false), None);
        let ok = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(with_json_body(ok, false), None);
    }
}
