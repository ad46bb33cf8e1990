import os
import sys
from pathlib import Path

import pytest
import process_groups

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def pytest_configure(config):
    """Processes the tests start end with the run when it is stopped (Ctrl-C, SIGTERM):
    `process_groups.py`."""
    process_groups.install()


@pytest.fixture
def processes():
    """Start processes (`processes.start(args, ...)`, as `subprocess.Popen`) that end, with
    every process they started, when the test ends or the run is stopped."""
    started = process_groups.Processes()
    try:
        yield started
    finally:
        started.end_all()


def run_scanlint(*args, cwd=None, stdin=None, env=None):
    """Run `python -m scanlint` in a subprocess, as a user would."""
    full_env = {**os.environ, **(env or {})}
    return process_groups.run([sys.executable, "-m", "scanlint", *args], cwd=cwd, input=stdin,
                              capture_output=True, text=True, env=full_env, timeout=300)


@pytest.fixture
def fixtures_copy(tmp_path):
    import shutil

    target = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, target)
    return target
