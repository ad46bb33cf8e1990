"""What `verify --pytest` costs and judges on a real project: a plain run of its tests against
the command a user runs, `scanlint check --fix --verify --pytest TESTS FILES` (one session of
the tests per version, a second of the old version where a call differs).

    python benchmarks/verify_pytest.py --package optax \\
        --files _src/linear_algebra.py losses/_classification.py \\
        --tests _src/linear_algebra_test.py losses/_classification_test.py --param-style carry
    python benchmarks/verify_pytest.py --project /path/to/checkout --python /path/venv/bin/python \\
        --files pkg/mod.py --tests tests/test_mod.py --param-style closure

With --package the installed package is copied into a temporary project folder (an installed
package has no pyproject.toml; the folder is the project root); with --project a checkout is
copied. Both commands run in that copy, timed, one after the other; --python is the
interpreter that runs them (its environment needs jax, pytest and scanlint). Prints both times,
their ratio, and what `check --fix --verify` said.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from project_suites import package_folder, scanlint_env  # noqa: E402


def timed(command: list[str], cwd: str) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=scanlint_env(), capture_output=True, text=True)
    return time.perf_counter() - start, done


def last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1].strip("= ") if lines else ""


def copy_project(args, into: str) -> str:
    if args.package:
        shutil.copytree(package_folder(args.package), os.path.join(into, args.package),
                        ignore=shutil.ignore_patterns("__pycache__"))
        return args.package
    shutil.copytree(args.project, os.path.join(into, "project"), symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__", ".git"))
    return ""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--package", help="an installed package, by import name")
    where.add_argument("--project", help="a checkout with its tests")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--files", nargs="+", required=True)
    parser.add_argument("--tests", nargs="+", required=True)
    parser.add_argument("--param-style", default="carry", choices=["closure", "carry", "any"])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        prefix = copy_project(args, folder)
        root = folder if args.package else os.path.join(folder, "project")
        files = [os.path.join(prefix, f) for f in args.files]
        tests = [os.path.join(prefix, t) for t in args.tests]
        plain, done = timed([args.python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             *tests], root)
        print(f"plain pytest: {plain:.1f} s ({last_line(done.stdout)})")
        command = ["scanlint", "check", "--param-style", args.param_style, "--unsafe-fixes",
                   "--fix", "--verify", "--no-cache", *files, "--pytest", shlex.join(tests)]
        seconds, done = timed([args.python, "-m", *command], root)
        print(f"$ {shlex.join(command)}\n{done.stderr.rstrip()}")
        print(f"check --fix --verify: {seconds:.1f} s, {seconds / plain:.2f}x the plain run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
