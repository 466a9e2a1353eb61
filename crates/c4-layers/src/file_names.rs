//! The names of a layer folder's files: `chunk-NNNNN.c4layer` for a finished chunk and
//! `chunk-NNNNN.partial` for the progress of one being solved (the number at least five
//! digits). One reading for the folder, the crate's build script (which builds the finished
//! chunks in) and the tools that list or copy a layer; it needs nothing beyond `std`, so the
//! build script includes this file as it is.

use std::path::Path;

/// The extension of a finished chunk's file.
pub const FINISHED_EXTENSION: &str = "c4layer";

/// The extension of a chunk's progress file.
pub const PROGRESS_EXTENSION: &str = "partial";

/// The file name of finished chunk `number`.
#[must_use]
pub fn chunk_file_name(number: usize) -> String {
    format!("chunk-{number:05}.{FINISHED_EXTENSION}")
}

/// The file name of the progress of chunk `number`.
#[must_use]
pub fn progress_file_name(number: usize) -> String {
    format!("chunk-{number:05}.{PROGRESS_EXTENSION}")
}

/// The number of the finished chunk named `name`, or `None` for any other file.
#[must_use]
pub fn finished_chunk_number(name: &str) -> Option<usize> {
    let digits = name
        .strip_prefix("chunk-")?
        .strip_suffix(FINISHED_EXTENSION)?
        .strip_suffix('.')?;
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Only the name the number is written as: five digits at least, no more leading zeros.
    let number = digits.parse().ok()?;
    (chunk_file_name(number) == name).then_some(number)
}

/// The number of the chunk whose progress file is named `name`, or `None` for any other
/// file (read as [`finished_chunk_number`] reads a finished chunk's name).
#[must_use]
pub fn progress_chunk_number(name: &str) -> Option<usize> {
    let digits = name
        .strip_prefix("chunk-")?
        .strip_suffix(PROGRESS_EXTENSION)?
        .strip_suffix('.')?;
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number = digits.parse().ok()?;
    (progress_file_name(number) == name).then_some(number)
}

/// Whether `name` is a chunk's progress file: a build is under way in its folder.
#[must_use]
pub fn is_progress_file(name: &str) -> bool {
    progress_chunk_number(name).is_some()
}

/// The chunk files of a layer folder.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChunkFiles {
    /// The numbers of the finished chunks, ascending.
    pub finished: Vec<usize>,
    /// The numbers of the chunks with a progress file, ascending: being solved, or left
    /// unfinished by a build.
    pub under_way: Vec<usize>,
}

impl ChunkFiles {
    /// Whether the folder holds no chunk file at all, finished or under way.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.finished.is_empty() && self.under_way.is_empty()
    }
}

/// The chunk files in `folder`; other files are left.
pub fn chunk_files(folder: &Path) -> std::io::Result<ChunkFiles> {
    let mut files = ChunkFiles::default();
    for entry in std::fs::read_dir(folder)? {
        let name = entry?.file_name();
        let name = name.to_string_lossy();
        if let Some(number) = finished_chunk_number(&name) {
            files.finished.push(number);
        } else if let Some(number) = progress_chunk_number(&name) {
            files.under_way.push(number);
        }
    }
    files.finished.sort_unstable();
    files.under_way.sort_unstable();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunk_s_names_read_back_as_its_number() {
        for number in [0, 7, 539, 99_999, 123_456] {
            assert_eq!(
                finished_chunk_number(&chunk_file_name(number)),
                Some(number)
            );
            assert!(is_progress_file(&progress_file_name(number)));
            assert!(!is_progress_file(&chunk_file_name(number)));
            assert_eq!(finished_chunk_number(&progress_file_name(number)), None);
        }
        assert_eq!(chunk_file_name(284), "chunk-00284.c4layer");
    }

    #[test]
    fn other_files_are_not_chunks() {
        for name in [
            "index.json",
            "chunk-1.c4layer",
            "chunk-000012.c4layer",
            "chunk-0001x.c4layer",
            "chunk-00001c4layer",
            "chunk-00001.c4layer.tmp",
            "chunk-+0001.c4layer",
            ".c4layer-write-check",
        ] {
            assert_eq!(finished_chunk_number(name), None, "{name}");
        }
        for name in ["chunk-x.partial", "chunk-1.partial", "chunk-0001y.partial"] {
            assert!(!is_progress_file(name), "{name}");
        }
    }

    #[test]
    fn a_folder_lists_its_finished_chunks_in_order_and_counts_those_under_way() {
        let folder = std::env::temp_dir().join(format!("c4-layer-names-{}", std::process::id()));
        std::fs::create_dir_all(folder.join("sub")).expect("writable");
        for name in [
            chunk_file_name(12),
            chunk_file_name(3),
            progress_file_name(4),
            progress_file_name(5),
            "chunk-000012.c4layer".to_owned(),
            "index.json".to_owned(),
        ] {
            std::fs::write(folder.join(name), b"").expect("writable");
        }
        let files = chunk_files(&folder);
        let missing = chunk_files(&folder.join("missing"));
        std::fs::remove_dir_all(&folder).expect("removable");
        let files = files.expect("listed");
        assert_eq!(files.finished, vec![3, 12]);
        assert_eq!(files.under_way, vec![4, 5]);
        assert!(missing.is_err());
    }
}
