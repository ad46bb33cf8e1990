"""What rolling Python loops under `jit` (SCN301's fix) does to trace+compile time.

    python benchmarks/unrolled_compile.py                 # 200 steps, 3 runs
    python benchmarks/unrolled_compile.py --steps 20 --width 8 --runs 1

Copies fixtures/unrolled_loops.py with `STEPS` set to ``--steps`` (and the arrays'
`WIDTH` to ``--width``), and runs
`scanlint verify --unsafe-fixes --bench` on it (the file against its fixed version, each
version in its own process, one after the other, jax's caches cleared before timing) ``--runs``
times. Prints, per function, the trace+compile seconds before and after, their ratio and the
per-call ratio (medians over the runs), and whether the outputs were bit-identical. Timings on
a shared machine are noisy: compare ratios taken in the same run, and repeat.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURE = os.path.join(ROOT, "fixtures", "unrolled_loops.py")


def with_constant(source: str, name: str, value: int) -> str:
    new, count = re.subn(rf"^{name} = \d+$", f"{name} = {value}", source, flags=re.MULTILINE)
    if count != 1:
        raise SystemExit(f"the fixture has no `{name} = N` line")
    return new


def one_run(path: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "scanlint", "verify", "--unsafe-fixes",
                           "--bench", "--timeout", "3600", "--output-format", "json", path],
                          capture_output=True, text=True, timeout=3600,
                          env={**os.environ, "PYTHONPATH": ROOT})
    report = json.loads(done.stdout)["default"]
    if report["error"]:
        raise SystemExit(report["error"])
    return {entry["label"]: entry for entry in report["entries"]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--width", type=int, default=6)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    with open(FIXTURE, encoding="utf-8") as handle:
        source = with_constant(with_constant(handle.read(), "STEPS", args.steps), "WIDTH",
                               args.width)
    timings: dict[str, list[dict]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "unrolled_loops.py")
        with open(path, "w", encoding="utf-8") as out:
            out.write(source)
        for _ in range(args.runs):
            for label, entry in one_run(path).items():
                timings[label].append(entry)
    print(f"{args.steps} steps, width {args.width}, {args.runs} runs (medians); "
          "trace+compile before -> after")
    for label, entries in sorted(timings.items()):
        timed = [e for e in entries if e["compile_seconds"]]
        status = "/".join(sorted({e["status"] for e in entries}))
        if not timed:
            print(f"  {label}: {status}")
            continue
        before = statistics.median(e["compile_seconds"][0] for e in timed)
        after = statistics.median(e["compile_seconds"][1] for e in timed)
        ratio = statistics.median(e["compile_ratio"] for e in timed)
        per_call = statistics.median(e["speed_ratio"] for e in timed)
        print(f"  {label}: {before:.2f} s -> {after:.2f} s, trace+compile {ratio:.3f}x, "
              f"per call {per_call:.2f}x; outputs {status}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
