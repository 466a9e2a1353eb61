//! The seeds' practical claims (`data/reference/practical_claims.csv`) against the profile
//! experiments that measure them: every depth a claim names is a configuration of the
//! profile of its paper, so `c4 experiment` sets c4's cost at that depth beside the claim.

use crate::profiles::PROFILES;
use crate::reference::{PRACTICAL_CLAIMS, rows};

/// Each claim of the CSV by its seed and words: the profile that measures it, its search
/// (`minimax`, `alphabeta`, or `alphabeta` with the state cache, `tt=on`), and the depths the
/// claim names that the profile runs. `None`: a claim no profile measures, with why.
type Measured = Option<(&'static str, &'static str, bool, &'static [u32])>;

const CLAIMS: &[(&str, &str, Measured)] = &[
    // A time budget, not a depth: the profile's report sets it beside its times.
    ("003", "time budget per move", None),
    (
        "003",
        "acceptable max search depth with alpha-beta + state cache",
        Some(("shanghai-speed", "alphabeta", true, &[9, 11])),
    ),
    (
        "003",
        "plain minimax slows severely beyond depth",
        Some(("shanghai-speed", "minimax", false, &[5, 6])),
    ),
    // Fast "up to 7-8": measured at 7 and, past it, 9.
    (
        "003",
        "alpha-beta fast up to depth",
        Some(("shanghai-speed", "alphabeta", false, &[7, 9])),
    ),
    (
        "004",
        "cut-off depth used",
        Some(("itu-cutoff", "alphabeta", false, &[8])),
    ),
    // Ayoub's and Kang's depths are those of their tables of pairings, which the pairing
    // experiments play from their own CSVs.
    (
        "002",
        "search depth beyond which the game becomes much less playable",
        None,
    ),
    ("000/001", "depths compared", None),
];

#[test]
fn every_practical_claim_is_placed_and_its_depths_are_profiled() {
    let claims = rows(PRACTICAL_CLAIMS);
    assert_eq!(
        claims.len(),
        CLAIMS.len(),
        "a claim of the CSV is not placed"
    );
    for row in &claims {
        let (seed, claim, value) = (&row[0], &row[1], &row[2]);
        let &(_, _, measured) = CLAIMS
            .iter()
            .find(|(s, c, _)| seed.starts_with(s) && claim == c)
            .unwrap_or_else(|| panic!("claim not placed: {seed}, {claim}"));
        let Some((profile, kind, cached, depths)) = measured else {
            continue;
        };
        // The claim's own depth (its value's first number) is among those profiled.
        let first: u32 = value
            .split(|c: char| !c.is_ascii_digit())
            .find(|t| !t.is_empty())
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("no depth in {value}"));
        assert!(depths.contains(&first), "{claim}: {value}");
        let profile = PROFILES
            .iter()
            .find(|p| p.name == profile)
            .unwrap_or_else(|| panic!("no profile {profile}"));
        for depth in depths {
            let found = profile.configs.iter().any(|(_, spec)| {
                spec.starts_with(&format!("{kind}:depth={depth},"))
                    && spec.contains("tt=on") == cached
            });
            assert!(
                found,
                "{}: no {kind} at depth {depth} for {claim}",
                profile.name
            );
        }
    }
}
