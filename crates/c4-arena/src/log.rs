//! The append-only line log that makes long runs resumable: game records, book builds'
//! partial scores, verified scores and accuracy decisions.
//!
//! Each entry is one line, written with its newline in a single write and flushed, so an
//! interruption loses at most the line being written. One policy for reading it back:
//!
//! - the last line, if it does not parse, was cut short by the interruption: it is dropped with
//!   a warning and cut from the file before anything is appended (a log only read names it as
//!   any other line, or leaves it out while another process is still writing it);
//! - a complete last entry without its newline is kept, and the newline is added;
//! - a line elsewhere that does not parse is an error naming the line: the file is not ours to
//!   repair;
//! - blank lines are skipped;
//! - a log may start with a header line naming what it holds; a file under another header is
//!   refused, so that two kinds of run never mix in one file.

use c4_core::excerpt;
use c4_solver::files::{self, FileError};
use std::fmt::Display;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Why a log could not be read or opened.
#[derive(Debug)]
pub enum LogError {
    /// The file system refused.
    Io {
        /// The log.
        path: PathBuf,
        /// What was being done.
        doing: &'static str,
        /// The error.
        source: std::io::Error,
    },
    /// The file starts with another header.
    Header {
        /// The log.
        path: PathBuf,
        /// Its first line (shortened).
        found: String,
        /// The header expected.
        expected: String,
    },
    /// A line before the last does not parse.
    Line {
        /// The log.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// Why it does not parse.
        message: String,
    },
    /// A line of a log read as finished (nothing is appended to it) does not parse.
    Unparsed {
        /// The log.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// Why it does not parse.
        message: String,
    },
    /// Its lines parse but do not make sense together (say, one entry written twice).
    Content {
        /// The log.
        path: PathBuf,
        /// What is wrong, naming the lines.
        message: String,
    },
    /// It is not a regular file, or larger than any log.
    File(FileError),
}

/// The largest log read: millions of games with every move's statistics.
pub const MAX_LOG_BYTES: u64 = 16 << 30;

impl Display for LogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LogError::Io {
                path,
                doing,
                source,
            } => write!(f, "{doing} {}: {source}", path.display()),
            LogError::Header {
                path,
                found,
                expected,
            } => write!(
                f,
                "{} was written for something else (it starts {found:?}, not {expected:?}): \
                 choose another file",
                path.display()
            ),
            LogError::Line {
                path,
                line,
                message,
            } => write!(
                f,
                "{}: line {line} is damaged ({message}): remove it, then resume",
                path.display()
            ),
            LogError::Unparsed {
                path,
                line,
                message,
            } => write!(
                f,
                "{}: line {line} does not parse ({message}): correct it",
                path.display()
            ),
            LogError::Content { path, message } => write!(f, "{}: {message}", path.display()),
            LogError::File(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for LogError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LogError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// One entry read back, with the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<T> {
    /// 1-based line number in the file.
    pub line: usize,
    /// The parsed entry.
    pub value: T,
}

/// What reading a log found.
#[derive(Debug)]
pub struct Contents<T> {
    /// The complete entries, in file order.
    pub entries: Vec<Entry<T>>,
    /// Warnings for the user (a dropped line cut short).
    pub warnings: Vec<String>,
    /// Bytes of the file that hold the header and the complete entries.
    complete_bytes: u64,
}

impl<T> Default for Contents<T> {
    fn default() -> Self {
        Contents {
            entries: Vec::new(),
            warnings: Vec::new(),
            complete_bytes: 0,
        }
    }
}

/// Where a log read back ends: what [`AppendLog::open`] keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResumePoint(u64);

impl<T> Contents<T> {
    /// Where its complete entries end.
    #[must_use]
    pub fn resume_point(&self) -> ResumePoint {
        ResumePoint(self.complete_bytes)
    }

    /// The entries without their line numbers.
    #[must_use]
    pub fn into_values(self) -> Vec<T> {
        self.entries.into_iter().map(|e| e.value).collect()
    }
}

/// A log open for appending.
#[derive(Debug)]
pub struct AppendLog {
    path: PathBuf,
    file: File,
}

/// What a last line that does not parse is taken for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LastLine {
    /// A line cut short by an interruption, dropped to be written again.
    MayBeCut,
    /// An error like any other line's: the log is read as finished.
    MustParse,
    /// A line another process is still writing, left out: the log is read, not continued,
    /// while its writer goes on.
    BeingWritten,
}

impl AppendLog {
    /// Reads the log at `path` (a missing or empty file holds nothing), each line through
    /// `parse`, under the policy of the module's documentation. With a `header`, the first
    /// line must be it.
    pub fn read<T, E: Display>(
        path: &Path,
        header: Option<&str>,
        parse: impl FnMut(&str) -> Result<T, E>,
    ) -> Result<Contents<T>, LogError> {
        AppendLog::read_with(path, header, parse, LastLine::MayBeCut)
    }

    /// Reads the log at `path` as finished, to be read and not continued: as [`read`], but
    /// a line that does not parse is an error wherever it is, the last included
    /// ([`LogError::Unparsed`]).
    ///
    /// [`read`]: AppendLog::read
    pub fn read_finished<T, E: Display>(
        path: &Path,
        header: Option<&str>,
        parse: impl FnMut(&str) -> Result<T, E>,
    ) -> Result<Contents<T>, LogError> {
        AppendLog::read_with(path, header, parse, LastLine::MustParse)
    }

    /// Reads the log at `path` while another process appends to it, to be read and not
    /// continued: as [`read`], but a last line that does not parse is left out as one its
    /// writer has not finished (the file is not touched).
    ///
    /// [`read`]: AppendLog::read
    pub fn read_being_written<T, E: Display>(
        path: &Path,
        header: Option<&str>,
        parse: impl FnMut(&str) -> Result<T, E>,
    ) -> Result<Contents<T>, LogError> {
        AppendLog::read_with(path, header, parse, LastLine::BeingWritten)
    }

    fn read_with<T, E: Display>(
        path: &Path,
        header: Option<&str>,
        mut parse: impl FnMut(&str) -> Result<T, E>,
        last_line: LastLine,
    ) -> Result<Contents<T>, LogError> {
        let mut contents = Contents::default();
        let bytes = match files::read_bytes(path, MAX_LOG_BYTES) {
            Ok(bytes) => bytes,
            Err(FileError::Open { error, .. }) if error.kind() == std::io::ErrorKind::NotFound => {
                return Ok(contents);
            }
            Err(error) => return Err(LogError::File(error)),
        };
        let mut start = 0;
        let mut number = 0;
        while start < bytes.len() {
            number += 1;
            let end = bytes[start..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |i| start + i + 1);
            let is_last = end == bytes.len();
            let text = std::str::from_utf8(&bytes[start..end]).map(str::trim_end);
            let parsed = match (text, number, header) {
                (Err(_), ..) => Err("not UTF-8 text".to_owned()),
                (Ok(text), 1, Some(header)) => {
                    if text == header {
                        Ok(None)
                    } else if is_last && header.starts_with(text) {
                        Err("the header, cut short".to_owned())
                    } else {
                        return Err(LogError::Header {
                            path: path.to_owned(),
                            found: excerpt(text),
                            expected: header.to_owned(),
                        });
                    }
                }
                (Ok(""), ..) => Ok(None),
                (Ok(text), ..) => parse(text).map(Some).map_err(|e| e.to_string()),
            };
            match parsed {
                Ok(value) => {
                    if let Some(value) = value {
                        contents.entries.push(Entry {
                            line: number,
                            value,
                        });
                    }
                    contents.complete_bytes = end as u64;
                }
                Err(message) if last_line == LastLine::MustParse => {
                    return Err(LogError::Unparsed {
                        path: path.to_owned(),
                        line: number,
                        message,
                    });
                }
                Err(_) if is_last && last_line == LastLine::BeingWritten => {
                    contents.warnings.push(format!(
                        "{}: line {number}, the last, is not complete yet (its run is writing \
                         it): left out",
                        path.display()
                    ));
                }
                Err(_) if is_last => {
                    contents.warnings.push(format!(
                        "{}: dropped line {number}, the last, cut short by an interruption: \
                         it is done again",
                        path.display()
                    ));
                }
                Err(message) => {
                    return Err(LogError::Line {
                        path: path.to_owned(),
                        line: number,
                        message,
                    });
                }
            }
            start = end;
        }
        Ok(contents)
    }

    /// Opens the log at `path` for appending after the complete entries that reading it found
    /// (`None`: the file starts afresh), creating it and its folder if needed, and writing the
    /// `header` into a file that has none yet.
    pub fn open(
        path: &Path,
        header: Option<&str>,
        resume: Option<ResumePoint>,
    ) -> Result<AppendLog, LogError> {
        let io = |doing, source| LogError::Io {
            path: path.to_owned(),
            doing,
            source,
        };
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| io("cannot create the folder of", e))?;
        }
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(false)
            .open(path)
            .map_err(|e| io("cannot open", e))?;
        let keep = resume.map_or(0, |point| point.0);
        let prepare = |file: &mut File| -> std::io::Result<()> {
            file.set_len(keep)?;
            if keep > 0 {
                file.seek(SeekFrom::Start(keep - 1))?;
                let mut last = [0u8];
                file.read_exact(&mut last)?;
                file.seek(SeekFrom::End(0))?;
                if last[0] != b'\n' {
                    file.write_all(b"\n")?;
                }
            } else if let Some(header) = header {
                file.write_all(format!("{header}\n").as_bytes())?;
            }
            file.seek(SeekFrom::End(0))?;
            file.flush()
        };
        prepare(&mut file).map_err(|e| io("cannot prepare", e))?;
        Ok(AppendLog {
            path: path.to_owned(),
            file,
        })
    }

    /// Continues the log at `path`: what it holds, and the log open after it.
    pub fn resume<T, E: Display>(
        path: &Path,
        header: Option<&str>,
        parse: impl FnMut(&str) -> Result<T, E>,
    ) -> Result<(Contents<T>, AppendLog), LogError> {
        let contents = AppendLog::read(path, header, parse)?;
        let log = AppendLog::open(path, header, Some(contents.resume_point()))?;
        Ok((contents, log))
    }

    /// Appends one entry (a line without its newline) in a single write, and flushes it.
    pub fn append(&mut self, line: &str) -> std::io::Result<()> {
        debug_assert!(!line.contains('\n'), "an entry is one line");
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.file.write_all(&bytes)?;
        self.file.flush()
    }

    /// The file's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("c4-log-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("log.txt")
    }

    fn numbers(path: &Path, header: Option<&str>) -> Result<Contents<u32>, LogError> {
        AppendLog::read(path, header, str::parse::<u32>)
    }

    #[test]
    fn a_missing_file_holds_nothing_and_opening_writes_the_header() {
        let path = temp("missing");
        let _ = std::fs::remove_file(&path);
        let contents = numbers(&path, Some("numbers 1")).unwrap();
        assert!(contents.entries.is_empty());
        let mut log =
            AppendLog::open(&path, Some("numbers 1"), Some(contents.resume_point())).unwrap();
        log.append("7").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "numbers 1\n7\n");
        let again = numbers(&path, Some("numbers 1")).unwrap();
        assert_eq!(again.entries, vec![Entry { line: 2, value: 7 }]);
    }

    #[test]
    fn a_cut_last_line_is_dropped_with_a_warning_and_cut_from_the_file() {
        let path = temp("cut");
        std::fs::write(&path, "1\n\n2\n3x").unwrap();
        let (contents, mut log) = AppendLog::resume(&path, None, str::parse::<u32>).unwrap();
        assert_eq!(contents.entries.len(), 2);
        assert_eq!(contents.warnings.len(), 1, "{:?}", contents.warnings);
        assert!(contents.warnings[0].contains("line 4"));
        log.append("4").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "1\n\n2\n4\n");
    }

    #[test]
    fn a_complete_last_entry_without_its_newline_is_kept() {
        let path = temp("no-newline");
        std::fs::write(&path, "1\n2").unwrap();
        let (contents, mut log) = AppendLog::resume(&path, None, str::parse::<u32>).unwrap();
        assert_eq!(contents.into_values(), vec![1, 2]);
        log.append("3").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "1\n2\n3\n");
    }

    #[test]
    fn a_damaged_line_before_the_last_is_an_error_naming_it() {
        let path = temp("damaged");
        std::fs::write(&path, "1\nx\n3\n").unwrap();
        let error = numbers(&path, None).unwrap_err();
        assert!(matches!(error, LogError::Line { line: 2, .. }), "{error}");
        assert!(error.to_string().contains("line 2"));
    }

    #[test]
    fn another_header_is_refused_and_a_cut_header_starts_afresh() {
        let path = temp("header");
        std::fs::write(&path, "words 1\n5\n").unwrap();
        let error = numbers(&path, Some("numbers 1")).unwrap_err();
        assert!(matches!(error, LogError::Header { .. }), "{error}");
        std::fs::write(&path, "numb").unwrap();
        let (contents, mut log) =
            AppendLog::resume(&path, Some("numbers 1"), str::parse::<u32>).unwrap();
        assert!(contents.entries.is_empty());
        assert_eq!(contents.warnings.len(), 1);
        log.append("5").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "numbers 1\n5\n");
    }

    #[test]
    fn a_log_read_as_finished_names_a_bad_last_line_without_speaking_of_resuming() {
        let path = temp("finished");
        std::fs::write(&path, "1\n2\n3x").unwrap();
        let error = AppendLog::read_finished(&path, None, str::parse::<u32>).unwrap_err();
        assert!(
            matches!(error, LogError::Unparsed { line: 3, .. }),
            "{error}"
        );
        let text = error.to_string();
        assert!(text.contains("line 3 does not parse"), "{text}");
        assert!(
            !text.contains("resume") && !text.contains("done again"),
            "{text}"
        );
        assert_eq!(text.matches(path.to_str().unwrap()).count(), 1, "{text}");
    }

    #[test]
    fn opening_without_contents_starts_afresh() {
        let path = temp("afresh");
        std::fs::write(&path, "1\n2\n").unwrap();
        let mut log = AppendLog::open(&path, None, None).unwrap();
        log.append("9").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "9\n");
    }
}
