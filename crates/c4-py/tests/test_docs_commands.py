"""Every `python -m c4lab.ray` command in the sh blocks of the README and docs/ parses with the
real argument parser: the long runs are not started, but a renamed option or a value that no
longer parses fails here (the CLI's `c4` commands are checked the same way by
crates/c4-cli/tests/cli/docs_commands.rs). Each parse runs in a process of its own: Ray reads its
settings when it is first imported, and the Ray tests set theirs for this process."""

from __future__ import annotations

import importlib.util
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

if importlib.util.find_spec("ray") is None:
    pytest.skip("the ray extra is not installed", allow_module_level=True)

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


def parse(arguments: list[str]) -> subprocess.CompletedProcess:
    """`python -m c4lab.ray ARGUMENTS` parsed by its parser, and nothing run."""
    script = "import sys; from c4lab.ray.cli import _parser; _parser().parse_args(sys.argv[1:])"
    return subprocess.run(
        [sys.executable, "-c", script, *arguments], capture_output=True, text=True
    )


@pytest.mark.parametrize("page,arguments", ray_commands())
def test_each_ray_command_in_the_docs_parses(page, arguments):
    answer = parse(arguments)
    assert answer.returncode == 0, (
        f"{page}: python -m c4lab.ray {' '.join(arguments)} does not parse:\n{answer.stderr}"
    )


def test_a_renamed_option_fails_the_parse():
    answer = parse(["match", "--a", "easy", "--b", "easy", "--out", "d", "--gamez", "3"])
    assert answer.returncode == 2
    assert "--gamez" in answer.stderr
