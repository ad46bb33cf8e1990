"""Running one version in a verify session (`session.py`), in its own subprocess, with a
timeout; scanlint's side: no jax, no user code here.

A session runs the project's tests (`python -m pytest -p scanlint.verify.session -p
no:cacheprovider ARGS`, from the project root) or the calls (`python -m
scanlint.verify.session REQUEST`, from the module's folder), in its own process group, and
writes a log per process (several with pytest-xdist), merged here.
"""

from __future__ import annotations

import glob
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field

from scanlint.verify.loading import ModuleLocation, subprocess_env
from scanlint.verify.probes import Probe

EXIT_NO_TESTS = 5  # pytest's "no tests collected"


@dataclass(frozen=True)
class Version:
    """One version of a verified module: where it lives, its text, its probes."""

    location: ModuleLocation
    source: str
    probes: tuple[Probe, ...]


@dataclass(frozen=True)
class RunOptions:
    timeout: float = 300.0
    pytest_timeout: float = 3600.0
    hlo: bool = False
    bench: bool = False
    bench_calls: int = 200
    variant: str = ""  # "", "float16", "bfloat16" or "x64"
    max_jaxprs: int = 5
    # A differential search (benchmarks/verify_mutants.py): each call into the module gets
    # other inputs of the same shapes and dtypes, drawn from this seed, in both versions.
    perturb: int | None = None


@dataclass
class Log:
    """What one session recorded (every process of it merged), or why it has nothing."""

    records: list[dict] = field(default_factory=list)
    unattributed: list[int] = field(default_factory=list)
    imported: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    backend: str | None = None
    jax: str | None = None
    outcome: dict = field(default_factory=dict)
    error: str | None = None  # the session itself failed (timed out, crashed)


class Session:
    """A session started at construction; `log()` waits for it."""

    def __init__(self, versions: list[Version], calls: list[dict], pytest_args: list[str] | None,
                 options: RunOptions, root: str) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="scanlint-verify-")
        request = {"modules": [{"location": asdict(v.location), "source": v.source,
                                "probes": [p.to_json() for p in v.probes]} for v in versions],
                   "calls": calls, "max_jaxprs": options.max_jaxprs,
                   "options": {"hlo": options.hlo, "bench": options.bench,
                               "bench_calls": options.bench_calls, "variant": options.variant,
                               "perturb": options.perturb},
                   "output": self.folder.name}
        path = os.path.join(self.folder.name, "request.json")
        with open(path, "w", encoding="utf-8") as out:
            json.dump(request, out)
        env = subprocess_env([v.location.import_root for v in versions])
        if pytest_args is None:
            command = [sys.executable, "-m", "scanlint.verify.session", path]
            self.timeout = options.timeout
        else:
            env["SCANLINT_VERIFY_SESSION"] = path
            command = [sys.executable, "-m", "pytest", "-p", "scanlint.verify.session",
                       "-p", "no:cacheprovider", *pytest_args]
            self.timeout = options.pytest_timeout
        # The same hashes (set order) in both versions' runs; the generators are seeded too.
        env.setdefault("PYTHONHASHSEED", "0")
        self.process = start_process(command, root, env)

    def stop(self) -> None:
        stop(self.process)
        self.folder.cleanup()

    def log(self) -> Log:
        output = wait(self.process, self.timeout)
        try:
            if output is None:
                return Log(error=f"timed out after {self.timeout:g} s")
            parts = []
            for path in sorted(glob.glob(os.path.join(self.folder.name, "session-*.json"))):
                with open(path, encoding="utf-8") as handle:
                    parts.append(json.load(handle))
            if not parts:
                return Log(error="the session did not finish: " + last_lines(output))
            return merged(parts)
        finally:
            self.folder.cleanup()


def merged(parts: list[dict]) -> Log:
    """One log from each process's: records keyed by test, label and order, the first
    process's copy of a module's import kept."""
    log = Log(backend=parts[0].get("backend"), jax=parts[0].get("jax"))
    seen = set()
    for part in parts:
        for record in part["records"]:
            key = (record["test"], record["label"], record["seq"])
            if key not in seen:
                seen.add(key)
                log.records.append(record)
        log.unattributed = sorted(set(log.unattributed) | set(part["unattributed"]))
        log.imported = sorted(set(log.imported) | set(part["imported"]))
        log.errors += [e for e in part["errors"] if e not in log.errors]
        if "exitstatus" in part:
            outcome = log.outcome
            outcome["exitstatus"] = max(outcome.get("exitstatus", 0), part["exitstatus"])
            for key in ("failed", "collected"):
                outcome[key] = outcome.get(key, 0) + part[key]
    return log


def run_versions(sessions: list[dict], options: RunOptions) -> list[Log]:
    """Each session's log: in parallel, or one at a time when timing (on a small machine two
    would time each other)."""
    started = []
    try:
        if options.bench:
            logs = []
            for kwargs in sessions:
                started.append(Session(options=options, **kwargs))
                logs.append(started[-1].log())
            return logs
        started = [Session(options=options, **kwargs) for kwargs in sessions]
        return [session.log() for session in started]
    finally:  # interrupted while waiting: no session goes on alone
        for session in started:
            session.stop()


def outcome_warning(outcome: dict, used: str = "the calls it made are used") -> str | None:
    status = outcome.get("exitstatus", 0)
    if status == 0:
        return None
    if status == EXIT_NO_TESTS:
        return "the test run collected no tests"
    return (f"the test run did not pass (pytest exit {status}, {outcome['failed']} failed of "
            f"{outcome['collected']} collected); {used} all the same")


def start_process(command: list[str], cwd: str, env: dict) -> subprocess.Popen:
    """In its own process group, so a timeout ends it and whatever it started; and ended by
    the kernel if scanlint itself is killed (Linux)."""
    from scanlint.engine.orphans import kill_with_parent

    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, env=env, cwd=cwd, start_new_session=True,
                            preexec_fn=kill_with_parent)


def wait(process: subprocess.Popen, timeout: float) -> bytes | None:
    """The process's stdout and stderr once it ends; None (and the group killed) on timeout.
    Interrupted (Ctrl-C reaches only scanlint: the group has its own session), it ends the
    group too."""
    try:
        stdout, stderr = process.communicate(timeout=timeout)
        return stdout + stderr
    except subprocess.TimeoutExpired:
        stop(process)
        return None
    except BaseException:
        stop(process)
        raise


def stop(process: subprocess.Popen) -> None:
    """End the process's group, if it still runs."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, 9)
    except OSError:
        process.kill()
    process.communicate()


def last_lines(output: bytes, count: int = 3) -> str:
    return " | ".join(output.decode("utf-8", "replace").strip().splitlines()[-count:])
