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
from dataclasses import dataclass, field
from typing import Iterable

from scanlint.prefilter.text import (constant_range_lines, line_breaks, match_lines,
                                     may_contain_unrolled_loop)
from scanlint.prefilter.words import any_word, first_starting_word, starting_words

FAMILY = frozenset({"scan", "fori_loop", "while_loop", "map"})
# Packages whose imports can name a jit (`jax.jit`, `flax.nnx.jit`, `equinox.filter_jit`),
# and the names those jits have.
JIT_PACKAGES = frozenset({"jax", "flax", "equinox"})
JIT_ATTRIBUTES = frozenset({"jit", "filter_jit"})


def _statements(body: list[ast.stmt], into_definitions: bool = True, wanted=None):
    """Every statement, nested ones included, without entering expressions; with
    ``into_definitions`` False, a nested def or class is yielded but not entered; with
    ``wanted``, a statement it says no to is neither yielded nor entered."""
    stack = list(body)
    while stack:
        node = stack.pop()
        if wanted is not None and not wanted(node):
            continue
        yield node
        if not into_definitions and isinstance(
                node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody"):
            stack.extend(getattr(node, field, ()) or ())
        for handler in getattr(node, "handlers", ()) or ():
            stack.extend(handler.body)
        for case in getattr(node, "cases", ()) or ():
            stack.extend(case.body)


def walk(node: ast.AST):
    """Every node under ``node`` (itself included), as `ast.walk` finds them but depth first
    and without a generator per node: about twice as fast. For questions that do not
    depend on the order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        for name in current._fields:
            value = getattr(current, name, None)
            if isinstance(value, ast.AST):
                stack.append(value)
            elif isinstance(value, list):
                stack.extend(item for item in value if isinstance(item, ast.AST))


def parse(text: str) -> ast.Module | None:
    """Python's tree of ``text``, or None when `ast` rejects it (LibCST then decides, and
    reports what is wrong). The model reuses it for positions."""
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _imports(tree: ast.Module, text: str | None = None) -> list[ast.stmt]:
    """Every import statement, in any scope. With the module's ``text``, only statements
    whose lines spell `import` are entered."""
    if text is None:
        return [node for node in _statements(tree.body)
                if isinstance(node, (ast.Import, ast.ImportFrom))]
    lines: set[int] = set()
    searchable = _searchable(text)
    _add_lines(lines, searchable, starting_words(_IMPORT_WORD, searchable))
    marks = sorted(lines)

    def spells_import(node: ast.stmt) -> bool:
        at = bisect.bisect_left(marks, node.lineno)
        return at < len(marks) and marks[at] <= (node.end_lineno or node.lineno)

    return [node for node in _statements(tree.body, wanted=spells_import)
            if isinstance(node, (ast.Import, ast.ImportFrom))]


def _jax_imports(imports: list[ast.stmt]) -> dict[str, set[str]]:
    """Each local name a jax import binds (in any scope), with the dotted names it is bound
    to: `import jax.lax` binds `jax` to "jax", `import jax.lax as L` binds `L` to "jax.lax",
    `from jax import lax as x` binds `x` to "jax.lax"; a star import binds each family name.
    This is what the model resolves callees through (`scopes.import_qualified_name`)."""
    bound: dict[str, set[str]] = {}
    for node in imports:
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


# What may stand between the parts of an attribute chain or call: whitespace, a backslash
# before a line break, and (inside brackets) comments. A comment runs to the end of its line
# (the lookahead), so each `#` starts exactly one match: `#[^\r\n]*` alone would let `###...`
# be split in exponentially many ways, and the search backtrack for hours on a banner comment.
_COMMENT = r"#[^\r\n]*(?![^\r\n])"
_GAP = rf"(?:[\s\\]|{_COMMENT})*"
_FAMILY_ATTRIBUTE = rf"\.{_GAP}(?:{'|'.join(sorted(FAMILY))})\b"


# After `import`, only names, `as` and commas come before the names a `from jax... import`
# statement binds; inside brackets, also line breaks and comments. A family function
# imported as such (or a star import) leaves this in the text. One character at a time and
# within one statement, so the search stays linear (`\w+` inside the repetition would
# backtrack exponentially).
_BREAK = r"(?:\r\n|\r|\n)"
_IN_LINE = rf"(?:[ \t\x0c\w,]|\\{_BREAK})"
_IN_BRACKETS = rf"(?:[\s\w,\\]|{_COMMENT})"
_FAMILY_IMPORT = re.compile(rf"import(?:[ \t\x0c]|\\{_BREAK})*(?:\({_IN_BRACKETS}*?|{_IN_LINE}*?)"
                            rf"(?:\b(?:{'|'.join(sorted(FAMILY))})\b|\*)")  # after `\b`
_IMPORT_WORD = re.compile(r"import\b")


def may_call_family(text: str) -> bool:
    """A sound test on the text alone, before `ast`: a site is a call of a family function
    imported as such, or of `name.attr.scan` where the dotted name `name` is imported as,
    followed by the attributes, has `lax` in it (`possible_callee`). `jax.tree.map(f, x)`
    and `args.map(f)` cannot be one unless an import binds `jax` or `args` to a name.
    Read as `ast` reads names (NFKC), the text is searched for what a `from` import or an
    `as` may bind: a superset of the names, found on the text alone."""
    if re.search(_FAMILY_ATTRIBUTE, text) is None:
        return first_starting_word(_FAMILY_IMPORT, text) is not None
    text = _searchable(text)
    roots = set(FAMILY)  # a family function imported by name (`from jax.lax import scan`)
    for match in re.finditer(_FAMILY_ATTRIBUTE, text):
        chain = _chain_before(text, match.start())
        if chain is None or "lax" in chain:
            return True  # not a plain `a.b.c` before the dot, or one naming `lax`
        roots.add(chain.split(".", 1)[0])
    return not roots.isdisjoint(_names_imports_may_bind(text))


def _chain_before(text: str, end: int) -> str | None:
    """The plain dotted name that ends at ``end`` (`jax.tree` before `.map`), or None when
    something else comes before the dot (`f(x).map`, `(jax.lax).map`, `lax .map`)."""
    start = end
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_."):
        start -= 1
    chain = text[start:end]
    if (start > 0 and text[start - 1] in ")]") or not _PLAIN_CHAIN.fullmatch(chain):
        return None
    return chain


_PLAIN_CHAIN = re.compile(r"[A-Za-z_]\w*(?:\.\w+)*")
# `from module import names` and `... as name`: every word that may be bound to a dotted
# name other than itself (`import jax` binds `jax` to "jax", which the chain then spells).
_FROM_IMPORT = re.compile(rf"from(?:[ \t\x0c]|\\{_BREAK})+[\w.]+(?:[ \t\x0c]|\\{_BREAK})+"
                          rf"import(?:[ \t\x0c]|\\{_BREAK})*(\({_IN_BRACKETS}*|{_IN_LINE}*)")
_AS = re.compile(r"as\b")
_NAME_AFTER_GAP = re.compile(rf"{_GAP}(\w+)")


def _names_imports_may_bind(text: str) -> set[str]:
    """A superset of the names a `from` import or an `as` binds in ``text``; with a star
    import, the family names too (`from jax.lax import *` binds `scan`)."""
    names = set()
    for alias in starting_words(_AS, text):
        name = _NAME_AFTER_GAP.match(text, alias.end())
        if name is not None:
            names.add(name.group(1))
    for imported in starting_words(_FROM_IMPORT, text):
        names.update(re.findall(r"\w+", imported.group(1)))
        if text.startswith("*", imported.end()):
            names |= FAMILY
    return names



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
    jit: "JitFacts | None" = None  # for loops under jit (SCN3xx); None: nothing jit-able imported
    # statement -> its possible site calls, found once (`site_calls`)
    calls: dict = field(default_factory=dict, compare=False, repr=False)


def site_facts(text: str, tree: ast.Module) -> SiteFacts:
    statements = _imports(tree, text)
    imports = {name: frozenset(dotted) for name, dotted in _jax_imports(statements).items()}
    functions = frozenset(name for name, dotted in imports.items()
                          if any(possible_callee(d) for d in dotted))
    lines: set[int] = set()
    if imports:
        _add_lines(lines, text, re.finditer(_FAMILY_ATTRIBUTE, text))  # raw: as the model reads

    if functions:
        searchable = _searchable(text)
        _add_lines(lines, searchable, starting_words(any_word(functions), searchable))
    return SiteFacts(imports, functions, tuple(sorted(lines)), jit_facts(tree, text, statements))


def _add_lines(lines: set[int], text: str, matches: Iterable[re.Match]) -> None:
    """Every line one of ``matches`` (in order, over ``text``) is on."""
    carriage_returns = "\r" in text
    for match, line in match_lines(text, matches):
        last = line + line_breaks(text, *match.span(), carriage_returns)
        if last == line:
            lines.add(line)
        else:
            lines.update(range(line, last + 1))


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
    return bool(site_calls(statement, facts))


def site_calls(statement: ast.stmt, facts: SiteFacts) -> list[ast.Call]:
    """The calls in ``statement`` that `possible_site_call` takes, walked for once per file
    (the engine, the selection and its widenings all ask)."""
    found = facts.calls.get(statement)
    if found is None:
        found = facts.calls[statement] = [node for node in walk(statement)
                                          if possible_site_call(node, facts)]
    return found


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




def names_passed_to_sites(statement: ast.stmt, facts: SiteFacts) -> set[str]:
    """Names read in the arguments of the possible scan-family calls in ``statement``: the
    step functions, `partial` targets and carry classes a site names."""
    names: set[str] = set()
    for node in site_calls(statement, facts):
        for argument in [*node.args, *(k.value for k in node.keywords)]:
            names.update(n.id for n in walk(argument) if isinstance(n, ast.Name))
    return names


# -- loops under jit (SCN3xx) ---------------------------------------------------------------
@dataclass(frozen=True)
class JitFacts:
    """What a module's imports and text say about its jit functions; with them, each
    top-level statement can be judged alone (`may_hold_unrolled_loop`)."""

    roots: frozenset[str]  # names bound by imports from jax, flax or equinox
    jit_names: frozenset[str]  # those a jit is imported as (`from jax import jit as J`)
    wrapped: frozenset[str]  # names passed to a jit call (`jax.jit(f)`, `J(partial(f, ...))`)
    looping_wrapped: frozenset[str]  # those of them that are top-level defs with a range loop
    range_lines: tuple[int, ...] = ()  # sorted lines where a `range(...)` call may count trips


def jit_facts(tree: ast.Module, text: str,
              imports: list[ast.stmt] | None = None) -> JitFacts | None:
    """None when nothing in the module is imported from a package that has a jit, or no
    `range(...)` call may have constant arguments (`text.constant_range_lines`). Every jit
    the model resolves is a name imported as one, or an attribute `jit`/`filter_jit` of a
    name imported from such a package (`jax.jit`, `api.jit`, `eqx.filter_jit`)."""
    roots, jit_names = set(), set()
    for node in imports if imports is not None else _imports(tree):
        if isinstance(node, ast.Import):
            roots.update(a.asname or a.name.split(".")[0] for a in node.names
                         if a.name.split(".")[0] in JIT_PACKAGES)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and \
                node.module.split(".")[0] in JIT_PACKAGES:
            roots.update(a.asname or a.name for a in node.names if a.name != "*")
            jit_names.update(a.asname or a.name for a in node.names if a.name in JIT_ATTRIBUTES)
    range_lines = constant_range_lines(text)
    if not roots or not range_lines:
        return None  # no range loop whose trips the model can count (`_constant_range`)
    wrapped = wrapped_names(text, jit_names)
    looping = frozenset(s.name for s in tree.body
                        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and s.name in wrapped and _has_range_loop(s))
    return JitFacts(frozenset(roots), frozenset(jit_names), wrapped, looping, range_lines)


# What follows a jit's name in a call that wraps a function: `(f`, or `(partial(f` and
# `(functools.partial(f` (the first name inside a call inside it).
_WRAPPED = re.compile(rf"{_GAP}\({_GAP}(?:(?:\w+{_GAP}\.{_GAP})*\w+{_GAP}\({_GAP})?(\w+)")


def wrapped_names(text: str, jit_names: set[str] | frozenset[str], start: int = 0,
                  end: int | None = None) -> frozenset[str]:
    """The first name inside each call of a word that may name a jit: one imported as a jit,
    or `jit`/`filter_jit` (the model's `jax.jit`, `eqx.filter_jit`, ... spell them). A
    superset of the wraps the model resolves: it also matches strings, comments and jits of
    other packages. With ``start`` and ``end``: the calls of the words starting between
    these offsets, each call read in the whole text (engine/incremental.py)."""
    found = set()
    for name in starting_words(any_word(jit_names | JIT_ATTRIBUTES), text, start, end):
        call = _WRAPPED.match(text, name.end())
        if call is not None:
            found.add(call.group(1))
    return frozenset(found)


def may_jit_a_counted_loop(text: str) -> bool:
    """A sound test on the text alone for an SCN301 site: a `range(...)` call that may
    count trips (`text.constant_range_lines`), in or after a def that a jit may decorate
    (a decorator spelling `jit`, `filter_jit` or a name a jit is imported as) or wrap by
    name (`jax.jit(f)` and a `def f`). The def starts on or before the loop's line."""
    if not may_contain_unrolled_loop(text):
        return False
    last_loop = constant_range_lines(text)[-1]
    text = _searchable(text)
    if "\r" in text:  # `^` knows only LF; the lines stay the lines `ast` counts
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    names = JIT_ATTRIBUTES | set(_JIT_ALIAS.findall(text))
    jit_word = any_word(names)
    for decorator, line in match_lines(text, _DECORATOR.finditer(text)):
        if line > last_loop:
            break
        header = _DEF_OR_CLASS_LINE.search(text, decorator.end())
        if first_starting_word(jit_word, text, decorator.end(),
                               header.start() if header else len(text)) is not None:
            return True
    wrapped = wrapped_names(text, names)
    for definition, line in match_lines(text, starting_words(_DEF_NAME, text)) if wrapped else ():
        if line > last_loop:
            break
        if definition.group(1) in wrapped:
            return True
    return False


_JIT_ALIAS = re.compile(rf"(?:filter_jit|jit)\b{_GAP}as\b{_GAP}(\w+)")
_DECORATOR = re.compile(r"^[ \t\x0c]*@", re.MULTILINE)
_DEF_OR_CLASS_LINE = re.compile(r"^[ \t\x0c]*(?:async[ \t\x0c]+)?(?:def|class)\b", re.MULTILINE)
_DEF_NAME = re.compile(rf"def(?:[ \t\x0c]|\\{_BREAK})+(\w+)")  # after `\b`


def may_hold_unrolled_loop(statement: ast.stmt, facts: JitFacts) -> bool:
    """Whether one top-level statement may hold an SCN301 site: a def that may run under
    jit (decorated through a jit import, or wrapped by name) with a `for ... in range(...)`
    loop, nested defs and classes included; or a module-level call wrapping such a def
    (`fast = jax.jit(simulate)`), which the model must see to know the def is jitted."""
    first, last = statement_lines(statement)
    at = bisect.bisect_left(facts.range_lines, first)
    spelled = at < len(facts.range_lines) and facts.range_lines[at] <= last
    for node in _statements([statement]) if spelled else ():  # no `range`: no range loop
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        jitted = node.name in facts.wrapped or any(
            _applies_jit(d, facts) for d in node.decorator_list)
        if jitted and _has_range_loop(node):
            return True
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or \
            not facts.looping_wrapped:
        return False
    return any(isinstance(node, ast.Name) and node.id in facts.looping_wrapped
               for node in walk(statement))


def _applies_jit(decorator: ast.expr, facts: JitFacts) -> bool:
    """A decorator naming a jit (`@jit`, `@jax.jit(...)`, `@partial(jax.jit, ...)`)."""
    for node in walk(decorator):
        if isinstance(node, ast.Name) and node.id in facts.jit_names:
            return True
        if isinstance(node, ast.Attribute) and node.attr in JIT_ATTRIBUTES:
            root = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name) and root.id in facts.roots:
                return True
    return False


def _has_range_loop(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether ``function`` (or a def nested in it) has a `for ... in range(...)` loop whose
    trip count may be a constant: the model computes it only from int literals, names bound
    once to such values, parameter defaults, and arithmetic; a parameter without a default
    of the loop's own function, a call or an attribute (`range(n)`, `range(len(x))`,
    `range(x.ndim)`) never is one."""
    params = _parameters_without_default(function.args)
    for node in _statements(function.body, into_definitions=False):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if _has_range_loop(node):
                return True
        elif isinstance(node, ast.For) and _constant_range(node.iter, params):
            return True
    # Comprehensions unroll too (nested defs' included: the test may say yes too often).
    return any(isinstance(node, ast.comprehension) and _constant_range(node.iter, params)
               for node in walk(function))


def _constant_range(expr: ast.expr, params: set[str]) -> bool:
    return (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name)
            and expr.func.id == "range"
            and all(_may_be_constant(arg, params) for arg in expr.args))


def _parameters_without_default(args: ast.arguments) -> set[str]:
    """A parameter with a default may give a trip count (its default); the others never."""
    positional = [*args.posonlyargs, *args.args]
    without = positional[:len(positional) - len(args.defaults)]
    without += [a for a, default in zip(args.kwonlyargs, args.kw_defaults) if default is None]
    return {a.arg for a in (*without, args.vararg, args.kwarg) if a is not None}


def _may_be_constant(expr: ast.expr, params: set[str]) -> bool:
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, int)
    if isinstance(expr, ast.Name):
        return expr.id not in params
    if isinstance(expr, ast.UnaryOp):
        return _may_be_constant(expr.operand, params)
    if isinstance(expr, ast.BinOp):
        return _may_be_constant(expr.left, params) and _may_be_constant(expr.right, params)
    return False


def may_hold_jit_loop_anywhere(statement: ast.stmt, facts: SiteFacts) -> bool:
    """`statement_may_hold_jit_loop` without its test of where `range` is spelled, and, when
    the file has no jit facts (no `range(...)` call that may count trips: they may come with
    an edit), true for any def with a range loop: a superset of the predicate, for a
    statement whose text an edit changed (engine/incremental.py)."""
    jit = facts.jit
    for node in _statements([statement]):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        jitted = jit is None or node.name in jit.wrapped or any(
            _applies_jit(d, jit) for d in node.decorator_list)
        if jitted and _has_range_loop(node):
            return True
    if (jit is None or isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef,
                                              ast.ClassDef)) or not jit.looping_wrapped):
        return False
    return any(isinstance(node, ast.Name) and node.id in jit.looping_wrapped
               for node in walk(statement))


def statement_may_hold_jit_loop(statement: ast.stmt, facts: SiteFacts) -> bool:
    """`may_hold_unrolled_loop` as a site predicate (SCN3xx)."""
    return facts.jit is not None and may_hold_unrolled_loop(statement, facts.jit)


# Predicates over one top-level statement: a def or class for which none says yes may be
# left out of what LibCST parses (see docs/architecture.md, "What LibCST sees"). A rule with
# sites of another kind adds its own predicate here.
SITE_PREDICATES = (statement_may_hold_site, statement_may_hold_jit_loop)


# Sound tests on the text alone, run before `ast`: a file for which none says yes cannot
# hold a site. A rule with sites of another kind adds its own (and a SITE_PREDICATES entry).
TEXT_TESTS = (may_call_family, may_jit_a_counted_loop)
