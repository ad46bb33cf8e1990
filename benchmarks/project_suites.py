"""Rewrite an installed JAX project with scanlint, then run the project's own tests on the
original and on the rewritten copies and compare the outcomes, test by test.

    python benchmarks/project_suites.py optax --styles carry closure
    python benchmarks/project_suites.py blackjax --python /path/venv/bin/python \
        --sdist /path/blackjax-1.7.1

The package (found by ``--python``, the interpreter that runs the tests) is copied into a
temporary folder once as it is and once per style; `scanlint check --fix --unsafe-fixes
--param-style STYLE` (this checkout's scanlint, run by this interpreter) rewrites each
style's copy. The tests run are the package's test files (or, with ``--sdist``, those of the
source distribution's `tests/` or `test/` folder, copied beside the package with its pytest
settings) that import a rewritten module or name it in full, or sit next to one
(`x_test.py`, `test_x.py`); ``--tests`` names them instead. pytest runs them once on the
original (every style's tests together) and once per style on its rewritten copy, with the
copy first on `sys.path`.

Printed per style: the rewritten files, the fixes applied, SCN201-203 findings the rewrite
added (it must add none), pytest's counts on the original and the rewritten copy for that
style's test files, the tests whose outcome changed, and a table row for docs/corpus.md.
Exits 1 when an outcome changed or a structure finding was added.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYTEST_CONFIGS = ("pyproject.toml", "setup.cfg", "pytest.ini", "tox.ini", "conftest.py")


def package_folder(name: str, python: str) -> str:
    """Where ``python`` imports the package ``name`` from."""
    code = ("import importlib.util, sys; s = importlib.util.find_spec(sys.argv[1]); "
            "print(list(s.submodule_search_locations)[0] if s and s.submodule_search_locations"
            " else '')")
    found = subprocess.run([python, "-c", code, name], capture_output=True, text=True).stdout
    if not found.strip():
        raise SystemExit(f"{name} is not an installed package for {python}")
    return found.strip()


def scanlint_env() -> dict:
    """This checkout's scanlint, whichever interpreter runs the script."""
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    return env


def rewrite(copy: str, name: str, style: str) -> tuple[list[str], int]:
    """Apply every fix (unsafe too) with ``style``: the package's changed files and the
    number of fixes applied."""
    before = {path: open(path, "rb").read() for path in python_files(os.path.join(copy, name))}
    done = subprocess.run([sys.executable, "-m", "scanlint", "check", name, "--fix",
                           "--unsafe-fixes", "--param-style", style, "--no-cache", "--exit-zero",
                           "--select", "SCN1"],
                          cwd=copy, env=scanlint_env(), check=True, capture_output=True, text=True)
    fixed = re.search(r"\((\d+) fixed", done.stdout + done.stderr)
    changed = sorted(os.path.relpath(p, os.path.join(copy, name)) for p, old in before.items()
                     if open(p, "rb").read() != old)
    return changed, int(fixed.group(1)) if fixed else 0


def structure_findings(folder: str) -> Counter:
    """SCN201-203 findings (code JAX rejects) per file of ``folder``."""
    done = subprocess.run([sys.executable, "-m", "scanlint", "check", ".", "--no-cache",
                           "--exit-zero", "--select", "SCN201,SCN202,SCN203"],
                          cwd=folder, env=scanlint_env(), capture_output=True, text=True)
    return Counter(line.split(":")[0] + ":" + line.split(" ")[1]
                   for line in done.stdout.splitlines() if " SCN20" in line)


def python_files(folder: str) -> list[str]:
    return [os.path.join(d, f) for d, _, files in os.walk(folder) for f in files
            if f.endswith(".py")]


def is_test(path: str) -> bool:
    name = os.path.basename(path)
    return name.endswith("_test.py") or name.startswith("test_")


def module_name(package: str, relpath: str) -> str:
    parts = [package, *relpath[:-3].split(os.sep)]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: str) -> set[str]:
    """Modules a file imports by name (`import a.b`, `from a.b import c` gives a.b and
    a.b.c)."""
    try:
        tree = ast.parse(open(path, "rb").read())
    except SyntaxError:
        return set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def selected_tests(copy: str, package: str, changed: list[str], test_roots: list[str]) -> list[str]:
    """Test files (relative to ``copy``) that import a rewritten module or name it in full
    (`numpyro.primitives._subsample_fn`), are rewritten, or sit next to a rewritten module."""
    modules = {module_name(package, path) for path in changed}
    rewritten = {os.path.join(package, path) for path in changed}
    tests = set()
    for root in test_roots:
        for path in python_files(os.path.join(copy, root)):
            relative = os.path.relpath(path, copy)
            if not is_test(path):
                continue
            neighbour = os.path.join(os.path.dirname(relative), re.sub(
                r"^test_|_test(?=\.py$)", "", os.path.basename(relative)))
            text = open(path, encoding="utf-8", errors="replace").read()
            if (relative in rewritten or neighbour in rewritten or imported_modules(path) & modules
                    or any(module in text for module in modules)):  # `numpyro.primitives.f`
                tests.add(relative)
    return sorted(tests)


def run_tests(copy: str, tests: list[str], python: str, report: str) -> dict[str, str]:
    """Each test's outcome (passed, failed, error, skipped) for ``tests`` run in ``copy``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = copy
    env.pop("PYTHONHOME", None)
    done = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--junitxml",
                           report, *tests], cwd=copy, env=env, capture_output=True, text=True)
    outcomes: dict[str, str] = {}
    if not os.path.exists(report):  # pytest died: say so rather than report "no tests"
        tail = (done.stdout + done.stderr).strip().splitlines()[-5:]
        print(f"pytest exit {done.returncode} without a report in {copy}: " + " | ".join(tail),
              file=sys.stderr)
        return outcomes
    for case in ET.parse(report).getroot().iter("testcase"):
        key = f"{case.get('file') or case.get('classname')}::{case.get('name')}"
        if not case.get("file") and not case.get("classname"):  # a module that did not import
            key = f"{case.get('name')}::collection"
        tags = {child.tag for child in case}
        outcome = ("failed" if "failure" in tags else "error" if "error" in tags
                   else "skipped" if "skipped" in tags else "passed")
        if outcomes.get(key) not in ("failed", "error"):
            outcomes[key] = outcome
    return outcomes


def in_files(outcomes: dict[str, str], tests: list[str]) -> dict[str, str]:
    """The outcomes of tests defined in ``tests`` (junit names them by class or file)."""
    stems = {t[:-3].replace(os.sep, ".") for t in tests} | set(tests)
    return {k: v for k, v in outcomes.items()
            if any(k.startswith(s + "::") or k.startswith(s + ".") for s in stems)}


def counts(outcomes: dict[str, str]) -> str:
    tally = Counter(outcomes.values())
    return ", ".join(f"{tally[k]} {k}" for k in ("passed", "failed", "error", "skipped")
                     if tally[k]) or "no tests"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("package")
    parser.add_argument("--styles", nargs="+", default=["carry", "closure"],
                        choices=["closure", "carry", "any", "consistent"])
    parser.add_argument("--python", default=sys.executable, help="the interpreter running tests")
    parser.add_argument("--sdist", help="an unpacked source distribution whose tests/ to run")
    parser.add_argument("--tests", nargs="*", help="test files (relative to the copy's root)")
    args = parser.parse_args(argv)
    source = package_folder(args.package, args.python)
    failed = False
    with tempfile.TemporaryDirectory() as work:
        copies = {label: os.path.join(work, label) for label in ["original", *args.styles]}
        tests_folder = next((name for name in ("tests", "test") if args.sdist and os.path.isdir(
            os.path.join(args.sdist, name))), None)
        if args.sdist and tests_folder is None:
            raise SystemExit(f"{args.sdist} has no tests/ or test/ folder")
        test_roots = [tests_folder] if args.sdist else [args.package]
        for copy in copies.values():
            shutil.copytree(source, os.path.join(copy, args.package),
                            ignore=shutil.ignore_patterns("__pycache__"))
            if args.sdist:
                shutil.copytree(os.path.join(args.sdist, tests_folder),
                                os.path.join(copy, tests_folder),
                                ignore=shutil.ignore_patterns("__pycache__"))
                for config in PYTEST_CONFIGS:
                    if os.path.exists(os.path.join(args.sdist, config)):
                        shutil.copy(os.path.join(args.sdist, config), copy)
        original = copies["original"]
        plans = {}
        before_structure = structure_findings(os.path.join(original, args.package))
        for style in args.styles:
            changed, fixes = rewrite(copies[style], args.package, style)
            added = structure_findings(os.path.join(copies[style], args.package)) - before_structure
            tests = args.tests or selected_tests(original, args.package, changed, test_roots)
            plans[style] = (changed, fixes, added, tests)
        union = sorted({t for _, _, _, tests in plans.values() for t in tests})
        before = run_tests(original, union, args.python, os.path.join(work, "original.xml")) \
            if union else {}
        for style, (changed, fixes, added, tests) in plans.items():
            print(f"== {args.package}, --param-style {style}")
            print(f"rewritten ({len(changed)}): {', '.join(changed) or 'nothing'}")
            print(f"fixes applied: {fixes}; SCN201-203 findings added: {sum(added.values())}"
                  + (f" {dict(added)}" if added else ""))
            print(f"tests ({len(tests)}): {', '.join(tests) or 'none'}")
            old = in_files(before, tests)
            new = in_files(run_tests(copies[style], tests, args.python,
                                     os.path.join(work, f"{style}.xml")), tests) if tests else {}
            changes = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
            print(f"original:  {counts(old)}\nrewritten: {counts(new)}")
            for key in changes[:20]:
                print(f"  changed: {key}: {old.get(key)} -> {new.get(key)}")
            print(f"row: | {args.package} | {style} | {fixes} | {len(changed)} | {len(tests)} | "
                  f"{counts(old)} | {counts(new)} |")
            failed |= bool(changes or added)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
