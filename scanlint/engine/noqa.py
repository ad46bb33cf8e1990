"""`# noqa` comments, as flake8 and ruff read them: a bare `# noqa` or `# noqa: CODE, ...` on
any line of a reported statement suppresses the finding.
"""

from __future__ import annotations

import io
import re
import tokenize

from scanlint.core.diagnostic import Diagnostic

_NOQA = re.compile(
    r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?", re.IGNORECASE)
_NOQA_CODE = re.compile(r"[A-Z]+[0-9]+", re.IGNORECASE)


def noqa_comments(text: str) -> dict[int, frozenset[str] | None]:
    """Line -> codes named by a `# noqa: ...` comment on it (None: a bare `# noqa`)."""
    if "noqa" not in text.lower():
        return {}
    comments: dict[int, frozenset[str] | None] = {}
    try:
        tokens = [(t.start[0], t.string) for t in
                  tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        tokens = [(n, line[line.index("#"):]) for n, line in
                  enumerate(text.splitlines(), 1) if "#" in line]
    for line, comment in tokens:
        match = _NOQA.search(comment)
        if match:
            codes = match.group("codes")
            comments[line] = (frozenset(c.upper() for c in _NOQA_CODE.findall(codes))
                              if codes else None)
    return comments


def suppressed(diagnostic: Diagnostic, comments: dict[int, frozenset[str] | None]) -> bool:
    first, last = diagnostic.statement_lines
    lines = range(min(first, diagnostic.start.line) or 1,
                  max(last, diagnostic.end.line, diagnostic.start.line) + 1)
    for line in lines:
        if line in comments:
            codes = comments[line]
            if codes is None or diagnostic.code in codes:
                return True
    return False
