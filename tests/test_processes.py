"""A run stopped halfway, however it is stopped (Ctrl-C on its process group, SIGTERM as
`timeout` and CI cancellation send it, SIGKILL), leaves no scanlint process behind."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SOURCE = ("import jax\n\n\ndef run(xs, k):\n    step = lambda c, x: (c + k * x, c)\n"
          "    return jax.lax.scan(step, 0.0, xs)\n") * 20

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")


def processes_naming(marker: str) -> list[int]:
    """Processes whose command line holds ``marker`` (pool workers are forks: theirs is the
    parent's)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                if marker.encode() in handle.read():
                    found.append(int(entry))
        except OSError:
            continue
    return found


@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM", "SIGKILL"])
def test_no_worker_outlives_its_run(tmp_path, how, processes):
    folder = tmp_path / f"stop-{how.lower()}"
    folder.mkdir()
    for i in range(150):
        (folder / f"m{i:03d}.py").write_text(SOURCE)
    process = processes.start([sys.executable, "-m", "scanlint", "check", "--no-cache",
                               "--jobs", "2", str(folder)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while len(processes_naming(str(folder))) < 3 and time.time() < deadline:
        time.sleep(0.05)  # the run and its two workers
    assert len(processes_naming(str(folder))) >= 3, "the pool never started"
    if how == "SIGINT":
        os.killpg(process.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
    else:
        os.kill(process.pid, getattr(signal, how))  # the run alone, not its workers
    process.wait(timeout=60)
    deadline = time.time() + 10
    while processes_naming(str(folder)) and time.time() < deadline:
        time.sleep(0.1)
    assert processes_naming(str(folder)) == []


# A test that starts a process which starts another, both sleeping: what a benchmark with a
# pool does (tests/test_corpus.py runs benchmarks/corpus.py).
INNER_TEST = '''
import sys, time
import process_groups

SLEEPER = ("import subprocess, sys, time; "
           "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)', '{marker}']); "
           "time.sleep(600)")


def test_runs_a_long_process():
    process_groups.run([sys.executable, "-c", SLEEPER, "{marker}"], timeout=600)


def test_starts_one_and_fails(processes):
    processes.start([sys.executable, "-c", SLEEPER, "{marker}"])
    time.sleep(2)
    assert False, "the test fails while its process runs"
'''


@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM", "teardown"])
def test_a_stopped_run_leaves_no_process_a_test_started(tmp_path, how, processes):
    """Ctrl-C on the suite (SIGINT to its process group), SIGTERM to pytest, or a test that
    fails: every process a test started, and every process those started, is ended."""
    marker = f"scanlint-test-marker-{how}-{os.getpid()}"
    (tmp_path / "test_inner.py").write_text(INNER_TEST.replace("{marker}", marker))
    which = "test_starts_one_and_fails" if how == "teardown" else "test_runs_a_long_process"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")])}
    suite = processes.start([sys.executable, "-m", "pytest", "-q", "-p", "conftest", "-p",
                             "no:cacheprovider", f"{tmp_path / 'test_inner.py'}::{which}"],
                            cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while len(processes_naming(marker)) < 2 and time.time() < deadline:
        time.sleep(0.05)  # the test's process and the one it started
    assert len(processes_naming(marker)) == 2, "the processes never started"
    if how == "SIGINT":
        os.killpg(suite.pid, signal.SIGINT)  # a terminal's Ctrl-C
    elif how == "SIGTERM":
        os.kill(suite.pid, signal.SIGTERM)
    suite.wait(timeout=120)
    deadline = time.time() + 10
    while processes_naming(marker) and time.time() < deadline:
        time.sleep(0.1)
    assert processes_naming(marker) == []
