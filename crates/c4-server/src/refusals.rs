//! JSON bodies for the requests the HTTP layer refuses before any handler sees them.
//!
//! hyper answers a request it cannot parse (a URI over its limit: 414, headers over its
//! limit: 431, anything else malformed: 400) itself, with an empty body, and offers no hook
//! to shape that answer. Every other answer of the API carries `{"error": ...}`, so
//! [`JsonRefusals`] wraps a connection's socket and gives those answers the same body: hyper
//! writes each as one head, `HTTP/1.1 4xx ...` with `content-length: 0` and no
//! `content-type` (the application's answers always have one), and the wrapper writes that
//! head with the content length of a JSON body, then the body.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A connection whose HTTP-layer refusals get a JSON body.
pub(crate) struct JsonRefusals<S> {
    inner: S,
    /// A rewritten answer still to be written, from `written` on.
    pending: Vec<u8>,
    written: usize,
}

impl<S> JsonRefusals<S> {
    pub(crate) fn new(inner: S) -> JsonRefusals<S> {
        JsonRefusals {
            inner,
            pending: Vec::new(),
            written: 0,
        }
    }
}

/// What each refusal says, by status.
fn reason(status: &str) -> &'static str {
    match status {
        "414" => "the request's URI is too long",
        "431" => "the request's headers are too large",
        "413" => "the request body is too large",
        "408" => "the request did not arrive in time",
        _ => "the request is not valid HTTP/1.1",
    }
}

/// `head` (a whole answer head, blank line included) with a JSON error body, if it is one
/// of hyper's own refusals.
fn with_json_body(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let status = text.strip_prefix("HTTP/1.1 4")?.get(..2)?;
    let status = format!("4{status}");
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
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for JsonRefusals<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.poll_pending(cx))?;
        if let Some(rewritten) = with_json_body(buf) {
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
    fn a_refusal_of_hyper_gets_a_json_body_and_an_answer_of_the_app_does_not() {
        let refusal = b"HTTP/1.1 414 URI Too Long\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let rewritten = String::from_utf8(with_json_body(refusal).unwrap()).unwrap();
        let (head, body) = rewritten.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{head}");
        assert!(head.contains("content-type: application/json"), "{head}");
        assert!(
            head.contains(&format!("content-length: {}", body.len())),
            "{head}"
        );
        assert_eq!(body, r#"{"error":"the request's URI is too long"}"#);
        let app = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(with_json_body(app), None);
        let ok = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(with_json_body(ok), None);
    }
}
