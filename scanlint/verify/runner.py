"""Running one version of a module in its own subprocess, with a timeout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass

from scanlint.verify.loading import ModuleLocation, subprocess_env
from scanlint.verify.plan import Entry


@dataclass(frozen=True)
class RunOptions:
    timeout: float = 300.0
    hlo: bool = False
    bench: bool = False
    bench_calls: int = 200
    variant: str = ""  # "", "float16", "bfloat16" or "x64"


class VersionRun:
    """One version of the module, started at construction; `result()` waits for it.

    The version is imported under the module's real dotted name (``location``) from the
    project's import root, so its relative and sibling imports resolve as in the project.
    ``cwd`` is where it runs (the project root when replaying the tests' calls); ``sys_path``
    adds the folders the tests ran with, where the classes of recorded arguments live."""

    def __init__(self, source: str, location: ModuleLocation, entries: list[Entry],
                 options: RunOptions, cwd: str | None = None,
                 sys_path: tuple[str, ...] = ()) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="scanlint-verify-")
        request = {
            "module": asdict(location), "source": source, "sys_path": list(sys_path),
            "entries": [entry.request() for entry in entries if entry.runnable],
            "hlo": options.hlo, "bench": options.bench, "bench_calls": options.bench_calls,
            "variant": options.variant,
        }
        self.request_path = os.path.join(self.folder.name, "request.json")
        self.result_path = os.path.join(self.folder.name, "result.json")
        with open(self.request_path, "w", encoding="utf-8") as out:
            json.dump(request, out)
        self.timeout = options.timeout
        self.process = start_process(
            [sys.executable, "-m", "scanlint.verify.child", self.request_path, self.result_path],
            cwd or os.path.dirname(location.path), subprocess_env([location.import_root]))

    def stop(self) -> None:
        stop(self.process)
        self.folder.cleanup()

    def result(self) -> dict:
        stderr = wait(self.process, self.timeout)
        if stderr is None:
            self.folder.cleanup()
            return {"error": f"timed out after {self.timeout:g} s", "entries": {}}
        try:
            with open(self.result_path, encoding="utf-8") as handle:
                return json.load(handle)
        except (OSError, ValueError):
            return {"error": "the subprocess failed: " + last_lines(stderr), "entries": {}}
        finally:
            self.folder.cleanup()


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
