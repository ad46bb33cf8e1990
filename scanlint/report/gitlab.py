"""GitLab Code Quality report (a JSON list of issues); a notebook's issue is on the lines of
the stored JSON that hold it, its description says which cell and line."""

from __future__ import annotations

import json

from scanlint.core.diagnostic import Diagnostic
from scanlint.report import ReportContext, fingerprints, severity

NAME = "gitlab"
# Code Quality's levels (info, minor, major, critical, blocker) for the families' severities.
GITLAB = {"error": "major", "warning": "minor", "note": "info"}


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    issues = []
    for d, print_ in zip(diagnostics, fingerprints(diagnostics, ctx)):
        issues.append({
            "description": f"{d.code} {d.message}{ctx.cell_note(d)}",
            "check_name": d.code,
            "fingerprint": print_.replace(":", "-") + "-" + d.code,
            "severity": GITLAB[severity(d)],
            "location": {"path": ctx.repo_path(d.path),
                         "lines": {"begin": ctx.file_position(d.path, d.start).line,
                                   "end": ctx.file_position(d.path, d.end).line}},
        })
    return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"
