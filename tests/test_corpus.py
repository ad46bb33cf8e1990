"""The standard library and the installed jax, flax and optax sources: no crash, no internal
error, and every fix (unsafe ones too) parses and is a fixed point. Slow: about a minute on two
cores."""

import sys

import pytest

from conftest import ROOT
import process_groups


@pytest.mark.slow
def test_corpus_runs_clean():
    pytest.importorskip("jax")
    result = process_groups.run([sys.executable, str(ROOT / "benchmarks" / "corpus.py")],
                                capture_output=True, text=True, timeout=1200)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "crashes: 0  internal errors (SCN990): 0  fixes that failed to parse or were not " \
           "idempotent: 0" in result.stdout
    files = int(result.stdout.split("files: ")[1].split()[0])
    assert files > 1000
    trees = result.stdout.split("trees: ")[1].splitlines()[0]
    for package in ("jax", "flax", "optax"):  # the dev extra installs all three
        assert f"site-packages/{package}" in trees, trees
