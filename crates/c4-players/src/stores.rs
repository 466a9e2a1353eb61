//! What a solver reads in place of searching: the book and, beside it, the ply-12 layer. One
//! rule for every front end: a layer asked for is read (on 7x6 only); by default the built-in
//! layer, which deepens the built-in book, is read beside that book alone.

use c4_books::{BookChoice, OpeningBook};
use c4_core::Size;
use c4_layers::{LayerChoice, LayerError, LayerStore};
use c4_options::SpecError;
use c4_solver::{ScoreStore, Stores};
use std::sync::Arc;

/// Why a layer is not read beside a book.
#[derive(Debug, thiserror::Error)]
pub enum LayerRefusal {
    /// A layer asked for on another board than the one its positions are of.
    #[error(
        "the book's layers hold positions of the {} board, not of the {size} board",
        Size::STANDARD
    )]
    OtherBoard {
        /// The board asked about.
        size: Size,
    },
    /// The layer cannot be read.
    #[error(transparent)]
    Unreadable(#[from] LayerError),
}

/// The layer a solver reads beside `book` on the board `size`: the one `asked` for (refused
/// on another board than 7x6, where no layer has positions), or, when none is asked for, the
/// built-in one beside the built-in book on 7x6, and no layer otherwise.
pub fn layer_beside(
    book: &BookChoice,
    asked: Option<&LayerChoice>,
    size: Size,
) -> Result<Option<Arc<LayerStore>>, LayerRefusal> {
    match asked {
        Some(LayerChoice::None) => Ok(None),
        Some(_) if !size.is_standard() => Err(LayerRefusal::OtherBoard { size }),
        Some(choice) => Ok(choice.load()?),
        None if *book != BookChoice::Builtin || !size.is_standard() => Ok(None),
        None => Ok(LayerChoice::Builtin.load()?),
    }
}

/// What a solver reads for the book and the layer a spec chose, on the board `size`: the
/// book (the built-in one is 7x6's: on another board `book=builtin` is no book) and beside
/// it the ply-12 layer. The built-in layer deepens the built-in book, so it is read only
/// beside it (not with `book=none` or a book file, nor on another board); a layer folder is
/// read beside any book, and refused on another board than 7x6 or when it cannot be listed.
pub fn score_stores(
    book: &BookChoice,
    layers: &LayerChoice,
    size: Size,
) -> Result<Option<Arc<dyn ScoreStore>>, SpecError> {
    let loaded = book.load_in(size).map_err(|e| SpecError::Unavailable {
        key: "book",
        value: book.to_string(),
        reason: e.to_string(),
    })?;
    let book_store = loaded.map(OpeningBook::store);
    let unavailable = |reason: String| SpecError::Unavailable {
        key: "layers",
        value: layers.to_string(),
        reason,
    };
    // A spec's `layers=builtin` is its default: the rule for a layer not asked for.
    let asked = (*layers != LayerChoice::Builtin).then_some(layers);
    let layer = layer_beside(book, asked, size).map_err(|e| unavailable(e.to_string()))?;
    // A folder named in a spec is checked whole before any game (once per folder and
    // process: the store keeps what it read), so that a damaged chunk is named, not
    // searched past in silence.
    if let (LayerChoice::Folder(_), Some(layer)) = (layers, &layer) {
        layer.check().map_err(|e| unavailable(e.to_string()))?;
    }
    Stores::of([book_store, layer.map(|layer| layer as Arc<dyn ScoreStore>)])
        .map_err(|e| unavailable(e.to_string()))
}

/// The built-in book with the built-in layer beside it: what analyses and reviews read.
#[must_use]
pub fn builtin_stores() -> Option<Arc<dyn ScoreStore>> {
    score_stores(&BookChoice::Builtin, &LayerChoice::Builtin, Size::STANDARD)
        .unwrap_or_else(|_| Some(OpeningBook::store(OpeningBook::builtin())))
}
