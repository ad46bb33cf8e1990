"""reviewdog's rdjsonl: one rdjson Diagnostic per line."""

from __future__ import annotations

import json

from scanlint.core.diagnostic import Diagnostic
from scanlint.report import ReportContext
from scanlint.report.rdjson import diagnostic

NAME = "rdjsonl"


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    return "".join(json.dumps(diagnostic(d, ctx), ensure_ascii=False) + "\n" for d in diagnostics)
