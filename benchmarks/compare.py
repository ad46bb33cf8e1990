"""Side-by-side timing of scanlint and its peers on the same trees or files, in one run.

    python benchmarks/compare.py [TREE...] [--repeats 3]
    python benchmarks/compare.py --files [FILE...] [--repeats 3]

Default trees: the installed jax sources (plus flax and optax when installed), a JAX-heavy
tree; and the Python standard library, a tree with no JAX. Tools run alternately (one of each,
then again), so drift on the machine hits all of them alike. For each: median wall time,
median CPU time (user + system of the whole process tree, steadier than wall time on a busy
machine), files per second, peak memory of the whole process tree (sampled from /proc), and
the ratio to scanlint's cold run. Peers run the closest rule they have: E731 (lambda
assignment).

flake8 loads every installed plugin whatever `--select` says, scanlint's own included: with
scanlint installed, `flake8 --select E731` also runs scanlint on every file. "flake8 E731"
runs flake8 without scanlint's plugin (the peer); "flake8 E731 + scanlint plugin" as it is
installed.

--files: one process per file, as an editor or pre-commit runs it; default files: the three
large jax modules of issue 17. Prints each file's medians and the files together.
--together: the paths (default: those three files) in one invocation of each tool, as
pre-commit passes the changed files, or a command line names them.

scanlint's sources are byte-compiled before timing (this environment may set
PYTHONDONTWRITEBYTECODE, which would make every run compile them again; installed packages
ship .pyc files or write them on first import).
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

from scanlint.source.discovery import discover  # noqa: E402


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


def run(command: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system, children included) and peak MiB of one
    command."""
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
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.perf_counter() - start
    done.set()
    sampler.join()
    return elapsed, usage.ru_utime + usage.ru_stime, peak / 1024


# flake8 without the plugin scanlint installs (see the module docstring).
FLAKE8_WITHOUT_SCANLINT = (
    "import sys, flake8.plugins.finder as finder\n"
    "found = finder._find_importlib_plugins\n"
    "finder._find_importlib_plugins = lambda: (p for p in found() if p.package != 'scanlint')\n"
    "from flake8.main.cli import main\n"
    "sys.exit(main())\n")


def tools(paths: list[str], cache: str | None) -> dict[str, list[str]]:
    """Each tool's command on ``paths`` (all of them take several; a folder of symlinks would
    not do: none of them follows a symlinked folder)."""
    py = sys.executable
    found = {"scanlint cold": [py, "-m", "scanlint", "check", "-q", "--exit-zero", "--no-cache",
                               *paths],
             # the same with the selection of what LibCST parses off (docs/architecture.md)
             "scanlint, whole files": ["env", "SCANLINT_FULL_PARSE=1", py, "-m", "scanlint",
                                       "check", "-q", "--exit-zero", "--no-cache", *paths]}
    if cache is not None:
        found["scanlint warm"] = [py, "-m", "scanlint", "check", "-q", "--exit-zero",
                                  "--cache-dir", cache, *paths]
    ruff = shutil.which("ruff") or os.path.join(os.path.dirname(py), "ruff")
    if os.path.exists(ruff):
        found["ruff E731"] = [ruff, "check", "-q", "--exit-zero", "--no-cache", "--isolated",
                              "--select", "E731", *paths]
    if importlib.util.find_spec("flake8"):
        flags = ["--isolated", "--exit-zero", "--select", "E731", *paths]
        found["flake8 E731"] = [py, "-c", FLAKE8_WITHOUT_SCANLINT, *flags]
        found["flake8 E731 + scanlint plugin"] = [py, "-m", "flake8", *flags]
    if importlib.util.find_spec("pycodestyle"):
        found["pycodestyle E731"] = [py, "-m", "pycodestyle", "--select", "E731", *paths]
    if importlib.util.find_spec("fixit"):
        found["fixit 1 rule"] = [py, "-m", "fixit", "--rules", "fixit.rules:NoStaticIfCondition",
                                 "lint", *paths]
    return found


def default_trees() -> list[tuple[str, list[str]]]:
    heavy = []
    for package in ("jax", "flax", "optax"):
        spec = importlib.util.find_spec(package)
        if spec and spec.submodule_search_locations:
            heavy.append(list(spec.submodule_search_locations)[0])
    return [("JAX-heavy (" + ", ".join(os.path.basename(p) for p in heavy) + ")", heavy),
            ("standard library (no JAX)", [sysconfig.get_paths()["stdlib"]])]


def alternately(commands: dict[str, list[str]], repeats: int) -> dict[str, tuple]:
    """Per tool: (median wall s, median CPU s, peak MiB) over ``repeats`` alternating runs."""
    times: dict[str, list[tuple[float, float]]] = {tool: [] for tool in commands}
    peaks: dict[str, float] = {tool: 0.0 for tool in commands}
    for _ in range(repeats):
        for tool, command in commands.items():
            elapsed, cpu, peak = run(command)
            times[tool].append((elapsed, cpu))
            peaks[tool] = max(peaks[tool], peak)
    return {tool: (statistics.median(t for t, _ in runs), statistics.median(c for _, c in runs),
                   peaks[tool]) for tool, runs in times.items()}


def measure(name: str, paths: list[str], repeats: int) -> list[str]:
    files = len(discover(paths).files)
    cache = tempfile.mkdtemp(prefix="scanlint-bench-")
    commands = tools(paths, cache)
    subprocess.run(commands["scanlint warm"], capture_output=True)  # fill the cache
    medians = alternately(commands, repeats)
    shutil.rmtree(cache, ignore_errors=True)
    cold, cold_cpu, _ = medians["scanlint cold"]
    rows = [f"\n### {name}: {files} files, median of {repeats}\n",
            "| tool | median s | CPU s | files/s | peak MiB | scanlint cold / tool (wall, CPU) |",
            "|---|---:|---:|---:|---:|---:|"]
    for tool, (median, cpu, peak) in medians.items():
        rows.append(f"| {tool} | {median:.2f} | {cpu:.2f} | {files / median:.0f} | {peak:.0f} | "
                    f"{cold / median:.2f}x, {cold_cpu / cpu:.2f}x |")
    return rows


def issue_files() -> list[str]:
    spec = importlib.util.find_spec("jax")
    if not (spec and spec.submodule_search_locations):
        return []
    root = list(spec.submodule_search_locations)[0]
    return [os.path.join(root, "_src", *name.split("/")) for name in
            ("numpy/lax_numpy.py", "lax/linalg.py", "lax/control_flow/loops.py")]


def measure_files(paths: list[str], repeats: int) -> list[str]:
    """One process per file; each file's medians, then the files together."""
    peers = ("scanlint cold", "scanlint, whole files", "flake8 E731",
             "flake8 E731 + scanlint plugin", "ruff E731")
    rows = [f"\n### One file per process, median of {repeats} (wall s / CPU s)\n",
            "| file | lines | " + " | ".join(peers) + " | scanlint / flake8 (wall, CPU) |",
            "|---|---:|" + "---:|" * (len(peers) + 1)]
    total: dict[str, list[float]] = {tool: [0.0, 0.0] for tool in peers}
    for path in paths:
        commands = {tool: command for tool, command in tools([path], None).items()
                    if tool in peers}
        medians = alternately(commands, repeats)
        with open(path, "rb") as handle:
            lines = handle.read().count(b"\n")
        for tool, (wall, cpu, _) in medians.items():
            total[tool][0] += wall
            total[tool][1] += cpu
        rows.append(f"| {os.path.basename(path)} | {lines:,} | " + " | ".join(
            f"{medians[t][0]:.2f} / {medians[t][1]:.2f}" if t in medians else "-" for t in peers)
            + " | " + _ratio(medians, 0) + ", " + _ratio(medians, 1) + " |")
    rows.append("| together | | " + " | ".join(f"{total[t][0]:.2f} / {total[t][1]:.2f}"
                                               for t in peers)
                + " | " + _ratio({t: tuple(v) for t, v in total.items()}, 0) + ", "
                + _ratio({t: tuple(v) for t, v in total.items()}, 1) + " |")
    return rows


def _ratio(medians: dict, column: int) -> str:
    if "flake8 E731" not in medians or not medians["flake8 E731"][column]:
        return "-"
    return f"{medians['scanlint cold'][column] / medians['flake8 E731'][column]:.2f}x"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("trees", nargs="*")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--files", action="store_true",
                        help="the paths are files, each checked in its own process")
    parser.add_argument("--together", action="store_true",
                        help="the paths (default: issue 17's files) in one invocation")
    args = parser.parse_args(argv)
    import compileall

    compileall.compile_dir(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(
        __file__))), "scanlint"), quiet=1)
    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}; load average "
          + " ".join(f"{x:.1f}" for x in os.getloadavg()))
    if args.files:
        print("\n".join(measure_files(args.trees or issue_files(), args.repeats)))
        return 0
    if args.together:
        paths = args.trees or issue_files()
        print("\n".join(measure(", ".join(os.path.basename(p) for p in paths), paths,
                                args.repeats)))
        return 0
    trees = [(t, [t]) for t in args.trees] or default_trees()
    for name, paths in trees:
        print("\n".join(measure(name, paths, args.repeats)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
