"""Running one version of a module in its own subprocess, with a timeout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass

from scanlint.verify.plan import Entry


@dataclass(frozen=True)
class RunOptions:
    timeout: float = 300.0
    hlo: bool = False
    bench: bool = False
    bench_calls: int = 200
    variant: str = ""  # "", "float16", "bfloat16" or "x64"


class VersionRun:
    """One version of the module, started at construction; `result()` waits for it."""

    def __init__(self, source: str, original_path: str, entries: list[Entry],
                 options: RunOptions) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="scanlint-verify-")
        base = os.path.basename(original_path) if original_path.endswith(".py") else "subject.py"
        module_path = os.path.join(self.folder.name, base)
        with open(module_path, "w", encoding="utf-8") as out:
            out.write(source)
        request = {
            "module": module_path,
            "module_name": "scanlint_verify_" + os.path.splitext(base)[0].replace("-", "_"),
            "entries": [{"label": e.label, "call": e.call} for e in entries if e.call],
            "hlo": options.hlo, "bench": options.bench, "bench_calls": options.bench_calls,
            "variant": options.variant,
        }
        self.request_path = os.path.join(self.folder.name, "request.json")
        self.result_path = os.path.join(self.folder.name, "result.json")
        with open(self.request_path, "w", encoding="utf-8") as out:
            json.dump(request, out)
        env = dict(os.environ)
        # The module's own folder comes first, so its sibling imports resolve as they would.
        folder = os.path.dirname(os.path.abspath(original_path))
        env["PYTHONPATH"] = os.pathsep.join(p for p in (folder, env.get("PYTHONPATH")) if p)
        self.timeout = options.timeout
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scanlint.verify.child", self.request_path, self.result_path],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
            env=env, cwd=folder)

    def result(self) -> dict:
        try:
            _, stderr = self.process.communicate(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()
            return {"error": f"timed out after {self.timeout:g} s", "entries": {}}
        try:
            with open(self.result_path, encoding="utf-8") as handle:
                return json.load(handle)
        except (OSError, ValueError):
            tail = stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
            return {"error": "the subprocess failed: " + " | ".join(tail), "entries": {}}
        finally:
            self.folder.cleanup()
