//! `/api/explain`: why a position is what it is, from Allis' strategic rules: a proof a
//! person can follow, or the threats and the zugzwang where the rules give none; with
//! `search`, a proof-number search whose leaves are the rules' verdicts.

use crate::error::RequestError;
use crate::limits::Limits;
use crate::position::parse_game_on;
use crate::search::Search;
use c4_core::{AnySize, Column, Game, Player, Position, Size, Square};
use c4_knowledge::words::describe;
use c4_knowledge::{
    Found, Goal, Proof, ProofResult, RuleUse, Threats, Verdict, explain as rules_verdict,
    proof_number_search,
};
use c4_solver::Cancel;
use c4_solver::clock::Instant;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The most positions one request's search may look at.
pub const MAX_SEARCH_NODES: u64 = 200_000;

/// The body of an explanation request (`POST /api/explain`).
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExplainRequest {
    /// Moves from the empty board.
    #[serde(default)]
    pub moves: String,
    /// The board's size, `"6x5"`; absent means 7x6.
    #[serde(default)]
    pub size: Size,
    /// Where the rules alone leave the position unclear, search up to this many positions
    /// with the rules as leaves (at most [`MAX_SEARCH_NODES`]); absent or 0: no search.
    #[serde(default)]
    pub search: Option<u64>,
}

/// One player named by its place in the order of play, as the JSON writes it.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// The player who moves first (Red).
    First,
    /// The other (Yellow).
    Second,
}

impl From<Player> for Seat {
    fn from(player: Player) -> Seat {
        match player {
            Player::Red => Seat::First,
            Player::Yellow => Seat::Second,
        }
    }
}

/// One rule application of a proof.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RuleJson {
    /// The rule's name (`claimeven`, ...).
    pub rule: String,
    /// The squares it uses.
    pub squares: Vec<String>,
    /// The opponent's groups it answers, each as its four squares.
    pub refutes: Vec<Vec<String>>,
    /// The proof's player's group it completes (aftereven, before, specialbefore).
    pub group: Option<Vec<String>>,
    /// The replies: [the opponent's move, the answer].
    pub replies: Vec<[String; 2]>,
}

/// A proof from the rules.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ProofJson {
    /// Whom it is for.
    pub player: Seat,
    /// `win` or `at_least_draw`.
    pub result: String,
    /// The column the player plays first when it is to move (1-based), then the rules hold.
    pub first_move: Option<Column>,
    /// The odd threat that wins, for the player who does not control the zugzwang.
    pub odd_threat: Option<String>,
    /// The opponent's groups the odd threat answers.
    pub refuted_by_threat: Vec<Vec<String>>,
    /// The applications, which answer every other group of the opponent.
    pub rules: Vec<RuleJson>,
}

/// A player's threats by row parity.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ThreatsJson {
    /// In odd rows (1, 3, 5 on 7x6; counted from the top on every height).
    pub odd: Vec<String>,
    /// In even rows.
    pub even: Vec<String>,
}

/// Each player's threats.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct BothThreats {
    /// The first player's.
    pub first: ThreatsJson,
    /// The second player's.
    pub second: ThreatsJson,
}

/// What a search with the rules as leaves found.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SearchJson {
    /// The player whose result was searched for: the one who controls the zugzwang.
    pub player: Seat,
    /// `at_least_draw` for that player proven, or disproven (the other player wins), or
    /// unknown at the node limit.
    pub found: String,
    /// Positions looked at.
    pub nodes: u64,
}

/// The answer to an explanation request.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub struct ExplainResponse {
    /// The position explained.
    pub moves: String,
    /// Its board.
    pub size: Size,
    /// The player to move.
    pub to_move: Seat,
    /// The proof, or null where the rules give none.
    pub proof: Option<ProofJson>,
    /// Positions searched beyond the rules: the side to move's moves tried before the rules
    /// took over (0 for the rules alone).
    pub nodes: u64,
    /// The search with the rules as leaves, when asked for and the rules alone gave no proof.
    pub search: Option<SearchJson>,
    /// Who controls the zugzwang.
    pub zugzwang: Seat,
    /// Each player's threats.
    pub threats: BothThreats,
    /// The explanation in words, a sentence a line.
    pub text: Vec<String>,
    /// How long the rules (and the search) took, in milliseconds.
    pub time_ms: f64,
    /// What was changed in the request to fit the limits.
    pub clamped: Vec<String>,
}

/// The rules' verdict on the request's position, in words and squares; a finished game is
/// explained as over. The search, when asked for, stops at [`MAX_SEARCH_NODES`], the time
/// cap of `limits` or `cancel`, and says so.
pub fn explain(
    request: ExplainRequest,
    limits: &Limits,
    cancel: &Cancel,
) -> Result<ExplainResponse, RequestError> {
    ExplainSearch::new(request, limits)?.run(cancel)
}

/// An explanation request read: the position, and the search's node limit and time cap.
#[derive(Debug)]
pub struct ExplainSearch {
    game: Game<AnySize>,
    search_nodes: Option<u64>,
    time_cap: Duration,
    clamped: Vec<String>,
}

impl ExplainSearch {
    /// Reads `request` under `limits`: the moves must be a game on the board of its size; a
    /// search over [`MAX_SEARCH_NODES`] is clamped.
    pub fn new(request: ExplainRequest, limits: &Limits) -> Result<ExplainSearch, RequestError> {
        let game = parse_game_on(&request.moves, request.size)?;
        let mut clamped = Vec::new();
        let search_nodes = request.search.filter(|&n| n > 0).map(|asked| {
            if asked > MAX_SEARCH_NODES {
                clamped.push(format!(
                    "search {asked} clamped to {MAX_SEARCH_NODES} positions"
                ));
                MAX_SEARCH_NODES
            } else {
                asked
            }
        });
        Ok(ExplainSearch {
            game,
            search_nodes,
            time_cap: limits.time_cap,
            clamped,
        })
    }
}

impl Search for ExplainSearch {
    type Answer = ExplainResponse;

    fn run(self, cancel: &Cancel) -> Result<ExplainResponse, RequestError> {
        let position: Position<AnySize> = *self.game.position();
        let size = self.game.size();
        let started = Instant::now();
        let verdict = rules_verdict(&position);
        let mut text = describe(&verdict, size);
        let search = match self.search_nodes {
            Some(nodes) if verdict.proof.is_none() && !verdict.game_over => {
                let goal = Goal {
                    player: verdict.zugzwang,
                    result: ProofResult::AtLeastDraw,
                };
                let stop = || cancel.is_cancelled() || started.elapsed() >= self.time_cap;
                let result = proof_number_search(&position, goal, nodes, stop);
                text.push(search_line(verdict.zugzwang, result.found, result.nodes));
                Some(SearchJson {
                    player: verdict.zugzwang.into(),
                    found: match result.found {
                        Found::Proven => "proven",
                        Found::Disproven => "disproven",
                        Found::Unknown => "unknown",
                    }
                    .to_owned(),
                    nodes: result.nodes,
                })
            }
            _ => None,
        };
        Ok(ExplainResponse {
            moves: self.game.move_string(),
            size,
            to_move: position.side_to_move().into(),
            proof: verdict.proof.as_ref().map(proof_json),
            nodes: verdict.nodes,
            search,
            zugzwang: verdict.zugzwang.into(),
            threats: threats_json(&verdict),
            text,
            time_ms: started.elapsed().as_secs_f64() * 1000.0,
            clamped: self.clamped,
        })
    }
}

/// The search's finding in words.
fn search_line(player: Player, found: Found, nodes: u64) -> String {
    let name = c4_knowledge::words::player_name(player);
    let other = c4_knowledge::words::player_name(player.other());
    match found {
        Found::Proven => format!(
            "A search of {nodes} positions, each settled by the rules or the end of the game, \
             proves that {name} at least draws."
        ),
        Found::Disproven => format!(
            "A search of {nodes} positions, each settled by the rules or the end of the game, \
             proves that {other} wins."
        ),
        Found::Unknown => format!(
            "A search of {nodes} positions with the rules as leaves did not settle it (it \
             stopped at its limit)."
        ),
    }
}

fn names(squares: &[Square]) -> Vec<String> {
    squares.iter().map(ToString::to_string).collect()
}

fn rule_json(rule: &RuleUse) -> RuleJson {
    RuleJson {
        rule: rule.application.rule.name().to_owned(),
        squares: names(&rule.squares),
        refutes: rule.refutes.iter().map(|g| names(g)).collect(),
        group: rule.group.as_ref().map(|g| names(g)),
        replies: rule
            .replies
            .iter()
            .map(|(m, r)| [m.to_string(), r.to_string()])
            .collect(),
    }
}

fn proof_json(proof: &Proof) -> ProofJson {
    ProofJson {
        player: proof.player.into(),
        result: proof.result.as_str().to_owned(),
        first_move: proof.first_move,
        odd_threat: proof.odd_threat.map(|s| s.to_string()),
        refuted_by_threat: proof.refuted_by_threat.iter().map(|g| names(g)).collect(),
        rules: proof.rules.iter().map(rule_json).collect(),
    }
}

fn threats_json(verdict: &Verdict) -> BothThreats {
    let one = |threats: &Threats| ThreatsJson {
        odd: names(&threats.odd),
        even: names(&threats.even),
    };
    BothThreats {
        first: one(&verdict.threats[0]),
        second: one(&verdict.threats[1]),
    }
}
