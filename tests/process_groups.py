"""Processes the tests start, ended with everything they started when the test ends or the run
is stopped.

Each process starts in a process group of its own (`start_new_session`), so that its children
(a pool's workers, a benchmark's checks) can be ended with it by one `killpg`. A group is
ended when the test that started it returns or fails (`run`'s `finally`, the `processes`
fixture's teardown), when this process gets SIGINT or SIGTERM (the handlers `install`
sets: Ctrl-C, `timeout`, a CI cancel, pytest-xdist stopping a worker), and, for the process
itself, when this process dies without running either (`PR_SET_PDEATHSIG`: a SIGKILL). Before
this, Ctrl-C on the suite left `benchmarks/corpus.py` running for half an hour, adopted by
init (issue 33).
"""

from __future__ import annotations

import os
import signal
import subprocess

from scanlint.engine.orphans import kill_with_parent

LIVE: set[int] = set()  # process groups started and not yet ended (their leaders' ids)
_PREVIOUS: dict[int, object] = {}


def start(args, **kwargs) -> subprocess.Popen:
    """`subprocess.Popen` in a group of its own, ended by `end` or when the run is stopped."""
    kwargs.setdefault("stdin", subprocess.DEVNULL)  # a background group must not read a tty
    process = subprocess.Popen(args, start_new_session=True, preexec_fn=kill_with_parent,
                               **kwargs)
    LIVE.add(process.pid)
    return process


def end(process: subprocess.Popen) -> None:
    """End the process's group (what is still running in it), then reap the process."""
    _kill_group(process.pid)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:  # a process in uninterruptible sleep: leave it
        pass


def run(args, *, input=None, timeout=None, check=False, capture_output=False,
        **kwargs) -> subprocess.CompletedProcess:
    """`subprocess.run`, whose process and every process it started end with it (after a
    timeout, an exception or a stop too)."""
    if capture_output:
        kwargs.update(stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if input is not None:
        kwargs["stdin"] = subprocess.PIPE
    process = start(args, **kwargs)
    try:
        stdout, stderr = process.communicate(input, timeout=timeout)
    finally:
        end(process)
    done = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
    if check:
        done.check_returncode()
    return done


def _kill_group(pid: int) -> None:
    LIVE.discard(pid)
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def end_all() -> None:
    for pid in list(LIVE):
        _kill_group(pid)


def _on_signal(number: int, frame) -> None:
    end_all()
    previous = _PREVIOUS.get(number)
    if callable(previous):
        previous(number, frame)  # pytest's SIGINT: KeyboardInterrupt, a clean stop
        return
    signal.signal(number, signal.SIG_DFL)  # SIGTERM's default: end, as if never caught
    os.kill(os.getpid(), number)


def install() -> None:
    """Catch SIGINT and SIGTERM in this process (once): end every live group, then do what
    the signal did before."""
    for number in (signal.SIGINT, signal.SIGTERM):
        current = signal.getsignal(number)
        if current is not _on_signal:
            _PREVIOUS[number] = current
            signal.signal(number, _on_signal)


class Processes:
    """What the `processes` fixture gives a test: `start` as above, each process ended at
    the test's teardown."""

    def __init__(self) -> None:
        self.started: list[subprocess.Popen] = []

    def start(self, args, **kwargs) -> subprocess.Popen:
        process = start(args, **kwargs)
        self.started.append(process)
        return process

    def end_all(self) -> None:
        for process in self.started:
            end(process)
