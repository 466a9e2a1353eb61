//! What each paper experiment's report says beside its tables: the settings in words, and how
//! to read c4's numbers against the paper's.

pub const AYOUB_SETTINGS: &str = "alpha-beta at the paper's depths, columns tried left to right, random choice among equal \
best moves, a won game worth 100 and a lost one -100 whatever the heuristic's scale (win-score=100), the naive \
heuristic drawing a fresh random number in [0, 50) at every leaf (mode=stream), the other heuristics counting the \
player's own discs only (sides=own), CPU 1 always moving first, 1000 games per row. Each table is played twice: \
first with leaves scored for the player to move at the leaf (view=mover), then with textbook minimax (view=root)";

pub const AYOUB_READING: &str = "With textbook minimax, c4 does not reproduce Ayoub's ranking: the centre matrix wins \
most and the corner matrix least, the opposite of his Table 6. Scoring each leaf for the player to move *at the \
leaf* and using it unchanged as the searcher's value (view=mover) reproduces his numbers closely (for example \
naive against center: 65.8% in the paper). At his odd depth 5 the leaf's player to move is the opponent, so the \
searcher maximises the opponent's heuristic: pushing the opponent towards the centre favours the corner matrix, \
and a random score is then the least harmful, which is why \"naive ranks first\". This is a reading of his \
results, not of his code, which the report does not include. Ayoub's players share one Java random generator per \
run; c4 seeds each game, so single rows can still differ by more than chance.";

pub const KANG_SETTINGS: &str = "alpha-beta (same values as the paper's minimax) at the paper's depths, a random move \
between the two best columns at each player's 3rd, 6th, 9th ... move (random-every=3), H1 scoring terminal \
positions with its own features (win-score=eval: feature 1 is infinity), H2 the centre matrix, 100 games per \
pairing (the paper's text; the Table 6 caption says 10)";

pub const KANG_READING: &str = "Kang et al. played 10 or 100 games per pairing, so their shares carry intervals of \
+-10 to +-30 points; c4's intervals show which differences are beyond chance. Where the paper is silent \
(who moves first in Tables 7-9) c4 alternates colours. In c4's runs H2 (the centre matrix) beats H1 from depth 4 \
on, the reverse of Table 9. `c4 experiment kang-readings` tests the readings that could explain it (\"available\" \
squares as empty rather than playable now, terminal positions scored by the search rather than by H1, and three \
variants of the random move every third turn), alone and combined: none reproduces Table 9.";

pub const KANG_READINGS_SETTINGS: &str = "as kang-h1-vs-h2 (alpha-beta at depths 2, 4, 6 and 8, H2 the centre matrix, \
100 games per pairing, colours alternating), with one or more of H1's readings changed: feature 3's \"available\" \
squares as merely empty (count=empty) rather than playable now; terminal positions scored above any heuristic value \
(win-score=auto) rather than by H1's own features; the random move counted on the game's moves (random-count=game) \
rather than each player's own, made to any legal column (random-pick=any) rather than one of the two best, or left \
out (random-every=off). Each table is one reading; the summary counts the rows whose paper share lies inside c4's \
95% interval";

pub const KANG_READINGS_READING: &str = "No reading, alone or combined, reproduces Table 9. In c4's runs (seed 1, 100 \
games per row) not one of the 40 rows has the paper's share inside its 95% interval, and every reading keeps the \
shape that separates c4 from the paper: H1 does best at depth 2 (50-68% against the paper's 24%) and worse from depth \
4 on (0-50% against 60-81%), where the paper has H1 improving with depth. Reading \"available\" as empty helps H1 most \
at depths 6 and 8 (35-45% against 20-27% as run), a random move to any column pulls every share towards 50%, scoring \
terminal positions by the search or counting the random move on the game's moves changes little, and without the \
random move the players are deterministic, so each pairing repeats two games. What Table 9 measured must differ \
from these readings in something the paper does not describe: its H1 code, or its search.";

pub const WIN_SCALE_READING: &str = "Ayoub scores a won game 100 whatever the heuristic's scale, while the matrices sum \
to more than that in a middle game, so a heuristic leaf can outweigh a forced win. The four tables separate the two \
questions. In c4's runs (seed 1, 1000 games per row) the leaf view decides the ranking: with leaves scored for the \
player to move there and a win worth 100, the per-heuristic totals land within a few points of Ayoub's Table 6 \
(naive first, center last); under textbook minimax the centre matrix wins most games and the corner matrix least, \
whatever the win value. Raising the win value above every heuristic value shifts each heuristic by a few points \
but changes no ranking under textbook minimax.";
