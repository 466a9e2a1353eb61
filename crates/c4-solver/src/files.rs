//! Reading the files a user names: a parameter file, a book, a run's records.
//!
//! A name given on a command line or in a spec may point anywhere: at a FIFO that never
//! delivers, at `/dev/zero`, at a folder, at a file of gigabytes. Every such read goes
//! through [`open_regular`] (or [`read_bytes`] and [`read_text`] on top of it): the file is
//! opened without blocking, checked to be a regular file, and read up to a limit the caller
//! states. Errors name the file and what is wrong with it, never its contents; the system's
//! own words are part of the message (not a source, so a cause chain says them once), and
//! [`FileError::problem`] gives the message without the name, for a message that has it.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why a named file cannot be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// It cannot be opened (missing, no permission, ...).
    #[error("cannot open {}: {}", path.display(), plain_io(error))]
    Open {
        /// The file.
        path: PathBuf,
        /// What the system said (in the message, so a cause chain says it once).
        error: std::io::Error,
    },
    /// It is a folder, a FIFO, a device or a socket.
    #[error("{} is {kind}, not a regular file", path.display())]
    NotRegular {
        /// The file.
        path: PathBuf,
        /// What it is instead, with its article ("a folder", "a FIFO").
        kind: &'static str,
    },
    /// It is larger than the caller reads.
    #[error("{} is over {} bytes, the most read from such a file", path.display(), limit)]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit in bytes.
        limit: u64,
    },
    /// Reading it failed part way.
    #[error("cannot read {}: {}", path.display(), plain_io(error))]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said (in the message, so a cause chain says it once).
        error: std::io::Error,
    },
    /// It is not UTF-8 text.
    #[error("{} is not UTF-8 text", path.display())]
    NotText {
        /// The file.
        path: PathBuf,
    },
}

impl FileError {
    /// The file.
    #[must_use]
    pub fn path(&self) -> &Path {
        match self {
            FileError::Open { path, .. }
            | FileError::NotRegular { path, .. }
            | FileError::TooLarge { path, .. }
            | FileError::Read { path, .. }
            | FileError::NotText { path } => path,
        }
    }

    /// What is wrong, without the file's name: for a message that names it already
    /// (`params=FILE: cannot open it: No such file or directory`).
    #[must_use]
    pub fn problem(&self) -> String {
        match self {
            FileError::Open { error, .. } => format!("cannot open it: {}", plain_io(error)),
            FileError::NotRegular { kind, .. } => format!("it is {kind}, not a regular file"),
            FileError::TooLarge { limit, .. } => {
                format!("it is over {limit} bytes, the most read from such a file")
            }
            FileError::Read { error, .. } => format!("cannot read it: {}", plain_io(error)),
            FileError::NotText { .. } => "it is not UTF-8 text".to_owned(),
        }
    }
}

/// A file or folder that could not be written, created, opened or locked: what was being
/// done (`"cannot write"`, `"creating"`), the path and the system's error, kept as the source.
/// The message ends with the system's words, so a cause chain that skips a cause its message
/// already ends with says them once.
#[derive(Debug, thiserror::Error)]
#[error("{doing} {}: {source}", path.display())]
pub struct PathError {
    /// What was being done, as the message's first words.
    doing: &'static str,
    /// The file or folder.
    path: PathBuf,
    /// What the system said.
    #[source]
    source: std::io::Error,
}

impl PathError {
    /// `doing` (`"cannot write"`) to `path` failed with `source`.
    #[must_use]
    pub fn new(doing: &'static str, path: &Path, source: std::io::Error) -> PathError {
        PathError {
            doing,
            path: path.to_owned(),
            source,
        }
    }

    /// The file or folder.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What the system said.
    #[must_use]
    pub fn io_error(&self) -> &std::io::Error {
        &self.source
    }
}

/// An I/O error's words without the `(os error N)` suffix, which says nothing to a user.
fn plain_io(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_owned(),
        None => text,
    }
}

/// Opens `path` for reading if it is a regular file of at most `limit` bytes.
///
/// The open does not block: a FIFO with no writer is refused instead of waited on.
pub fn open_regular(path: &Path, limit: u64) -> Result<File, FileError> {
    let file = open_nonblocking(path).map_err(|error| FileError::Open {
        path: path.to_owned(),
        error,
    })?;
    let metadata = file.metadata().map_err(|error| FileError::Read {
        path: path.to_owned(),
        error,
    })?;
    if !metadata.is_file() {
        return Err(FileError::NotRegular {
            path: path.to_owned(),
            kind: kind_of(&metadata.file_type()),
        });
    }
    if metadata.len() > limit {
        return Err(FileError::TooLarge {
            path: path.to_owned(),
            limit,
        });
    }
    Ok(file)
}

/// The bytes of the regular file `path`, at most `limit` of them.
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let file = open_regular(path, limit)?;
    let mut bytes = Vec::new();
    // The length was checked at open; the take bounds a file that grows meanwhile.
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| FileError::Read {
            path: path.to_owned(),
            error,
        })?;
    if bytes.len() as u64 > limit {
        return Err(FileError::TooLarge {
            path: path.to_owned(),
            limit,
        });
    }
    Ok(bytes)
}

/// The text of the regular file `path`, at most `limit` bytes of UTF-8.
pub fn read_text(path: &Path, limit: u64) -> Result<String, FileError> {
    String::from_utf8(read_bytes(path, limit)?).map_err(|_| FileError::NotText {
        path: path.to_owned(),
    })
}

#[cfg(unix)]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    // Elsewhere the type is checked before the open; there is no FIFO to block on.
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(std::io::Error::other(format!(
            "{} is {}, not a regular file",
            path.display(),
            kind_of(&metadata.file_type())
        )));
    }
    File::open(path)
}

/// What a file that is not regular is, with its article (`"a FIFO"`, `"a folder"`).
#[must_use]
pub fn kind_of(file_type: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("c4-files-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_regular_file_within_the_limit_is_read_whole() {
        let path = scratch("regular").join("a.txt");
        std::fs::write(&path, "eval=kang\n").unwrap();
        assert_eq!(read_text(&path, 10).unwrap(), "eval=kang\n");
    }

    #[test]
    fn a_file_over_the_limit_is_refused_by_name() {
        let path = scratch("large").join("big.txt");
        std::fs::write(&path, "x".repeat(100)).unwrap();
        let error = read_text(&path, 99).unwrap_err();
        assert!(
            matches!(error, FileError::TooLarge { limit: 99, .. }),
            "{error}"
        );
        assert!(error.to_string().contains("big.txt"));
    }

    #[test]
    fn a_missing_file_says_so_once_without_the_os_error_number() {
        let error = read_text(Path::new("/nonexistent/c4/file"), 10).unwrap_err();
        assert_eq!(
            error.to_string(),
            "cannot open /nonexistent/c4/file: No such file or directory"
        );
        assert!(std::error::Error::source(&error).is_none(), "said once");
        assert_eq!(error.problem(), "cannot open it: No such file or directory");
        assert_eq!(error.path(), Path::new("/nonexistent/c4/file"));
    }

    #[test]
    fn a_folder_is_refused() {
        let dir = scratch("folder");
        let error = read_bytes(&dir, 10).unwrap_err();
        assert!(
            matches!(
                error,
                FileError::NotRegular {
                    kind: "a folder",
                    ..
                }
            ),
            "{error}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_refused_without_reading() {
        let error = read_bytes(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert_eq!(
            error.to_string(),
            "/dev/zero is a character device, not a regular file"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_without_a_writer_is_refused_at_once() {
        let path = scratch("fifo").join("pipe");
        let _ = std::fs::remove_file(&path);
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let error = read_text(&path, 10).unwrap_err();
        assert!(
            matches!(error, FileError::NotRegular { kind: "a FIFO", .. }),
            "{error}"
        );
    }
}
