"""Rewrite an installed JAX project with scanlint, then run the project's own tests on the
original and on the rewritten copy and compare the outcomes.

    python benchmarks/project_suites.py optax --param-style carry \
        --tests _src/alias_test.py _src/linear_algebra_test.py

The package is copied twice into a temporary folder (original, rewritten); `scanlint check
--fix --unsafe-fixes` rewrites one copy; pytest runs the given test files (paths inside the
package; default: the rewritten test files and the tests next to each rewritten module) in each copy, with the copy first on
`sys.path`. The project's test dependencies must be installed in this interpreter. Prints the
rewritten files and, per copy, pytest's summary line; exits 1 when the outcomes differ.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def package_folder(name: str) -> str:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"{name} is not an installed package")
    return list(spec.submodule_search_locations)[0]


def rewrite(copy: str, name: str, style: str) -> list[str]:
    """Apply every fix (unsafe too) with ``style``; the package's changed files."""
    before = {path: open(path, "rb").read() for path in python_files(copy)}
    subprocess.run([sys.executable, "-m", "scanlint", "check", name, "--fix", "--unsafe-fixes",
                    "--param-style", style, "--no-cache", "--exit-zero"],
                   cwd=copy, env=scanlint_env(), check=True, capture_output=True)
    return sorted(os.path.relpath(p, os.path.join(copy, name)) for p, old in before.items()
                  if open(p, "rb").read() != old)


def scanlint_env() -> dict:
    """This checkout's scanlint, whichever interpreter runs the script."""
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    return env


def python_files(folder: str) -> list[str]:
    return [os.path.join(d, f) for d, _, files in os.walk(folder) for f in files
            if f.endswith(".py")]


def default_tests(changed: list[str], package: str) -> list[str]:
    """The rewritten test files, and the `x_test.py` or `test_x.py` next to each module."""
    tests = []
    for path in changed:
        folder, name = os.path.split(path)
        if name.endswith("_test.py") or name.startswith("test_"):
            tests.append(path)
            continue
        for candidate in (name[:-3] + "_test.py", "test_" + name):
            if os.path.exists(os.path.join(package, folder, candidate)):
                tests.append(os.path.join(folder, candidate))
    return sorted(set(tests))


def run_tests(copy: str, name: str, tests: list[str]) -> str:
    """pytest's last summary line for ``tests`` run inside ``copy``."""
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           *(os.path.join(name, t) for t in tests)],
                          cwd=copy, capture_output=True, text=True)
    lines = [line for line in done.stdout.splitlines() if re.search(r"\d+ (passed|failed)", line)]
    return lines[-1].strip("= ") if lines else f"pytest exit {done.returncode}"


def outcome(summary: str) -> str:
    """The counts of a summary line, without its timing."""
    return re.sub(r" in [\d.]+s.*$", "", summary)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("package")
    parser.add_argument("--param-style", default="any", choices=["closure", "carry", "any"])
    parser.add_argument("--tests", nargs="*", help="test files inside the package")
    args = parser.parse_args(argv)
    source = package_folder(args.package)
    with tempfile.TemporaryDirectory() as work:
        original, rewritten = os.path.join(work, "original"), os.path.join(work, "rewritten")
        for copy in (original, rewritten):
            shutil.copytree(source, os.path.join(copy, args.package),
                            ignore=shutil.ignore_patterns("__pycache__"))
        changed = rewrite(rewritten, args.package, args.param_style)
        print(f"rewritten ({len(changed)}): {', '.join(changed) or 'nothing'}")
        tests = args.tests or default_tests(changed, os.path.join(original, args.package))
        if not tests:
            print("no tests to run")
            return 0
        print(f"tests: {', '.join(tests)}")
        before = run_tests(original, args.package, tests)
        after = run_tests(rewritten, args.package, tests)
    print(f"original:  {before}\nrewritten: {after}")
    return 0 if outcome(before) == outcome(after) else 1


if __name__ == "__main__":
    sys.exit(main())
