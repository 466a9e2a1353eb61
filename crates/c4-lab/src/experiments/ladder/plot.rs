//! The ladder's plot: every player's Elo with its 95% interval.

use c4_arena::tournament::Crosstable;
use c4_papers::ExperimentError;
use plotters::prelude::*;
use std::path::Path;

/// Draws `table`'s ratings with their intervals into the SVG file `path`.
pub fn plot(path: &Path, table: &Crosstable) -> Result<(), ExperimentError> {
    let ratings = table.ratings();
    let finite: Vec<f64> = ratings
        .iter()
        .flat_map(|r| [r.elo - r.error, r.elo + r.error])
        .filter(|x| x.is_finite())
        .collect();
    let low = finite.iter().copied().fold(-100.0, f64::min) - 50.0;
    let high = finite.iter().copied().fold(100.0, f64::max) + 50.0;
    let root = SVGBackend::new(path, (800, 60 + 34 * ratings.len() as u32)).into_drawing_area();
    root.fill(&WHITE).map_err(ExperimentError::plot(path))?;
    let mut chart = ChartBuilder::on(&root)
        .caption("Elo ladder (95% intervals)", ("sans-serif", 18))
        .margin(10)
        .margin_right(30)
        .x_label_area_size(30)
        .y_label_area_size(90)
        .build_cartesian_2d(low..high, 0.0..ratings.len() as f64)
        .map_err(ExperimentError::plot(path))?;
    chart
        .configure_mesh()
        .x_desc("Elo")
        .y_labels(0)
        .light_line_style(WHITE)
        .draw()
        .map_err(ExperimentError::plot(path))?;
    let style = TextStyle::from(("sans-serif", 13).into_font()).pos(
        plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Right,
            plotters::style::text_anchor::VPos::Center,
        ),
    );
    for (i, r) in ratings.iter().enumerate() {
        let y = ratings.len() as f64 - i as f64 - 0.5;
        let (lo, hi) = ((r.elo - r.error).max(low), (r.elo + r.error).min(high));
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(lo, y), (hi, y)],
                BLACK.stroke_width(2),
            )))
            .map_err(ExperimentError::plot(path))?;
        chart
            .draw_series(std::iter::once(Circle::new(
                (r.elo, y),
                5,
                RGBColor(200, 40, 40).filled(),
            )))
            .map_err(ExperimentError::plot(path))?;
        let (px, py) = chart.backend_coord(&(low, y));
        root.draw(&Text::new(r.name.clone(), (px - 8, py), style.clone()))
            .map_err(ExperimentError::plot(path))?;
    }
    root.present().map_err(ExperimentError::plot(path))?;
    Ok(())
}
