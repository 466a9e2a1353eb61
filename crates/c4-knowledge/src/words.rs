//! A verdict in plain words, one line a sentence: what the terminal, the page and Python
//! print. Squares are c4's square names (`a1` bottom left); players are Red (first, `X`)
//! and Yellow (second, `O`).

use crate::rules::Rule;
use crate::verdict::{Proof, ProofResult, RuleUse, Threats, Verdict};
use c4_core::{Player, Size, Square};

/// A player's name with its place in the order of play.
#[must_use]
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::Red => "Red (first player)",
        Player::Yellow => "Yellow (second player)",
    }
}

/// A player's colour, `Red` or `Yellow`.
#[must_use]
pub fn colour_name(player: Player) -> &'static str {
    match player {
        Player::Red => "Red",
        Player::Yellow => "Yellow",
    }
}

/// A group as its end squares, `a1-d4`.
#[must_use]
pub fn group_name(group: &[Square; 4]) -> String {
    format!("{}-{}", group[0], group[3])
}

fn squares_text(squares: &[Square]) -> String {
    squares
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The rows that "even" names on a board of `size`, as a player counts them from the bottom.
#[must_use]
pub fn even_rows(size: Size) -> String {
    let height = size.height();
    let rows: Vec<String> = (1..=height)
        .filter(|row| (height - row).is_multiple_of(2))
        .map(|row| row.to_string())
        .collect();
    rows.join(", ")
}

/// The verdict in words, a sentence a line.
#[must_use]
pub fn describe(verdict: &Verdict, size: Size) -> Vec<String> {
    let mut lines = Vec::new();
    if verdict.game_over {
        lines.push("The game is over: there is nothing left to explain.".to_owned());
        return lines;
    }
    match &verdict.proof {
        Some(proof) => describe_proof(proof, verdict, size, &mut lines),
        None => {
            lines.push(
                "No proof from the rules: they do not settle this position by themselves."
                    .to_owned(),
            );
        }
    }
    lines.push(zugzwang_line(verdict, size));
    for player in [Player::Red, Player::Yellow] {
        lines.push(threats_line(player, &verdict.threats[player as usize]));
    }
    lines
}

fn describe_proof(proof: &Proof, verdict: &Verdict, size: Size, lines: &mut Vec<String>) {
    let (player, opponent) = (colour_name(proof.player), colour_name(proof.player.other()));
    let what = match proof.result {
        ProofResult::Win => "wins",
        ProofResult::AtLeastDraw => "at least draws",
    };
    let how = if verdict.nodes == 0 {
        "proven by Allis' rules alone, no search".to_owned()
    } else {
        format!(
            "proven by Allis' rules after {} position{} searched",
            verdict.nodes,
            if verdict.nodes == 1 { "" } else { "s" }
        )
    };
    lines.push(format!("{} {what}: {how}.", player_name(proof.player)));
    if let Some(column) = proof.first_move {
        if proof.rules.is_empty() && proof.odd_threat.is_none() && proof.result == ProofResult::Win
        {
            lines.push(format!(
                "{player} wins at once in column {}.",
                column.letter()
            ));
            return;
        }
        lines.push(format!(
            "{player} plays column {} first; then the rules hold.",
            column.letter()
        ));
    }
    if let Some(threat) = proof.odd_threat {
        lines.push(format!(
            "Odd threat at {threat}: {player} answers every move in column {} above it, so \
             {opponent} must at last fill the square below it and {player} completes four there. \
             It answers {} of {opponent}'s groups by itself.",
            threat.column().letter(),
            proof.refuted_by_threat.len()
        ));
    }
    if proof.rules.is_empty() && proof.odd_threat.is_none() {
        lines.push(format!(
            "{opponent} has no group left that could make four."
        ));
        return;
    }
    if !proof.rules.is_empty() {
        let groups: usize = proof.rules.iter().map(|r| r.refutes.len()).sum();
        lines.push(format!(
            "{} rule application{} {} {opponent}'s groups ({groups} answers in all; even \
             squares are rows {} counted from the bottom):",
            proof.rules.len(),
            if proof.rules.len() == 1 { "" } else { "s" },
            if proof.rules.len() == 1 {
                "answers"
            } else {
                "answer"
            },
            even_rows(size)
        ));
    }
    for (index, rule) in proof.rules.iter().enumerate() {
        lines.push(format!("{}. {}", index + 1, rule_line(rule, proof.player)));
    }
}

/// One application in words: the rule, its squares, its replies and the groups it answers.
#[must_use]
pub fn rule_line(rule: &RuleUse, player: Player) -> String {
    let kind = rule.application.rule;
    let mut text = format!("{} on {}", kind.name(), squares_text(&rule.squares));
    if let Some(group) = &rule.group {
        text.push_str(&format!(
            " ({}'s group {})",
            colour_name(player),
            group_name(group)
        ));
    }
    let replies: Vec<String> = rule
        .replies
        .iter()
        .map(|(m, r)| {
            format!(
                "if {} plays {m}, {} answers {r}",
                colour_name(player.other()),
                colour_name(player)
            )
        })
        .collect();
    if !replies.is_empty() {
        text.push_str(": ");
        text.push_str(&replies.join("; "));
    }
    if matches!(
        kind,
        Rule::Lowinverse | Rule::Highinverse | Rule::Aftereven | Rule::Before
    ) {
        text.push_str(&format!(" ({})", kind.summary()));
    }
    let names: Vec<String> = rule.refutes.iter().map(group_name).collect();
    text.push_str(&format!(
        ". Answers {}: {}.",
        if names.len() == 1 {
            "1 group"
        } else {
            "groups"
        },
        names.join(", ")
    ));
    text
}

fn zugzwang_line(verdict: &Verdict, size: Size) -> String {
    let z = verdict.zugzwang;
    format!(
        "{} controls the zugzwang: answering each move directly above it, {} takes the even \
         squares (rows {}), so {} needs an odd threat to win.",
        colour_name(z),
        colour_name(z),
        even_rows(size),
        colour_name(z.other())
    )
}

fn threats_line(player: Player, threats: &Threats) -> String {
    let list = |squares: &[Square]| {
        if squares.is_empty() {
            "none".to_owned()
        } else {
            squares_text(squares)
        }
    };
    format!(
        "{}'s threats: odd {}; even {}.",
        colour_name(player),
        list(&threats.odd),
        list(&threats.even)
    )
}
