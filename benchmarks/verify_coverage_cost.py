"""What recording the lines that ran costs `verify`'s replay: the same replay (one version of a
module, its entries under jit and eagerly) with the line recorder and with a recorder that
records nothing, each in fresh processes, alternating, medians.

    python benchmarks/verify_coverage_cost.py FILE --call "rollout(s0, a, 0.01)" [--runs 5]

Run it with the Python whose cost you want: 3.12 and newer watch lines with sys.monitoring,
3.10 and 3.11 with sys.settrace.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from scanlint.verify.loading import locate_module  # noqa: E402
from scanlint.verify.plan import Entry  # noqa: E402

DRIVER = """
import sys, time
from scanlint.verify import child
if sys.argv[3] == "off":
    class Silent(child.LineRecorder):
        def start(self): pass
        def stop(self): pass
        def watch(self, code): pass
    child.LineRecorder = Silent
start = time.perf_counter()
child.main(sys.argv[1], sys.argv[2])
print(time.perf_counter() - start)
"""


def one_run(request: str, result: str, mode: str) -> float:
    env = {**os.environ, "PYTHONPATH": ROOT, "JAX_PLATFORMS": "cpu"}
    done = subprocess.run([sys.executable, "-c", DRIVER, request, result, mode], env=env,
                          capture_output=True, text=True, check=True, timeout=1800)
    return float(done.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--call", action="append", required=True)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    with open(args.file, encoding="utf-8") as handle:
        source = handle.read()
    location = locate_module(args.file)
    entries = [Entry(call, call).request() for call in args.call]
    with tempfile.TemporaryDirectory() as folder:
        request = os.path.join(folder, "request.json")
        with open(request, "w", encoding="utf-8") as out:
            json.dump({"module": location.__dict__, "source": source, "entries": entries}, out)
        result = os.path.join(folder, "result.json")
        times: dict[str, list[float]] = {"on": [], "off": []}
        one_run(request, result, "on")  # warm the file system and the byte-code caches
        for _ in range(args.runs):
            for mode in ("on", "off"):
                times[mode].append(one_run(request, result, mode))
    on, off = statistics.median(times["on"]), statistics.median(times["off"])
    print(f"Python {sys.version.split()[0]}, {args.runs} runs each: replay with line recording "
          f"{on:.2f} s, without {off:.2f} s, ratio {on / off:.2f}x "
          f"(min {min(times['on']):.2f} / {min(times['off']):.2f} s)")
    return 0


if __name__ == "__main__":
    start = time.perf_counter()
    sys.exit(main())
