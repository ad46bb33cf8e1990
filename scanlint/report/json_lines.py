"""One ruff-shaped JSON object per line."""

from __future__ import annotations

import json

from scanlint.core.diagnostic import Diagnostic
from scanlint.report import ReportContext
from scanlint.report.json import diagnostic_dict

NAME = "json-lines"


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    return "".join(json.dumps(diagnostic_dict(d, ctx), ensure_ascii=False) + "\n"
                   for d in diagnostics)
