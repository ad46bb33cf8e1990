"""This checkout against earlier commits on a whole tree, side by side.

    python benchmarks/tree_time.py [TREE] --against REV [--against REV ...] [--runs 5]
                                   [--jobs N] [--no-ruff]

Each REV is written out to a temporary folder (`git archive`: a second checkout, the
repository's own worktrees untouched) and byte-compiled; then each version runs
`python -m scanlint check --no-cache --exit-zero --quiet TREE` (TREE: the installed jax
package by default) with its checkout first on `PYTHONPATH`, in turn (this checkout, then
each REV, then `ruff check --select E731 --no-cache TREE` unless `--no-ruff`), ``--runs``
times after one round that is not counted. Wall time is the clock around each process;
CPU time is the user and system time of the process and every process it waited for
(`getrusage(RUSAGE_CHILDREN)`: scanlint's pool workers included). Prints each version's
median wall and CPU seconds, then this checkout's ratio to each other version taken pair
by pair (runs of one round against each other: a machine whose speed drifts moves both)
as min, median and max, and the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def default_tree() -> str:
    import jax

    return str(Path(jax.__file__).parent)


def checkout(rev: str, folder: Path) -> Path:
    """``rev``'s files under ``folder``, byte-compiled."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                             capture_output=True).stdout
    target = folder / rev
    target.mkdir(parents=True)
    archive_path = folder / f"{rev}.tar"
    archive_path.write_bytes(archive)
    with tarfile.open(archive_path) as tar:
        tar.extractall(target, filter="data")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(target / "scanlint")],
                   check=True)
    return target


def timed(command: list[str], env: dict | None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of it and the processes it waited for)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, check=False, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def versions(revs: list[str], folder: Path, tree: str, jobs: int | None,
             ruff: bool) -> dict[str, tuple[list[str], dict | None]]:
    """Each version's name -> (command, environment)."""
    check = [sys.executable, "-m", "scanlint", "check", "--no-cache", "--exit-zero",
             "--quiet", *(["--jobs", str(jobs)] if jobs else []), tree]
    found = {"this checkout": (check, {**os.environ, "PYTHONPATH": str(ROOT)})}
    for rev in revs:
        found[rev] = (check, {**os.environ, "PYTHONPATH": str(checkout(rev, folder))})
    if ruff:
        found["ruff E731"] = ([str(Path(sys.executable).parent / "ruff"), "check", "--select",
                               "E731", "--no-cache", "--exit-zero", "--quiet", tree], None)
    return found


def ratios(mine: list[tuple[float, float]], theirs: list[tuple[float, float]],
           which: int) -> str:
    pairs = sorted(a[which] / b[which] for a, b in zip(mine, theirs))
    return f"{pairs[0]:.2f}, {statistics.median(pairs):.2f}, {pairs[-1]:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tree", nargs="?", help="default: the installed jax package")
    parser.add_argument("--against", action="append", default=[], metavar="REV",
                        help="a commit to compare with (repeatable)")
    parser.add_argument("--runs", type=int, default=5, help="rounds counted (default 5)")
    parser.add_argument("--jobs", type=int, help="scanlint's --jobs (default: its own)")
    parser.add_argument("--no-ruff", action="store_true", help="leave ruff out")
    args = parser.parse_args()
    tree = args.tree or default_tree()
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        found = versions(args.against, Path(folder), tree, args.jobs, not args.no_ruff)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in found}
        for round_ in range(args.runs + 1):
            for name, (command, env) in found.items():
                measured = timed(command, env)
                if round_:  # the first round warms the file cache
                    times[name].append(measured)
    print(f"{tree}: {args.runs} rounds; load average {load[0]:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after")
    print("| version | median wall s | median CPU s | this / it, wall (min, median, max) "
          "| this / it, CPU (min, median, max) |")
    print("|---|---:|---:|---|---|")
    mine = times["this checkout"]
    for name, measured in times.items():
        wall = statistics.median(m[0] for m in measured)
        cpu = statistics.median(m[1] for m in measured)
        compared = "| |" if name == "this checkout" else \
            f"| {ratios(mine, measured, 0)} | {ratios(mine, measured, 1)} |"
        print(f"| {name} | {wall:.2f} | {cpu:.2f} {compared}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
