//! The line chart of a training run's learning curve and of the lab's experiments that grade
//! players by search depth.

use plotters::prelude::*;
use plotters::series::DashedLineSeries;
use std::path::{Path, PathBuf};

/// A chart that cannot be drawn or saved.
#[derive(Debug, thiserror::Error)]
#[error("plotting {}: {source}", path.display())]
pub struct PlotError {
    /// The chart's file.
    pub path: PathBuf,
    /// What the plotting library said.
    #[source]
    pub source: Box<dyn std::error::Error + Send + Sync>,
}

impl PlotError {
    /// The error of drawing or saving the chart `path`.
    fn at<E: std::error::Error + Send + Sync + 'static>(
        path: &Path,
    ) -> impl FnOnce(E) -> PlotError + '_ {
        |source| PlotError {
            path: path.to_owned(),
            source: Box::new(source),
        }
    }
}

/// One line of a chart: its label and its points.
pub struct Series {
    /// The legend's text.
    pub label: String,
    /// `(x, y)` points, in x order.
    pub points: Vec<(f64, f64)>,
    /// Dashed rather than solid (a variant of the line before it, say).
    pub dashed: bool,
}

/// Axes and title of a chart.
pub struct Chart<'a> {
    /// The title above the chart.
    pub title: &'a str,
    /// The x axis's description.
    pub x_desc: &'a str,
    /// The y axis's description.
    pub y_desc: &'a str,
    /// The x range.
    pub x: std::ops::Range<f64>,
    /// The y range.
    pub y: std::ops::Range<f64>,
    /// Where the legend sits, at the right: where the lines leave room.
    pub legend: Legend,
}

/// The legend's place on the chart's right side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legend {
    /// The upper right corner: lines that fall.
    Upper,
    /// Halfway up: lines that keep to the top and the bottom.
    Middle,
    /// The lower right corner: lines that rise.
    Lower,
}

/// Draws `series` as lines with dots into the SVG file `path`.
pub fn lines(path: &Path, chart: &Chart, series: &[Series]) -> Result<(), PlotError> {
    let root = SVGBackend::new(path, (800, 500)).into_drawing_area();
    root.fill(&WHITE).map_err(PlotError::at(path))?;
    let mut drawing = ChartBuilder::on(&root)
        .caption(chart.title, ("sans-serif", 18))
        .margin(15)
        .x_label_area_size(35)
        .y_label_area_size(45)
        .build_cartesian_2d(chart.x.clone(), chart.y.clone())
        .map_err(PlotError::at(path))?;
    drawing
        .configure_mesh()
        .x_desc(chart.x_desc)
        .y_desc(chart.y_desc)
        .light_line_style(WHITE)
        .draw()
        .map_err(PlotError::at(path))?;
    let mut colour_index = 0;
    for line in series {
        if !line.dashed {
            colour_index += 1;
        }
        let color = Palette99::pick(colour_index.max(1) - 1).to_rgba();
        let style = color.stroke_width(2);
        if line.dashed {
            drawing
                .draw_series(DashedLineSeries::new(line.points.clone(), 6, 4, style))
                .map_err(PlotError::at(path))?
                .label(line.label.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(1))
                });
        } else {
            drawing
                .draw_series(std::iter::once(PathElement::new(
                    line.points.clone(),
                    style,
                )))
                .map_err(PlotError::at(path))?
                .label(line.label.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], style));
        }
        drawing
            .draw_series(
                line.points
                    .iter()
                    .map(|&p| Circle::new(p, 3, color.filled())),
            )
            .map_err(PlotError::at(path))?;
    }
    drawing
        .configure_series_labels()
        .position(match chart.legend {
            Legend::Upper => SeriesLabelPosition::UpperRight,
            Legend::Middle => SeriesLabelPosition::MiddleRight,
            Legend::Lower => SeriesLabelPosition::LowerRight,
        })
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(PlotError::at(path))?;
    root.present().map_err(PlotError::at(path))
}
