//! `/api/players`: what the page's menus list.

use c4_players::{REGISTRY, Registry};

/// The player kinds, evaluators, levels (with the ladder's figures) and the hint player,
/// with their options: the page builds its menus from this.
#[must_use]
pub fn players() -> Registry {
    REGISTRY
}
