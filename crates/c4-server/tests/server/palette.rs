//! The analysis colours stay apart for colour-blind players: win and loss, simulated for
//! deuteranopia and protanopia (Machado, Oliveira and Fernandes 2009, full severity), differ
//! clearly, and a loss is not drawn in the red player's colour.

/// The page's style sheet, as the server embeds it.
fn style() -> &'static str {
    let asset = c4_server::assets::asset("style.css").expect("the page has style.css");
    std::str::from_utf8(asset.bytes).expect("style.css is UTF-8")
}

/// Deuteranopia and protanopia on linear RGB.
const DEUTERANOPIA: [[f64; 3]; 3] = [
    [0.367_322, 0.860_646, -0.227_968],
    [0.280_085, 0.672_501, 0.047_413],
    [-0.011_820, 0.042_940, 0.968_881],
];
const PROTANOPIA: [[f64; 3]; 3] = [
    [0.152_286, 1.052_583, -0.204_868],
    [0.114_503, 0.786_281, 0.099_216],
    [-0.003_882, -0.048_116, 1.051_998],
];

/// The `#rrggbb` value of custom property `name` in the light palette.
fn colour(name: &str) -> [f64; 3] {
    let start = style()
        .find(&format!("{name}: #"))
        .unwrap_or_else(|| panic!("style.css defines {name}"))
        + name.len()
        + 3;
    let hex = &style()[start..start + 6];
    [0, 2, 4].map(|i| f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()))
}

fn simulate(rgb: [f64; 3], matrix: &[[f64; 3]; 3]) -> [f64; 3] {
    let linear = rgb.map(|c| {
        let c = c / 255.0;
        if c <= 0.040_45 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    });
    matrix.map(|row| {
        let c = (row[0] * linear[0] + row[1] * linear[1] + row[2] * linear[2]).clamp(0.0, 1.0);
        255.0
            * if c <= 0.003_130_8 {
                12.92 * c
            } else {
                1.055 * c.powf(1.0 / 2.4) - 0.055
            }
    })
}

fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).powi(2))
        .sum::<f64>()
        .sqrt()
}

#[test]
fn wins_and_losses_differ_for_colour_blind_eyes() {
    let (win, loss) = (colour("--win"), colour("--loss"));
    for (name, matrix) in [("deuteranopia", DEUTERANOPIA), ("protanopia", PROTANOPIA)] {
        let apart = distance(simulate(win, &matrix), simulate(loss, &matrix));
        assert!(apart > 100.0, "{name}: win and loss {apart:.0} apart");
    }
}

#[test]
fn a_loss_is_not_the_red_players_colour() {
    let apart = distance(colour("--loss"), colour("--red"));
    assert!(apart > 60.0, "loss and red {apart:.0} apart");
}
