"""c4lab.explain: Allis' strategic rules from Python, the same answer as the CLI's JSON."""

import json
import subprocess
from pathlib import Path

import pytest

import c4lab


def test_the_second_player_at_least_draws_on_the_empty_6x4_board_by_the_rules_alone():
    answer = c4lab.explain("", size="6x4")
    proof = answer["proof"]
    assert proof["player"] == "second"
    assert proof["result"] == "at_least_draw"
    assert answer["nodes"] == 0
    assert len(proof["rules"]) == 8
    names = {rule["rule"] for rule in proof["rules"]}
    assert {"claimeven", "baseinverse", "before"} <= names
    # Every group of the first player is answered by some application: on the empty 6x4
    # board every line, (6-3)*4 across + 6*(4-3) up + 2*(6-3)*(4-3) diagonal = 24.
    answered = {tuple(group) for rule in proof["rules"] for group in rule["refutes"]}
    assert len(answered) == 24, answered
    assert answer["text"][0] == "Yellow (second player) at least draws: proven by Allis' rules alone, no search."


def test_after_an_opening_off_the_middle_the_reply_is_named():
    answer = c4lab.explain("1")
    assert answer["proof"]["player"] == "second"
    assert answer["proof"]["first_move"] == 2
    assert answer["nodes"] == 1


def test_a_search_settles_7x4_after_the_middle_move():
    answer = c4lab.explain("4", size="7x4", search=20000)
    assert answer["proof"] is None
    assert answer["search"] == {"player": "second", "found": "proven", "nodes": 7797}


def test_bad_input_raises_value_error():
    with pytest.raises(ValueError, match="8"):
        c4lab.explain("8")
    with pytest.raises(ValueError, match="size"):
        c4lab.explain("", size="3x3")


def test_the_answer_is_the_clis():
    repo = Path(__file__).resolve().parents[3]
    binary = next((repo / "target" / b / "c4" for b in ("release", "debug")
                   if (repo / "target" / b / "c4").exists()), None)
    if binary is None:
        pytest.skip("the c4 binary is not built")
    out = subprocess.run([binary, "explain", "--json", "--no-solver", "--size", "6x5", "3435"],
                         check=True, capture_output=True, text=True).stdout
    cli = json.loads(out)
    ours = c4lab.explain("3435", size="6x5")
    for answer in (cli, ours):
        answer.pop("time_ms")
    assert cli == ours
