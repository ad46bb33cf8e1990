"""SARIF 2.1.0 as GitHub code scanning accepts it (columns: Unicode code points, 1-based).

A notebook's regions and fixes are in its stored JSON (what code scanning shows for the file);
the message says which cell and line.
"""

from __future__ import annotations

import json

from scanlint import DOCS_URL, __version__
from scanlint.core.severity import severity as severity_of
from scanlint.core.diagnostic import Diagnostic, Edit
from scanlint.report import ReportContext, fingerprints, severity

NAME = "sarif"
SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def region(start, end) -> dict:
    return {"startLine": start.line, "startColumn": start.column + 1,
            "endLine": end.line, "endColumn": end.column + 1}


def rule_descriptor(rule) -> dict:
    from scanlint.report.rule_docs import rule_markdown

    doc = rule.doc()
    what = " ".join(doc.split("## Why")[0].replace("## What it does", "").split())
    return {
        "id": rule.CODE,
        "name": rule.NAME,
        "shortDescription": {"text": what.split(". ")[0].rstrip(".") + "."},
        "fullDescription": {"text": what},
        "help": {"text": doc, "markdown": rule_markdown(rule, level=2)},
        "helpUri": f"{DOCS_URL}#{rule.CODE.lower()}-{rule.NAME}",
        "defaultConfiguration": {"level": severity_of(rule.CODE)},
    }


def replacement(edit: Edit) -> dict:
    """An edit to the stored file."""
    # insertedContent is always present (empty for a deletion): reviewdog drops a fix without it.
    return {"deletedRegion": region(edit.start, edit.end),
            "insertedContent": {"text": edit.content}}


def result(d: Diagnostic, ctx: ReportContext, rule_index: dict[str, int], print_: str) -> dict:
    uri = ctx.repo_path(d.path)
    out = {
        "ruleId": d.code,
        "ruleIndex": rule_index[d.code],
        "level": severity(d),
        "message": {"text": d.message + ctx.cell_note(d)},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"},
            "region": region(ctx.file_position(d.path, d.start),
                             ctx.file_position(d.path, d.end)),
        }}],
        "partialFingerprints": {"primaryLocationLineHash": print_},
    }
    edits = ctx.file_edits(d)
    if edits:
        out["fixes"] = [{
            "description": {"text": d.fix.message + ("" if d.fix.applicability == "safe"
                                                     else " (unsafe)")},
            "artifactChanges": [{"artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"},
                                 "replacements": [replacement(e) for e in edits]}],
        }]
    return out


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    from scanlint.rules import all_rules

    rules = list(all_rules())
    rule_index = {rule.CODE: i for i, rule in enumerate(rules)}
    document = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "scanlint",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": DOCS_URL,
                "rules": [rule_descriptor(rule) for rule in rules],
            }},
            "columnKind": "unicodeCodePoints",
            "originalUriBaseIds": {"%SRCROOT%": {"uri": _root_uri(ctx)}},
            "results": [result(d, ctx, rule_index, f)
                        for d, f in zip(diagnostics, fingerprints(diagnostics, ctx))],
        }],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _root_uri(ctx: ReportContext) -> str:
    from pathlib import Path

    return Path(ctx.repo_root or ctx.cwd).resolve().as_uri() + "/"
