"""A run stopped halfway, however it is stopped (Ctrl-C on its process group, SIGTERM as
`timeout` and CI cancellation send it, SIGKILL), leaves no scanlint process behind."""

import os
import signal
import subprocess
import sys
import time

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
def test_no_worker_outlives_its_run(tmp_path, how):
    folder = tmp_path / f"stop-{how.lower()}"
    folder.mkdir()
    for i in range(150):
        (folder / f"m{i:03d}.py").write_text(SOURCE)
    process = subprocess.Popen([sys.executable, "-m", "scanlint", "check", "--no-cache",
                                "--jobs", "2", str(folder)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
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
