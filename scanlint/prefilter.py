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


def _jax_imports(tree: ast.Module) -> dict[str, set[str]]:
    """Each local name a jax import binds (in any scope), with the dotted names it is bound
    to: `import jax.lax` binds `jax` to "jax", `import jax.lax as L` binds `L` to "jax.lax",
    `from jax import lax as x` binds `x` to "jax.lax"; a star import binds each family name.
    This is what the model resolves callees through (`scopes.import_qualified_name`)."""
    bound: dict[str, set[str]] = {}
    for node in _statements(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "jax" or alias.name.startswith("jax."):
                    name = alias.asname or alias.name.split(".")[0]
                    bound.setdefault(name, set()).add(alias.name if alias.asname else name)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                node.module == "jax" or node.module.startswith("jax.")):
            for alias in node.names:
                for name in (FAMILY if alias.name == "*" else [alias.asname or alias.name]):
                    imported = name if alias.name == "*" else alias.name
                    bound.setdefault(name, set()).add(f"{node.module}.{imported}")
    return bound


def possible_callee(dotted: str) -> bool:
    """A superset of the dotted names the model takes for scan-family functions: each starts
    with `jax.`, has `lax` in it and ends with a family name (`model.SIGNATURES`, `ALIASES`)."""
    return (dotted.startswith("jax.") and "lax" in dotted
            and dotted.rsplit(".", 1)[-1] in FAMILY)


# What may stand between the parts of an attribute chain: whitespace, a backslash before a
# line break, and (inside brackets) comments.
_GAP = r"(?:[\s\\]|#[^\r\n]*)*"
_FAMILY_ATTRIBUTE = rf"\.{_GAP}(?:{'|'.join(sorted(FAMILY))})\b"


# After `import`, only names, `as` and commas come before the names a `from jax... import`
# statement binds; inside brackets, also line breaks and comments. A family function
# imported as such (or a star import) leaves this in the text. One character at a time and
# within one statement, so the search stays linear (`\w+` inside the repetition would
# backtrack exponentially).
_BREAK = r"(?:\r\n|\r|\n)"
_IN_LINE = rf"(?:[ \t\x0c\w,]|\\{_BREAK})"
_IN_BRACKETS = r"(?:[\s\w,\\]|#[^\r\n]*)"
_FAMILY_IMPORT = (rf"\bimport(?:[ \t\x0c]|\\{_BREAK})*(?:\({_IN_BRACKETS}*?|{_IN_LINE}*?)"
                  rf"(?:\b(?:{'|'.join(sorted(FAMILY))})\b|\*)")


def may_call_family(text: str) -> bool:
    """A sound test on the text alone, before `ast`: a site is a call of `name.attr.scan`
    (so `.scan` is in the text) or of a family function imported as such."""
    return (re.search(_FAMILY_ATTRIBUTE, text) is not None
            or re.search(_FAMILY_IMPORT, text) is not None)


# Sound tests on the text alone, run before `ast`: a file for which none says yes cannot
# hold a site. A rule with sites of another kind adds its own (and a SITE_PREDICATES entry).
TEXT_TESTS = (may_call_family,)


def text_may_hold_site(text: str) -> bool:
    return any(test(text) for test in TEXT_TESTS)


def _searchable(text: str) -> str:
    """``text`` with identifiers spelled as `ast` reports them. `ast` gives names in NFKC
    form (`ｓ` is `s`), the model and the text keep what was written: the patterns come from
    `ast`, so they are matched against normalized text. Normalizing never adds or removes a
    line break, so line numbers stay those of ``text``."""
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


def may_have_site(text: str, tree: ast.Module | None = None,
                  facts: "SiteFacts | None" = None) -> bool:
    """Whether ``text`` (parsed as ``tree``, when the caller has it) may hold a site."""
    tree = tree or parse(text)
    if tree is None:
        return True
    facts = facts or site_facts(text, tree)
    return any(predicate(statement, facts)
               for statement in tree.body for predicate in SITE_PREDICATES)


# -- per top-level statement ----------------------------------------------------------------
@dataclass(frozen=True)
class SiteFacts:
    """What the per-statement predicates share about one file, computed once."""

    imports: dict[str, frozenset[str]]  # local name -> dotted names jax imports bind it to
    functions: frozenset[str]  # local names bound to a possible callee itself
    token_lines: tuple[int, ...]  # sorted lines where a possible callee is spelled


def site_facts(text: str, tree: ast.Module) -> SiteFacts:
    imports = {name: frozenset(dotted) for name, dotted in _jax_imports(tree).items()}
    functions = frozenset(name for name, dotted in imports.items()
                          if any(possible_callee(d) for d in dotted))
    lines: set[int] = set()
    if imports:
        _add_lines(lines, text, _FAMILY_ATTRIBUTE)  # `.scan`: raw, as the model compares it
    if functions:
        _add_lines(lines, _searchable(text),
                   r"\b(?:%s)\b" % "|".join(re.escape(f) for f in sorted(functions)))
    return SiteFacts(imports, functions, tuple(sorted(lines)))


def _add_lines(lines: set[int], text: str, pattern: str) -> None:
    """Every line a match of ``pattern`` in ``text`` is on."""
    line, counted = 1, 0
    for match in re.finditer(pattern, text):
        line += _line_breaks(text, counted, match.start())
        counted = match.start()
        lines.update(range(line, line + _line_breaks(text, *match.span()) + 1))


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
    or a `name.attr.scan` chain whose name a jax import binds so that the dotted callee is a
    possible one (the model resolves callees through imports only)."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Name):
        return func.id in facts.functions
    if not (isinstance(func, ast.Attribute) and func.attr in FAMILY):
        return False
    attributes = []
    base: ast.expr = func
    while isinstance(base, ast.Attribute):
        attributes.append(base.attr)
        base = base.value
    if not isinstance(base, ast.Name):
        return False
    tail = "." + ".".join(reversed(attributes))
    return any(possible_callee(dotted + tail) for dotted in facts.imports.get(base.id, ()))


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
