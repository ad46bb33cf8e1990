"""Do scanlint's fixes leave files as clean under pycodestyle as they found them?

    python benchmarks/fix_pycodestyle.py --site SITE --libraries brax,jax_md,pgx --json out.json
    python benchmarks/fix_pycodestyle.py --site SITE --libraries all --source ../other-checkout

Each library's package folder (its .py files) is copied to a temporary folder once per style
setting that offers fixes (the default, `--param-style closure`, `--param-style carry`), and
`scanlint check --fix --unsafe-fixes` runs on the copy. For every file the fixes changed,
pycodestyle's E and W findings (its default selection, as `pycodestyle FILE` reports them, at
the file's indent size and the line length the library configures, else 79: what scanlint's
fixes aim at) are counted per code before and after; a file where a code's count grew is
reported. A second `--fix` must change nothing, and every fixed file must still parse.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tokenize
from collections import Counter

import pycodestyle

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from scanlint.engine.config import project_line_length  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STYLES = {"default": [], "closure": ["--param-style", "closure"],
          "carry": ["--param-style", "carry"]}


class _Counts(pycodestyle.BaseReport):
    """A report that only counts codes (pycodestyle's own prints them)."""

    def __init__(self, options) -> None:
        super().__init__(options)
        self.codes: Counter = Counter()

    def error(self, line_number, offset, text, check):
        code = super().error(line_number, offset, text, check)
        if code:
            self.codes[code] += 1
        return code


def indent_size(text: str) -> int:
    """The width of the file's first indented block (2 in Google-style code), else 4."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.INDENT:
                return len(token.string.expandtabs(8)) or 4
    except (tokenize.TokenError, SyntaxError):
        pass
    return 4


def style_counts(text: str, max_line_length: int) -> Counter:
    """pycodestyle's findings per code on ``text``, at the file's own indent size (a file
    indented by two spaces breaks E111 on every line; a fix writing one more line there
    writes it as the file does)."""
    guide = pycodestyle.StyleGuide(quiet=True, max_line_length=max_line_length,
                                   indent_size=indent_size(text), reporter=_Counts)
    lines = text.splitlines(keepends=True)
    guide.input_file("file.py", lines=lines)
    return guide.options.report.codes


def python_files(folder: str) -> list[str]:
    return sorted(os.path.relpath(os.path.join(d, f), folder)
                  for d, _, files in os.walk(folder) for f in files if f.endswith(".py"))


def read(path: str) -> str:
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as handle:
        return handle.read()


def run_fix(folder: str, style: list[str], source: str) -> None:
    command = [sys.executable, "-m", "scanlint", "check", "--fix", "--unsafe-fixes",
               "--exit-zero", "--quiet", "--no-cache", *style, "."]
    subprocess.run(command, cwd=folder, env={**os.environ, "PYTHONPATH": source},
                   stdout=subprocess.DEVNULL, check=True)


def one_style(libraries: dict[str, str], name: str, style: list[str], scanlint: str
              ) -> list[dict]:
    """The changed files of one style run: per file, the codes whose count grew."""
    changed = []
    with tempfile.TemporaryDirectory() as temp:
        for library, source in libraries.items():
            shutil.copytree(source, os.path.join(temp, library),
                            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
        run_fix(temp, style, scanlint)
        fixed = {}
        for library, source in libraries.items():
            length = project_line_length(source)
            for relative in python_files(source):
                before = read(os.path.join(source, relative))
                after = read(os.path.join(temp, library, relative))
                if after == before:
                    continue
                fixed[os.path.join(library, relative)] = after
                old, new = style_counts(before, length), style_counts(after, length)
                grew = {code: [old[code], new[code]] for code in new if new[code] > old[code]}
                changed.append({"style": name, "path": os.path.join(library, relative),
                                "new": grew, "parses": _parses(after)})
        run_fix(temp, style, scanlint)  # a second --fix must change nothing
        for entry in changed:
            entry["stable"] = read(os.path.join(temp, entry["path"])) == fixed[entry["path"]]
    return changed


def _parses(text: str) -> bool:
    try:
        ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", required=True, help="the folder holding the libraries")
    parser.add_argument("--libraries", default="all",
                        help="import names, comma-separated, or 'all' (every package in --site)")
    parser.add_argument("--json", help="write the changed files and their findings here")
    parser.add_argument("--source", default=ROOT,
                        help="the scanlint source tree to run (default: this checkout)")
    args = parser.parse_args(argv)
    names = ([n for n in sorted(os.listdir(args.site)) if "." not in n and n != "assets"]
             if args.libraries == "all" else [n for n in args.libraries.split(",") if n])
    libraries = {n: os.path.join(args.site, n) for n in names
                 if os.path.isdir(os.path.join(args.site, n))}
    start = time.perf_counter()
    changed = [entry for name, style in STYLES.items()
               for entry in one_style(libraries, name, style, args.source)]
    worse = [e for e in changed if e["new"]]
    broken = [e for e in changed if not e["parses"] or not e["stable"]]
    print(f"libraries: {len(libraries)}  time: {time.perf_counter() - start:.0f} s")
    for name in STYLES:
        ours = [e for e in changed if e["style"] == name]
        codes = Counter(code for e in ours for code in e["new"])
        print(f"{name}: files changed {len(ours)}, with new E/W findings "
              f"{sum(1 for e in ours if e['new'])}"
              + (" (" + ", ".join(f"{c} {n}" for c, n in sorted(codes.items())) + ")"
                 if codes else ""))
    for entry in worse:
        print(f"  {entry['style']} {entry['path']}: " + ", ".join(
            f"{code} {old}->{new}" for code, (old, new) in sorted(entry["new"].items())))
    for entry in broken:
        print(f"  {entry['style']} {entry['path']}: "
              + ("does not parse" if not entry["parses"] else "a second --fix changed it"))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(changed, out, indent=1)
    return 1 if worse or broken else 0


if __name__ == "__main__":
    sys.exit(main())
