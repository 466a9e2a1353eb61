//! The losses a texel fit minimises: a logistic of the values against the results, or a
//! softmax of the columns' values against the best moves, and the fitted scale.

use super::config::Target;
use super::points::Point;

pub fn loss(target: Target, values: &[f64], points: &[Point], scale: f64) -> f64 {
    match target {
        Target::Results => result_loss(values, points, scale),
        Target::Moves => move_loss(values, points, scale),
    }
}

/// The mean squared error of a logistic of the values against the results.
pub fn result_loss(values: &[f64], points: &[Point], scale: f64) -> f64 {
    if points.is_empty() {
        return 0.0;
    }
    let sum: f64 = values
        .iter()
        .zip(points)
        .map(|(v, p)| {
            let predicted = 1.0 / (1.0 + (-v / scale).exp());
            (p.target - predicted).powi(2)
        })
        .sum();
    sum / points.len() as f64
}

/// The mean over positions of minus the log of the softmax weight (values / scale) on the
/// columns whose target is 1.
pub fn move_loss(values: &[f64], points: &[Point], scale: f64) -> f64 {
    let mut total = 0.0;
    let mut groups = 0;
    let mut start = 0;
    while start < points.len() {
        let group = points[start].group;
        let end = start + points[start..].partition_point(|p| p.group == group);
        let logits: Vec<f64> = values[start..end].iter().map(|v| v / scale).collect();
        let top = logits.iter().copied().fold(f64::MIN, f64::max);
        let weight = |keep: &dyn Fn(&Point) -> bool| -> f64 {
            logits
                .iter()
                .zip(&points[start..end])
                .filter(|(_, p)| keep(p))
                .map(|(l, _)| (l - top).exp())
                .sum()
        };
        let good = weight(&|p| p.target > 0.5);
        let all = weight(&|_| true);
        total += -(good.max(f64::MIN_POSITIVE) / all).ln();
        groups += 1;
        start = end;
    }
    if groups == 0 {
        0.0
    } else {
        total / f64::from(groups)
    }
}

/// The scale that minimises the loss of `values`, by golden-section search on its logarithm.
pub fn fit_scale(target: Target, values: &[f64], points: &[Point]) -> f64 {
    let (mut low, mut high) = (-3.0f64, 8.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let at = |log: f64| loss(target, values, points, 10f64.powf(log));
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut fa, mut fb) = (at(a), at(b));
    for _ in 0..60 {
        if fa < fb {
            high = b;
            b = a;
            fb = fa;
            a = high - ratio * (high - low);
            fa = at(a);
        } else {
            low = a;
            a = b;
            fa = fb;
            b = low + ratio * (high - low);
            fb = at(b);
        }
    }
    10f64.powf((low + high) / 2.0)
}
