"""One pytest run under the measuring plugin (scanlint's side: no jax here; `plugin.py` is
the plugin inside). It is launched as `verify --pytest` launches its run: from the project
root, in its own process group, with a timeout; failing tests are a warning."""

from __future__ import annotations

import glob
import json
import os
import sys
import tempfile
from dataclasses import dataclass, field

from scanlint.verify.loading import subprocess_env
from scanlint.verify.runs import last_lines, outcome_warning, start_process, wait


@dataclass
class Measured:
    """What every pytest process of the run recorded, put together."""

    root: str
    compiles: list[dict] = field(default_factory=list)
    loops: dict[str, tuple[int, int]] = field(default_factory=dict)  # "path:line" -> span
    failed_tests: list[str] = field(default_factory=list)
    not_instrumented: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0  # the test run's wall time, the plugin included
    error: str | None = None
    # loop bodies that returned a carry of other types than their input (jax raised)
    carry_errors: list[dict] = field(default_factory=list)
    # while loops (and fori_loops with traced bounds) reverse mode met (jax raised)
    reverse_errors: list[dict] = field(default_factory=list)
    # operations dispatched one by one under a transform, per test and calling line
    eager: list[dict] = field(default_factory=list)


def measure(pytest_args: list[str], root: str, timeout: float, bench: bool = False
            ) -> Measured:
    """Run the tests once under the plugin; what it wrote, or why it wrote nothing. With
    ``bench`` (--bench-fixes) the plugin also times long scans at other unrolls."""
    import time

    root = os.path.abspath(root)
    with tempfile.TemporaryDirectory(prefix="scanlint-measure-") as folder:
        request_path = os.path.join(folder, "request.json")
        with open(request_path, "w", encoding="utf-8") as out:
            json.dump({"root": root, "output": folder, "bench": bench}, out)
        env = subprocess_env([root])
        env["SCANLINT_MEASURE"] = request_path
        command = [sys.executable, "-m", "pytest", "-p", "scanlint.measure.plugin",
                   "-p", "no:cacheprovider", *pytest_args]
        started = time.perf_counter()
        output = wait(start_process(command, root, env), timeout)
        seconds = time.perf_counter() - started
        if output is None:
            return Measured(root, error=f"the test run timed out after {timeout:g} s")
        written = []
        for path in sorted(glob.glob(os.path.join(folder, "measure-*.json"))):
            with open(path, encoding="utf-8") as handle:
                written.append(json.load(handle))
    if not written:
        return Measured(root, error="the test run did not finish: " + last_lines(output))
    measured = merged(written, root)
    measured.seconds = seconds
    return measured


def merged(written: list[dict], root: str) -> Measured:
    """One record from each pytest process's file (several with pytest-xdist)."""
    measured = Measured(root)
    for part in written:
        measured.compiles += part["compiles"]
        measured.carry_errors += part.get("carry_errors", [])
        measured.eager += part.get("eager", [])
        measured.reverse_errors += part.get("reverse_errors", [])
        measured.loops.update({key: tuple(span) for key, span in part["loops"].items()})
        measured.failed_tests += [t for t in part["failed_tests"]
                                  if t not in measured.failed_tests]
        measured.not_instrumented.update(part["not_instrumented"])
        for text in [outcome_warning(part, "what it compiled is measured"), *part["problems"]]:
            if text and text not in measured.warnings:
                measured.warnings.append(text)
    return measured


def load(path: str) -> Measured:
    """Measurements `save` wrote; ValueError when the file is not that."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        return Measured(data["root"], data["compiles"],
                        {key: tuple(span) for key, span in data["loops"].items()},
                        data["failed_tests"], data["not_instrumented"], data["warnings"],
                        data["seconds"], carry_errors=data.get("carry_errors", []),
                        eager=data.get("eager", []),
                        reverse_errors=data.get("reverse_errors", []))
    except OSError as error:
        raise ValueError(f"{path}: {error.strerror}") from None
    except (ValueError, KeyError, TypeError, AttributeError):
        raise ValueError(f"{path}: not measurements written by --measurements") from None


def save(measured: Measured, path: str) -> None:
    """The raw measurements as JSON, for reading them again or by other tools."""
    data = {"root": measured.root, "seconds": measured.seconds, "warnings": measured.warnings,
            "failed_tests": measured.failed_tests, "not_instrumented": measured.not_instrumented,
            "loops": measured.loops, "compiles": measured.compiles,
            "carry_errors": measured.carry_errors, "eager": measured.eager,
            "reverse_errors": measured.reverse_errors}
    with open(path, "w", encoding="utf-8") as out:
        json.dump(data, out, indent=1)
