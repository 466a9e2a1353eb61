"""A short match between a player written in Python and a c4 player, through the arena.

    python python_player_match.py [--games 20]
"""

from __future__ import annotations

import argparse

import c4lab


def greedy(position: c4lab.Position) -> int:
    """Wins at once if it can, blocks the opponent's immediate win, else plays nearest the
    centre."""
    moves = sorted(position.legal_moves(), key=lambda c: abs(c - 3))
    for column in moves:
        if position.play(column).status == "won":
            return column
    for column in moves:
        reply = position.play(column)
        if not any(reply.play(r).status == "won" for r in reply.legal_moves()):
            return column
    return moves[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    result = c4lab.match(greedy, "easy", games=args.games, openings=2, seed=1)
    print(result.text, end="")
    wdl, score = result.summary["wdl"], result.summary["score"]
    print(
        f"greedy against easy: +{wdl['wins']} ={wdl['draws']} -{wdl['losses']}, "
        f"score {score['value']:.1%} [{score['low']:.1%}, {score['high']:.1%}]"
    )


if __name__ == "__main__":
    main()
