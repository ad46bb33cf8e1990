"""The findings to review: `scanlint check` on the paths, and those on lines changed since the
base (`--since`), each with a key that names it across pushes."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass

from scanlint.core.diagnostic import Diagnostic
from scanlint.core.errors import UsageError
from scanlint.core.settings import Settings
from scanlint.report import ReportContext, fingerprints


@dataclass
class Checked:
    diagnostics: list[Diagnostic]  # every finding in the paths
    changed: list[Diagnostic]  # those on lines added or changed since the base
    keys: dict[int, str]  # id(diagnostic) -> its key
    ctx: ReportContext
    settings: Settings

    def key(self, d: Diagnostic) -> str:
        return self.keys[id(d)]

    @property
    def errors(self) -> list[Diagnostic]:
        """Files scanlint could not check (SCN9xx), anywhere in the paths. (Not every finding
        of error severity: SCN2xx findings are findings, reviewed only where changed.)"""
        return [d for d in self.diagnostics if d.code.startswith("SCN9")]


def check(check_args: list[str], base: str) -> Checked:
    """Run `scanlint check CHECK_ARGS` (its own parser and settings, no cache: a CI job keeps
    none) and keep the findings on lines changed since ``base``."""
    from scanlint.cli import build_parser, check_paths, only_changed, repo_root, resolve_settings

    try:
        args = build_parser().parse_args(["check", "--no-cache", *check_args])
    except SystemExit:  # argparse printed why
        raise UsageError(f"bad scanlint check arguments: {' '.join(check_args)}") from None
    settings, root = resolve_settings(args)
    summary = check_paths(args.paths or ["."], settings, args, root)
    ctx = ReportContext(sources=summary.sources, repo_root=repo_root(os.getcwd()),
                        notebooks=summary.notebooks)
    keys = finding_keys(summary.diagnostics, ctx)
    changed = only_changed(summary.diagnostics, base, ctx)
    return Checked(summary.diagnostics, changed, keys, ctx, settings)


def finding_keys(diagnostics: list[Diagnostic], ctx: ReportContext) -> dict[int, str]:
    """A key per finding that survives edits elsewhere in its file: the file, the code and its
    line's text (report.fingerprints), and which occurrence of that pair it is, counted over
    every finding of the file so that the diff's extent does not renumber them."""
    keys = {}
    for d, print_ in zip(diagnostics, fingerprints(diagnostics, ctx)):
        where = hashlib.sha256(ctx.repo_path(d.path).encode()).hexdigest()[:8]
        keys[id(d)] = f"{d.code}-{where}-{print_.replace(':', '-')}"
    return keys
