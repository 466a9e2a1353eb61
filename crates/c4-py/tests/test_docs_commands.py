"""Every `python -m c4lab.ray` command in the sh blocks of the README and docs/ parses with the
real argument parser: the long runs are not started, but a renamed option or a value that no
longer parses fails here (the CLI's `c4` commands are checked the same way by
crates/c4-cli/tests/docs_commands.rs)."""

from __future__ import annotations

import pathlib
import re
import shlex

import pytest

ray_cli = pytest.importorskip("c4lab.ray.cli", reason="the ray extra is not installed")

ROOT = pathlib.Path(__file__).resolve().parents[3]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PREFIX = ["python", "-m", "c4lab.ray"]


def sh_commands(text: str) -> list[str]:
    """The Python commands of a page's sh blocks, continued lines joined, comments dropped."""
    commands = []
    for block in re.findall(r"```(?:sh|bash)\n(.*?)```", text, re.S):
        joined = re.sub(r"\\\n", " ", block)
        for line in joined.splitlines():
            if line.lstrip().startswith("python"):
                commands.append(shlex.split(line, comments=True))
    return commands


def ray_commands() -> list[tuple[str, list[str]]]:
    found = []
    for page in PAGES:
        for words in sh_commands(page.read_text()):
            if words[: len(PREFIX)] == PREFIX:
                found.append((page.name, words[len(PREFIX) :]))
    return found


def test_the_docs_show_ray_commands():
    assert len(ray_commands()) >= 5


@pytest.mark.parametrize("page,arguments", ray_commands())
def test_each_ray_command_in_the_docs_parses(page, arguments):
    try:
        ray_cli._parser().parse_args(arguments)
    except SystemExit as exit:
        pytest.fail(f"{page}: python -m c4lab.ray {' '.join(arguments)} does not parse ({exit})")


def test_a_renamed_option_fails_the_parse():
    with pytest.raises(SystemExit):
        ray_cli._parser().parse_args(["match", "--a", "easy", "--b", "easy", "--gamez", "3"])
