"""The Python blocks of the README and of docs/python.md run as written."""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("page", ["README.md", "docs/python.md"])
def test_python_blocks_run(page, tmp_path, monkeypatch):
    # The blocks of a page run in order in one namespace, as a reader types them, in a
    # scratch folder (an experiment writes its results under the current folder).
    monkeypatch.chdir(tmp_path)
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / page).read_text(), re.S)
    assert blocks
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, page, "exec"), namespace)
