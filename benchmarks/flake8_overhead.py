"""What installing scanlint costs a flake8 run that selects none of its codes.

    python benchmarks/flake8_overhead.py [TREE] [--repeats 7] [--select E731]

Runs `flake8 --select E731 TREE` (default TREE: the installed jax package) alternately with
scanlint's plugin loaded (flake8 as installed) and without it (flake8 with scanlint's entry
point filtered out of its plugin finder, `compare.FLAKE8_WITHOUT_SCANLINT`: the same
interpreter, flake8 and files, as if scanlint were not installed). Prints each side's
median wall and CPU seconds (user + system of the process tree) and the overhead of the
plugin in percent; issue 33's target is within 5%. flake8 runs its files in parallel
(`--jobs` default: the cores), as a user's run does. Pass `--select SCN` to see what the
plugin costs when it does run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from compare import FLAKE8_WITHOUT_SCANLINT, run  # noqa: E402


def jax_tree() -> str:
    import importlib.util

    spec = importlib.util.find_spec("jax")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("jax is not installed: name a TREE")
    return list(spec.submodule_search_locations)[0]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", nargs="?", help="the folder flake8 checks (default: jax)")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--select", default="E731")
    args = parser.parse_args(argv)
    tree = args.tree or jax_tree()
    flags = ["--select", args.select, tree]
    commands = {"without scanlint": [sys.executable, "-c", FLAKE8_WITHOUT_SCANLINT, *flags],
                "with scanlint": [sys.executable, "-m", "flake8", *flags]}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for name, command in commands.items():  # once each first: the page cache, .pyc files
        run(command)
    for _ in range(args.repeats):
        for name, command in commands.items():
            wall, cpu, _peak = run(command)
            times[name].append((wall, cpu))
            print(f"  {name}: wall {wall:.2f} s, CPU {cpu:.2f} s", file=sys.stderr, flush=True)
    load = os.getloadavg()[0]
    print(f"flake8 --select {args.select} on {tree} ({args.repeats} runs each, alternately; "
          f"load average {load:.2f} at the end)")
    medians = {name: (statistics.median(w for w, _ in runs),
                      statistics.median(c for _, c in runs)) for name, runs in times.items()}
    for name, (wall, cpu) in medians.items():
        print(f"  {name:18s} wall {wall:6.2f} s   CPU {cpu:6.2f} s")
    (wall_off, cpu_off), (wall_on, cpu_on) = medians["without scanlint"], medians["with scanlint"]
    print(f"  overhead           wall {100 * (wall_on / wall_off - 1):+.1f}%   "
          f"CPU {100 * (cpu_on / cpu_off - 1):+.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
