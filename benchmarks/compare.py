"""Side-by-side timing of scanlint and its peers on the same trees, in one run.

    python benchmarks/compare.py [TREE...] [--repeats 3] [--markdown]

Default trees: the installed jax sources (plus flax and optax when installed), a JAX-heavy
tree; and the Python standard library, a tree with no JAX. Tools run alternately (one of each,
then again), so drift on the machine hits all of them alike. For each: median wall time,
files per second, peak memory of the whole process tree (sampled from /proc), and the ratio
to scanlint's cold run. Peers run the closest rule they have: E731 (lambda assignment).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scanlint.files import discover  # noqa: E402


def tree_rss_kib(root: int) -> int:
    """Resident memory of ``root`` and all its descendants, from /proc."""
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        try:
            with open(f"/proc/{pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
            with open(f"/proc/{pid}/task/{pid}/children") as children:
                stack.extend(int(p) for p in children.read().split())
        except (OSError, ValueError):
            continue
    return total


def run(command: list[str]) -> tuple[float, float]:
    """Wall seconds and peak MiB of one command."""
    peak = 0
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, tree_rss_kib(process.pid))
            done.wait(0.01)

    sampler = threading.Thread(target=sample)
    sampler.start()
    process.wait()
    elapsed = time.perf_counter() - start
    done.set()
    sampler.join()
    return elapsed, peak / 1024


def tools(tree: str, cache: str) -> dict[str, list[str]]:
    py = sys.executable
    found = {
        "scanlint cold": [py, "-m", "scanlint", "check", "-q", "--exit-zero", "--no-cache", tree],
        "scanlint warm": [py, "-m", "scanlint", "check", "-q", "--exit-zero", "--cache-dir",
                          cache, tree],
    }
    ruff = shutil.which("ruff") or os.path.join(os.path.dirname(py), "ruff")
    if os.path.exists(ruff):
        found["ruff E731"] = [ruff, "check", "-q", "--exit-zero", "--no-cache", "--isolated",
                              "--select", "E731", tree]
    if importlib.util.find_spec("flake8"):
        found["flake8 E731"] = [py, "-m", "flake8", "--isolated", "--exit-zero",
                                "--select", "E731", tree]
    if importlib.util.find_spec("pycodestyle"):
        found["pycodestyle E731"] = [py, "-m", "pycodestyle", "--select", "E731", tree]
    if importlib.util.find_spec("fixit"):
        found["fixit 1 rule"] = [py, "-m", "fixit", "--rules", "fixit.rules:NoStaticIfCondition",
                                 "lint", tree]
    return found


def default_trees() -> list[tuple[str, list[str]]]:
    heavy = []
    for package in ("jax", "flax", "optax"):
        spec = importlib.util.find_spec(package)
        if spec and spec.submodule_search_locations:
            heavy.append(list(spec.submodule_search_locations)[0])
    return [("JAX-heavy (" + ", ".join(os.path.basename(p) for p in heavy) + ")", heavy),
            ("standard library (no JAX)", [sysconfig.get_paths()["stdlib"]])]


def measure(name: str, paths: list[str], repeats: int) -> list[str]:
    # One folder holding links to every path, so each tool gets a single argument.
    holder = tempfile.mkdtemp(prefix="scanlint-bench-")
    tree = paths[0]
    if len(paths) > 1:
        for path in paths:
            os.symlink(path, os.path.join(holder, os.path.basename(path)))
        tree = holder
    files = len(discover(paths).files)
    cache = os.path.join(holder, ".cache")
    commands = tools(tree, cache)
    subprocess.run(commands["scanlint warm"], capture_output=True)  # fill the cache
    times: dict[str, list[float]] = {tool: [] for tool in commands}
    peaks: dict[str, float] = {tool: 0.0 for tool in commands}
    for _ in range(repeats):
        for tool, command in commands.items():
            elapsed, peak = run(command)
            times[tool].append(elapsed)
            peaks[tool] = max(peaks[tool], peak)
    shutil.rmtree(holder, ignore_errors=True)
    cold = statistics.median(times["scanlint cold"])
    rows = [f"\n### {name}: {files} files, median of {repeats}\n",
            "| tool | median s | files/s | peak MiB | scanlint cold / tool |",
            "|---|---:|---:|---:|---:|"]
    for tool in commands:
        median = statistics.median(times[tool])
        rows.append(f"| {tool} | {median:.2f} | {files / median:.0f} | {peaks[tool]:.0f} | "
                    f"{cold / median:.2f}x |")
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("trees", nargs="*")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    trees = [(t, [t]) for t in args.trees] or default_trees()
    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}")
    for name, paths in trees:
        print("\n".join(measure(name, paths, args.repeats)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
