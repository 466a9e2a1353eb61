//! A deep layer of the book built in chunks anywhere (`c4lab.ray book --ply`, the folder
//! `c4 book build --ply` builds): [`LayerRun`] is the driver's side, which holds the folder,
//! and [`layer_solve`] a task's, which solves one chunk and returns its file's bytes.
//! [`layer_chunks`] and [`layer_scores`] read a ply-12 layer's positions and scores, so that
//! they can be set beside another program's (`tests/test_layer_bitbully.py`).

use crate::arguments::{ChunkNumber, LayerPly, TableBits};
use crate::value_error;
use c4_books::moves_of;
use c4_layers::{LayerDir, Layout, layer_solver};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::path::PathBuf;

/// The layout of the layer of `ply`.
fn layout(LayerPly(ply): LayerPly) -> Layout {
    Layout::deep(ply).expect("the argument's range is the layouts'")
}

/// The driver's side of a layer's distributed build: its folder, which chunks are missing,
/// and the chunks tasks bring back, each checked and written whole.
#[pyclass(module = "c4lab", unsendable)]
pub struct LayerRun {
    dir: LayerDir,
}

#[pymethods]
impl LayerRun {
    /// The layer of `ply` in the folder `out`, made if missing and checked to be writable.
    #[new]
    #[pyo3(signature = (out, ply = LayerPly(12)))]
    fn new(py: Python<'_>, out: PathBuf, ply: LayerPly) -> PyResult<LayerRun> {
        // The roots of every chunk are derived here: some tenths of a second.
        let dir = py
            .detach(|| LayerDir::create(&out, layout(ply)))
            .map_err(value_error)?;
        Ok(LayerRun { dir })
    }

    /// The chunks the layer has when complete.
    fn chunk_count(&self) -> usize {
        self.dir.chunk_count()
    }

    /// The chunks not finished yet, ascending.
    fn missing(&self) -> Vec<usize> {
        self.dir.missing_chunks()
    }

    /// Writes chunk `number`'s file as `layer_solve` returned it, checked first; a chunk
    /// finished already is kept (the bytes must equal it). Returns whether it was written.
    fn add(&self, py: Python<'_>, number: ChunkNumber, data: &[u8]) -> PyResult<bool> {
        py.detach(|| self.dir.add_chunk(number.0, data))
            .map_err(value_error)
    }
}

/// Solves chunk `number` of the layer of `ply` on one table of `2^table_bits` slots with the
/// built-in book, as a build's worker does, and returns its file's bytes. Needs no folder.
#[pyfunction]
#[pyo3(signature = (ply, number, table_bits = TableBits(24)))]
pub fn layer_solve<'py>(
    py: Python<'py>,
    ply: LayerPly,
    number: ChunkNumber,
    table_bits: TableBits,
) -> PyResult<Bound<'py, PyBytes>> {
    let bytes = py
        .detach(|| {
            let dir = LayerDir::open(&PathBuf::from("."), layout(ply));
            let mut solver = layer_solver(table_bits.0)?;
            dir.solve_chunk(number.0, &mut solver)
        })
        .map_err(value_error)?;
    Ok(PyBytes::new(py, &bytes))
}

/// The ply-12 layer `layers` names: `"builtin"`, the chunks built into the module, or a
/// folder of chunk files.
fn ply12(layers: &str) -> LayerDir {
    match layers {
        "builtin" => LayerDir::builtin_ply12(),
        folder => LayerDir::open(&PathBuf::from(folder), Layout::PLY12),
    }
}

/// The finished chunks of the ply-12 layer `layers` names (`"builtin"` or a folder),
/// ascending.
#[pyfunction]
#[pyo3(signature = (layers = "builtin"))]
pub fn layer_chunks(py: Python<'_>, layers: &str) -> Vec<usize> {
    py.detach(|| {
        let dir = ply12(layers);
        (0..dir.chunk_count())
            .filter(|&number| dir.is_finished(number))
            .collect()
    })
}

/// Chunk `number` of the ply-12 layer `layers` names (`"builtin"` or a folder): each of its
/// positions as its move string (1-7) with the exact score its file holds for the side to
/// move, in the chunk's order. The chunk is read with every check a file gets.
#[pyfunction]
#[pyo3(signature = (number, layers = "builtin"))]
pub fn layer_scores(
    py: Python<'_>,
    number: ChunkNumber,
    layers: &str,
) -> PyResult<Vec<(String, i32)>> {
    py.detach(|| {
        let dir = ply12(layers);
        if number.0 >= dir.chunk_count() {
            return Err(value_error(format!(
                "chunk {} is past the layer's last, {}",
                number.0,
                dir.chunk_count() - 1
            )));
        }
        let scored = dir.scored_positions(number.0).map_err(value_error)?;
        Ok(scored
            .iter()
            .map(|(position, score)| (moves_of(position), score.value()))
            .collect())
    })
}
