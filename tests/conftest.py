import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def run_scanlint(*args, cwd=None, stdin=None, env=None):
    """Run `python -m scanlint` in a subprocess, as a user would."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "scanlint", *args], cwd=cwd, input=stdin,
                          capture_output=True, text=True, env=full_env, timeout=300)


@pytest.fixture
def fixtures_copy(tmp_path):
    import shutil

    target = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, target)
    return target
