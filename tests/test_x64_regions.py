"""Where SCN208 counts 64-bit types as on (`semantic/x64.py`): the `with` forms, whose
spelling depends on jax's release, so these cases are checked statically (the rule's own
cases, run under every jax the suite meets, use `jax.config.update`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scanlint.core.settings import Settings
from scanlint.engine.check import check_text

CASES = sorted((Path(__file__).parent / "x64_regions").glob("*.py"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_x64_region(path):
    text = path.read_text(encoding="utf-8")
    expected = text.splitlines()[0].removeprefix("# expect: ").strip()
    found = [d.code for d in check_text(text, path.name, Settings(select=("SCN208",)))]
    assert found == ([] if expected == "nothing" else [expected]), found
