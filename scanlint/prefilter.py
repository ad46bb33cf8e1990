"""The second, still sound, prefilter: Python's `ast` (in C, about 15 times faster than
LibCST) answers whether a file has a call that *could* resolve to a scan-family function,
and, for the selection of what LibCST parses (`slicing.py`), which top-level statements
could hold one.

It over-approximates the model (it ignores shadowing and scopes), so a file or statement it
rejects cannot hold a site the model would find; on the installed jax sources it spares
LibCST more than half of the files the text prefilter lets through. Imports are found by
walking statements only; a regex over the text finds the lines where a possible callee is
spelled, and only the top-level statements on those lines are walked for calls.
"""

from __future__ import annotations

import ast
import bisect
import re
import unicodedata
from dataclasses import dataclass

FAMILY = frozenset({"scan", "fori_loop", "while_loop", "map"})


def _statements(body: list[ast.stmt]):
    """Every statement, nested ones included, without entering expressions."""
    stack = list(body)
    while stack:
        node = stack.pop()
        yield node
        for field in ("body", "orelse", "finalbody"):
            stack.extend(getattr(node, field, ()) or ())
        for handler in getattr(node, "handlers", ()) or ():
            stack.extend(handler.body)
        for case in getattr(node, "cases", ()) or ():
            stack.extend(case.body)


def parse(text: str) -> ast.Module | None:
    """Python's tree of ``text``, or None when `ast` rejects it (LibCST then decides, and
    reports what is wrong). The model reuses it for positions."""
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _jax_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """(local names bound to jax modules and other jax things, local names a scan-family
    function itself is imported as: every family name under `from jax... import *`)."""
    modules: set[str] = set()
    functions: set[str] = set()
    for node in _statements(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "jax" or alias.name.startswith("jax."):
                    modules.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                node.module == "jax" or node.module.startswith("jax.")):
            for alias in node.names:
                if alias.name == "*":
                    functions.update(FAMILY)
                elif alias.name in FAMILY:
                    functions.add(alias.asname or alias.name)
                else:
                    modules.add(alias.asname or alias.name)
    return modules, functions


# What may stand between the parts of an attribute chain: whitespace, a backslash before a
# line break, and (inside brackets) comments.
_GAP = r"(?:[\s\\]|#[^\r\n]*)*"


def _chain(modules: set[str]) -> str:
    """`name(.attr)*.scan`, with any gap around the dots (a superset of the attribute chains
    the model resolves: it also matches strings and comments, never misses a call)."""
    names = "|".join(re.escape(m) for m in sorted(modules))
    return (rf"\b(?:{names})(?:{_GAP}\.{_GAP}\w+)*?{_GAP}\.{_GAP}"
            rf"(?:{'|'.join(sorted(FAMILY))})\b")


def _searchable(text: str) -> str:
    """``text`` with identifiers spelled as `ast` reports them. `ast` gives names in NFKC
    form (`ｌ` is `l`), the model and the text keep what was written: the patterns come from
    `ast`, so they are matched against normalized text. Normalizing never adds or removes a
    line break, so line numbers stay those of ``text``."""
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


def may_have_site(text: str, tree: ast.Module | None = None) -> bool:
    """Whether ``text`` (parsed as ``tree``, when the caller has it) may hold a site."""
    tree = tree or parse(text)
    if tree is None:
        return True
    facts = site_facts(text, tree)
    return any(statement_may_hold_site(statement, facts) for statement in tree.body)


# -- per top-level statement ----------------------------------------------------------------
@dataclass(frozen=True)
class SiteFacts:
    """What the per-statement predicates share about one file, computed once."""

    modules: frozenset[str]  # local names bound to jax things (see `_jax_names`)
    functions: frozenset[str]  # local names of scan-family functions imported as such
    token_lines: tuple[int, ...]  # sorted lines where a possible callee is spelled


def site_facts(text: str, tree: ast.Module) -> SiteFacts:
    modules, functions = _jax_names(tree)
    patterns = []
    if modules:
        patterns.append(_chain(modules))
    if functions:
        patterns.append(r"\b(?:%s)\b" % "|".join(re.escape(f) for f in sorted(functions)))
    lines: set[int] = set()
    if patterns:
        searchable = _searchable(text)
        line, counted = 1, 0
        for match in re.finditer("|".join(patterns), searchable):
            line += _line_breaks(searchable, counted, match.start())
            counted = match.start()
            lines.update(range(line, line + _line_breaks(searchable, *match.span()) + 1))
    return SiteFacts(frozenset(modules), frozenset(functions), tuple(sorted(lines)))


def _line_breaks(text: str, start: int, end: int) -> int:
    """Line breaks in ``text[start:end]`` as Python counts them (CRLF, CR, LF)."""
    return (text.count("\n", start, end) + text.count("\r", start, end)
            - text.count("\r\n", start, end))


def statement_lines(statement: ast.stmt) -> tuple[int, int]:
    """The first and last line of a statement, decorators included."""
    first = min([statement.lineno, *(d.lineno for d in getattr(statement, "decorator_list", ()))])
    return first, statement.end_lineno or statement.lineno


def statement_may_hold_site(statement: ast.stmt, facts: SiteFacts) -> bool:
    """Whether a top-level statement may hold a scan-family call the model resolves: a
    possible callee is spelled on one of its lines (a quick test on the text), and it has a
    call of one (not only a mention in a docstring or comment)."""
    first, last = statement_lines(statement)
    at = bisect.bisect_left(facts.token_lines, first)
    if at == len(facts.token_lines) or facts.token_lines[at] > last:
        return False
    return any(possible_site_call(node, facts) for node in ast.walk(statement))


def possible_site_call(node: ast.AST, facts: SiteFacts) -> bool:
    """Whether ``node`` is a call the model may resolve to a scan-family function: of a name
    a family function is imported as, or of `module(.attr)*.scan` on a name bound by a jax
    import (the model resolves callees through imports only)."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Name):
        return func.id in facts.functions
    if not (isinstance(func, ast.Attribute) and func.attr in FAMILY):
        return False
    base = func.value
    while isinstance(base, ast.Attribute):
        base = base.value
    return isinstance(base, ast.Name) and base.id in facts.modules


# Predicates over one top-level statement: a def or class for which none says yes may be
# left out of what LibCST parses (see docs/architecture.md, "What LibCST sees"). A rule with
# sites of another kind adds its own predicate here.
SITE_PREDICATES = (statement_may_hold_site,)


def names_passed_to_sites(statement: ast.stmt, facts: SiteFacts) -> set[str]:
    """Names read in the arguments of the possible scan-family calls in ``statement``: the
    step functions, `partial` targets and carry classes a site names."""
    names: set[str] = set()
    for node in ast.walk(statement):
        if possible_site_call(node, facts):
            for argument in [*node.args, *(k.value for k in node.keywords)]:  # type: ignore
                names.update(n.id for n in ast.walk(argument) if isinstance(n, ast.Name))
    return names
