"""`verify --pytest` on an installed package: what it judges, and what the recording costs.

    python benchmarks/verify_pytest.py optax \
        --files _src/linear_algebra.py losses/_classification.py \
        --tests _src/linear_algebra_test.py losses/_classification_test.py \
        --param-style carry

The package is copied into a temporary project folder (an installed package has no
pyproject.toml; the folder is the project root). In that copy it times a plain pytest run of
the test files, then the recording run `verify --pytest` makes (pytest with scanlint's
recorder, wrapping the functions `check --fix --unsafe-fixes` would change), prints each
changed function's verdict on the recorded calls, and finally runs, timed, the command a user
would: `scanlint check --param-style STYLE --unsafe-fixes --fix --verify FILES --pytest TESTS`.
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

from scanlint.core.settings import Settings  # noqa: E402
from scanlint.engine.check import fix_text  # noqa: E402
from scanlint.verify.cli import (  # noqa: E402
    PYTEST_TIMEOUT, Subject, record_subjects, verify_sources)
from scanlint.verify.runner import RunOptions  # noqa: E402


def timed(command: list[str], cwd: str) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=scanlint_env(), capture_output=True, text=True)
    return time.perf_counter() - start, done


def last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1].strip("= ") if lines else ""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("package")
    parser.add_argument("--files", nargs="+", required=True, help="modules inside the package")
    parser.add_argument("--tests", nargs="+", required=True, help="test files inside it")
    parser.add_argument("--param-style", default="carry", choices=["closure", "carry", "any"])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as project:
        shutil.copytree(package_folder(args.package), os.path.join(project, args.package),
                        ignore=shutil.ignore_patterns("__pycache__"))
        files = [os.path.join(args.package, f) for f in args.files]
        tests = [os.path.join(args.package, t) for t in args.tests]
        plain, done = timed([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             *tests], project)
        print(f"plain pytest: {plain:.1f} s ({last_line(done.stdout)})")
        settings = Settings(param_style=args.param_style)
        subjects = [Subject(os.path.join(project, f), text,
                            fix_text(text, f, settings, unsafe=True).text)
                    for f in files for text in [open(os.path.join(project, f)).read()]]
        cwd = os.getcwd()
        os.chdir(project)  # the project root when no pyproject.toml or git is above it
        try:
            start = time.perf_counter()
            recording = record_subjects(subjects, tests, PYTEST_TIMEOUT, 5)
            print(f"recording run: {time.perf_counter() - start:.1f} s "
                  f"({'; '.join(recording.warnings) or 'the tests passed'})")
            start = time.perf_counter()
            for subject in subjects:
                report = verify_sources(subject.old, subject.new, subject.path, [],
                                        RunOptions(timeout=PYTEST_TIMEOUT), recording)
                print(os.path.relpath(subject.path, project), report.error or "")
                for function in report.functions:
                    print(f"  {function.name}: {function.status}; {'; '.join(function.details)}")
            print(f"replays: {time.perf_counter() - start:.1f} s")
        finally:
            os.chdir(cwd)
        command = ["scanlint", "check", "--param-style", args.param_style, "--unsafe-fixes",
                   "--fix", "--verify", "--no-cache", *files, "--pytest", shlex.join(tests)]
        seconds, done = timed([sys.executable, "-m", *command], project)
        print(f"$ {shlex.join(command)}\n{done.stderr.rstrip()}\n({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
