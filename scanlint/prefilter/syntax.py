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

from scanlint.prefilter.text import (line_breaks, match_lines, may_contain_traced_code,
                                     may_contain_unrolled_loop)
from scanlint.prefilter.words import any_word, first_starting_word, starting_words

FAMILY = frozenset({"scan", "fori_loop", "while_loop", "map"})
# Flax NNX's loops (`flax.nnx.scan`, ...): no `map`. `nnx.scan` is also a decorator, so a
# mention of it that is no call may be a site (`@nnx.scan`, `@partial(nnx.scan, ...)`).
NNX_FAMILY = frozenset({"scan", "fori_loop", "while_loop"})
# Packages whose imports the model resolves loops through.
LOOP_PACKAGES = frozenset({"jax", "flax"})
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
    """Each local name a jax or flax import binds (in any scope), with the dotted names it
    is bound to: `import jax.lax` binds `jax` to "jax", `import jax.lax as L` binds `L` to
    "jax.lax",
    `from jax import lax as x` binds `x` to "jax.lax"; a star import binds each family name.
    This is what the model resolves callees through (`scopes.import_qualified_name`)."""
    bound: dict[str, set[str]] = {}
    for node in imports:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in LOOP_PACKAGES:
                    name = alias.asname or alias.name.split(".")[0]
                    bound.setdefault(name, set()).add(alias.name if alias.asname else name)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                node.module.split(".")[0] in LOOP_PACKAGES):
            for alias in node.names:
                for name in (FAMILY if alias.name == "*" else [alias.asname or alias.name]):
                    imported = name if alias.name == "*" else alias.name
                    bound.setdefault(name, set()).add(f"{node.module}.{imported}")
    return bound


# The dotted names the model resolves loops to (`semantic/model.SIGNATURES`), and the other
# import paths of the same functions (jax's own sources import them from `_src`; flax's
# `compat` is its graph mode). The model reads its aliases from here.
LOOP_FUNCTIONS = frozenset({
    "jax.lax.scan", "jax.lax.fori_loop", "jax.lax.while_loop", "jax.lax.map",
    "flax.nnx.fori_loop", "flax.nnx.while_loop", "flax.nnx.scan"})
LOOP_ALIASES = {
    f"{prefix}.{name}": f"jax.lax.{name}"
    for prefix in ("jax._src.lax.control_flow", "jax._src.lax.control_flow.loops",
                   "jax.experimental.lax")
    for name in ("scan", "fori_loop", "while_loop", "map")
} | {f"{prefix}.{name}": f"flax.nnx.{name}"
     for prefix in ("flax.nnx.transforms.iteration", "flax.nnx.compat")
     for name in ("scan", "fori_loop", "while_loop")}
NNX_SCAN = "flax.nnx.scan"


def possible_callee(dotted: str) -> bool:
    """Whether the model takes the dotted name an import and an attribute chain spell for a
    scan-family function: exactly the names it resolves (`from jax._src import lax` makes
    `lax.scan` spell `jax._src.lax.scan`, which it does not)."""
    return LOOP_ALIASES.get(dotted, dotted) in LOOP_FUNCTIONS


def possible_nnx_scan(dotted: str) -> bool:
    """A name the model takes for `flax.nnx.scan`, a site even where it is not called."""
    return LOOP_ALIASES.get(dotted, dotted) == NNX_SCAN


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


def may_call_family(text: str, iterations: bool = True) -> bool:
    """A sound test on the text alone, before `ast`: a site is a call of a family function
    imported as such, or of `name.attr.scan` where the dotted name `name` is imported as,
    followed by the attributes, has `lax` or `nnx` in it (`possible_callee`). `jax.tree.map(f, x)`
    and `args.map(f)` cannot be one unless an import binds `jax` or `args` to a name.
    Read as `ast` reads names (NFKC), the text is searched for what a `from` import or an
    `as` may bind: a superset of the names, found on the text alone."""
    if re.search(_FAMILY_ATTRIBUTE, text) is None:
        return first_starting_word(_FAMILY_IMPORT, text) is not None
    text = _searchable(text)
    roots = set(FAMILY)  # a family function imported by name (`from jax.lax import scan`)
    for match in re.finditer(_FAMILY_ATTRIBUTE, text):
        chain = _chain_before(text, match.start())
        if chain is None or "lax" in chain or "nnx" in chain:
            return True  # not a plain `a.b.c` before the dot, or one naming `lax` or `nnx`
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



def text_may_hold_site(text: str, iterations: bool = True, program: bool = True) -> bool:
    """Whether a test on the text alone lets ``text`` through to `ast`; ``iterations``
    False: no active rule reads Python iteration under jit beyond SCN301's counted loops
    (`Rule.ITERATIONS`), and the jit test asks for such a loop too; ``program`` False: no
    active rule reads the file's program (`Rule.PROGRAM`), and what only such a rule may
    report does not count."""
    return (any(test(text, iterations) for test in TEXT_TESTS)
            or (program and may_contain_traced_code(text)))


def _searchable(text: str) -> str:
    """``text`` with identifiers spelled as `ast` reports them. `ast` gives names in NFKC
    form (`ｓ` is `s`), the model and the text keep what was written: the patterns come from
    `ast`, so they are matched against normalized text. Normalizing never adds or removes a
    line break, so line numbers stay those of ``text``. Each check asks several times, and
    normalizing a large file costs tens of milliseconds: only the lines that are not ASCII
    are normalized (a line feed composes with nothing, so the lines normalize apart), and
    the last text's answer is kept."""
    global _LAST_SEARCHABLE
    if text.isascii():
        return text
    last = _LAST_SEARCHABLE  # one read: the language server checks on two threads
    if last[0] is not text:
        last = _LAST_SEARCHABLE = (text, "\n".join(
            line if line.isascii() else unicodedata.normalize("NFKC", line)
            for line in text.split("\n")))
    return last[1]


_LAST_SEARCHABLE: tuple = (None, "")


def may_have_site(text: str, tree: ast.Module | None = None,
                  facts: "SiteFacts | None" = None, iterations: bool = True) -> bool:
    """Whether ``text`` (parsed as ``tree``, when the caller has it) may hold a site."""
    tree = tree or parse(text)
    if tree is None:
        return True
    facts = facts or site_facts(text, tree, iterations)
    return any(predicate(statement, facts)
               for statement in tree.body for predicate in SITE_PREDICATES)


# -- per top-level statement ----------------------------------------------------------------
@dataclass(frozen=True)
class SiteFacts:
    """What the per-statement predicates share about one file, computed once."""

    imports: dict[str, frozenset[str]]  # local name -> dotted names jax imports bind it to
    functions: frozenset[str]  # local names bound to a possible callee itself
    nnx_scans: frozenset[str]  # those bound to a possible `nnx.scan` (a site uncalled too)
    token_lines: tuple[int, ...]  # sorted lines where a possible callee is spelled
    jit: "JitFacts | None" = None  # for loops under jit (SCN3xx); None: nothing jit-able imported
    # statement -> its possible site calls, found once (`site_calls`)
    calls: dict = field(default_factory=dict, compare=False, repr=False)
    # node -> the names it reads, found once (the selection asks for each statement's)
    reads: dict = field(default_factory=dict, compare=False, repr=False)


def site_facts(text: str, tree: ast.Module, iterations: bool = True) -> SiteFacts:
    statements = _imports(tree, text)
    imports = {name: frozenset(dotted) for name, dotted in _jax_imports(statements).items()}
    functions = frozenset(name for name, dotted in imports.items()
                          if any(possible_callee(d) for d in dotted))
    nnx_scans = frozenset(name for name, dotted in imports.items()
                          if any(possible_nnx_scan(d) for d in dotted))
    return SiteFacts(imports, functions, nnx_scans, token_lines(text, imports, functions),
                     jit_facts(tree, text, statements, iterations))


def token_lines(text: str, imports: dict, functions: frozenset[str]) -> tuple[int, ...]:
    """The sorted lines of ``text`` where a possible callee is spelled (`SiteFacts`)."""
    lines: set[int] = set()
    if imports:
        _add_lines(lines, text, re.finditer(_FAMILY_ATTRIBUTE, text))  # raw: as the model reads
    if functions:
        searchable = _searchable(text)
        _add_lines(lines, searchable, starting_words(any_word(functions), searchable))
    return tuple(sorted(lines))


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
    or a `name.attr.scan` chain whose name a jax or flax import binds so that the dotted
    callee is a possible one (the model resolves callees through imports only); or a
    mention of a possible `nnx.scan` that is not called (a decorator, `partial`'s target)."""
    if isinstance(node, ast.Call):
        return _possible_name(node.func, facts, possible_callee)
    return (isinstance(node, ast.Attribute) and node.attr == "scan" or isinstance(
        node, ast.Name) and node.id in facts.nnx_scans) and _possible_name(
            node, facts, possible_nnx_scan)


def _possible_name(func: ast.expr, facts: SiteFacts, possible) -> bool:
    if isinstance(func, ast.Name):
        return func.id in (facts.functions if possible is possible_callee else facts.nnx_scans)
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
    return any(possible(dotted + tail) for dotted in facts.imports.get(base.id, ()))




def names_passed_to_sites(statement: ast.stmt, facts: SiteFacts) -> set[str]:
    """Names read in the arguments of the possible scan-family calls in ``statement``: the
    step functions, `partial` targets and carry classes a site names."""
    names: set[str] = set()
    for node in site_calls(statement, facts):
        for argument in site_arguments(node):
            names.update(n.id for n in walk(argument) if isinstance(n, ast.Name))
    return names


def site_arguments(node: ast.AST) -> list[ast.expr]:
    """The arguments of a possible site call (none for an uncalled `nnx.scan`)."""
    if not isinstance(node, ast.Call):
        return []
    return [*node.args, *(k.value for k in node.keywords)]


# -- loops under jit (SCN3xx) ---------------------------------------------------------------
# Builtins that iterate over their argument (SCN302 sites), as `semantic/jit_iterations.py`.
ITERATING_BUILTINS = frozenset({"sum", "max", "min", "any", "all", "sorted", "list", "tuple",
                                "set", "enumerate", "zip", "map", "reversed", "iter"})
_FOLLOWED = 4  # names followed through assignments (`grad_fn = jax.grad(loss)`), as the model


@dataclass(frozen=True)
class JitFacts:
    """What a module says about its functions under jit, by name (scopes ignored, so a
    superset of what the model finds, `semantic/jit_functions.py`); with them, each
    top-level statement can be judged alone (`may_hold_unrolled_loop`)."""

    roots: frozenset[str]  # names bound by imports from jax, flax or equinox
    jit_names: frozenset[str]  # those a jit is imported as (`from jax import jit as J`)
    wrapped: frozenset[str]  # names read in a jit call's arguments (defs, methods, lambdas')
    under_jit: frozenset[str]  # defs that may run under jit: those, decorated ones, and the
    #                            methods they call on their parameters or `self`
    needed: frozenset[str]  # those that iterate, or whose calls reach one that does
    calling: frozenset[int] = frozenset()  # ids of top-level statements with such a jit call
    readers: frozenset[str] = frozenset()  # defs whose callers the model reads (kept too)
    # What iterating is: any Python iteration (SCN302, SCN303 read it), or only the loops
    # SCN301 counts (a `for`, a comprehension over `range(...)`) when no active rule reads
    # more (`Rule.ITERATIONS`).
    iterations: bool = True
    # statement -> the defs in it, found once (`may_hold_unrolled_loop` asks of each)
    defs: dict = field(default_factory=dict, compare=False, repr=False)


def jit_facts(tree: ast.Module, text: str, imports: list[ast.stmt] | None = None,
              iterations: bool = True) -> JitFacts | None:
    """None when nothing in the module is imported from a package that has a jit. Every
    jit the model resolves is a name imported as one, or an attribute `jit`/`filter_jit`
    of a name imported from such a package (`jax.jit`, `api.jit`, `eqx.filter_jit`)."""
    roots, jit_names = set(), set()
    for node in imports if imports is not None else _imports(tree):
        if isinstance(node, ast.Import):
            roots.update(a.asname or a.name.split(".")[0] for a in node.names
                         if a.name.split(".")[0] in JIT_PACKAGES)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and \
                node.module.split(".")[0] in JIT_PACKAGES:
            roots.update(a.asname or a.name for a in node.names if a.name != "*")
            jit_names.update(a.asname or a.name for a in node.names if a.name in JIT_ATTRIBUTES)
    if not roots:
        return None
    partial = JitFacts(frozenset(roots), frozenset(jit_names), frozenset(), frozenset(),
                       frozenset(), iterations=iterations)
    searchable = _searchable(text)
    word = any_word(jit_names | JIT_ATTRIBUTES)
    lines = _lines_of(searchable, word)
    wrapped: set[str] = set()
    calls: dict[int, set[str]] = {}
    decorated: list[ast.AST] = []
    for statement in _statements_on(tree, lines):
        for node in _statements([statement]):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if not isinstance(node, ast.ClassDef) and any(
                        _applies_jit(d, partial) for d in node.decorator_list):
                    decorated.append(node)
                parts = [*node.decorator_list, *getattr(node, "bases", ()),
                         *(k.value for k in getattr(node, "keywords", ()))]
                if not isinstance(node, ast.ClassDef):
                    parts += [*node.args.defaults, *(d for d in node.args.kw_defaults if d)]
            elif _spans(node, lines):
                parts = _own_expressions(node)  # a statement on a line spelling a jit
            else:
                continue
            for part in parts:
                for call in walk(part):
                    if isinstance(call, ast.Call) and _names_jit(call.func, partial) and \
                            call.args and not isinstance(call.args[0], ast.Starred):
                        read = _traced_names(call.args[0])
                        wrapped |= read
                        calls.setdefault(id(statement), set()).update(read)
    wrapped |= _assigned_to(tree, searchable, wrapped)
    defs = _defs_named(tree, searchable, wrapped)
    roots_found = decorated + [d for ds in defs.values() for d in ds]
    reads = {id(d): _read_of_parameters(d, iterations) for d in roots_found}
    called = {name for found in reads.values() for name in found[1]}
    iterated = {d.name for d in roots_found if reads[id(d)][2]}
    called_defs = [d for ds in _defs_named(tree, searchable, called).values() for d in ds]
    iterating = {id(d) for d in roots_found if reads[id(d)][0]} | {
        id(d) for d in called_defs if _iterates(d, iterations)}
    needed = {d.name for d in called_defs if id(d) in iterating}
    # Defs called by name from a root, and so on (`fit` calling `irls`, which loops), a few
    # calls deep as the model follows them (semantic/jit_functions.py): needed when they
    # hold a `for` loop over `range(...)` (what SCN301 counts), or call one that does.
    named = {name for found in reads.values() for name in found[4]}
    named_reads: dict[str, list] = {}
    frontier = set(named)
    for _ in range(_CALL_DEPTH):
        for name, ds in _defs_named(tree, searchable, frontier - set(named_reads)).items():
            named_reads[name] = [(_loops_for(d), _read_of_parameters(d, False)[4]) for d in ds]
        frontier = {n for reads_of in named_reads.values() for _, more in reads_of
                    for n in more} - set(named_reads)
        if not frontier:
            break
    named_needed = {name for name, reads_of in named_reads.items() if any(f for f, _ in reads_of)}
    for _ in range(_CALL_DEPTH):  # a def whose callees loop is needed too
        named_needed |= {name for name, reads_of in named_reads.items()
                         if any(more & named_needed for _, more in reads_of)}
    needed |= named_needed
    called |= set(named_reads)
    needed |= {d.name for d in roots_found if id(d) in iterating or needed & reads[id(d)][1]
               or named_needed & reads[id(d)][4]}
    calling = frozenset(k for k, read in calls.items() if read & needed)
    # The model reads the calls of a def under jit that iterates over (or counts with) a
    # parameter, or reads on one a method that iterates: kept up front, they cost no
    # widening.
    readers = {d.name for d in roots_found if d.name in iterated or reads[id(d)][3] & needed}
    return JitFacts(frozenset(roots), frozenset(jit_names), frozenset(wrapped),
                    frozenset({d.name for d in decorated} | wrapped | called),
                    frozenset(needed), calling, frozenset(readers),
                    iterations)


def _own_expressions(node: ast.stmt) -> list[ast.AST]:
    """A statement's own expressions: all of a simple statement, a compound one's header
    (its body's statements are visited on their own)."""
    if isinstance(node, (ast.If, ast.While)):
        return [node.test]
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return [node.target, node.iter]
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return list(node.items)
    if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
        return [h.type for h in node.handlers if h.type is not None]  # type: ignore
    if isinstance(node, ast.Match):
        return [node.subject]
    return [node]


def _lines_of(text: str, word: re.Pattern) -> list[int]:
    """The sorted lines on which ``word`` is spelled."""
    lines: set[int] = set()
    _add_lines(lines, text, starting_words(word, text))
    return sorted(lines)


def _spans(node: ast.stmt, marks: list[int]) -> bool:
    first, last = node.lineno, node.end_lineno or node.lineno
    at = bisect.bisect_left(marks, first)
    return at < len(marks) and marks[at] <= last


def _statements_on(tree: ast.Module, marks: list[int]) -> list[ast.stmt]:
    """The top-level statements spanning one of the lines ``marks``."""
    if not marks:
        return []
    found = []
    for statement in tree.body:
        first, last = statement_lines(statement)
        at = bisect.bisect_left(marks, first)
        if at < len(marks) and marks[at] <= last:
            found.append(statement)
    return found


def _names_jit(func: ast.expr, facts: JitFacts) -> bool:
    """A callee that may resolve to a jit: a name imported as one, `<import>...jit`."""
    if isinstance(func, ast.Name):
        return func.id in facts.jit_names
    if isinstance(func, ast.Attribute) and func.attr in JIT_ATTRIBUTES:
        root = func.value
        while isinstance(root, ast.Attribute):
            root = root.value
        return isinstance(root, ast.Name) and root.id in facts.roots
    return False


def _traced_names(expr: ast.AST, depth: int = 0) -> set[str]:
    """The names through which a jit call's first argument may reach a def, as the model
    follows it (`semantic/jit_functions._targets`): a name; a method's name; the names a
    lambda's body calls; a call's first argument (a transformation, `partial`, a jit)."""
    if depth > _FOLLOWED:
        return set()
    if isinstance(expr, ast.Name):
        return {expr.id}
    if isinstance(expr, ast.Attribute):
        return {expr.attr}
    if isinstance(expr, ast.Lambda):
        return {n.func.id for n in walk(expr.body)
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    if isinstance(expr, ast.Call) and expr.args and not isinstance(expr.args[0], ast.Starred):
        return _traced_names(expr.args[0], depth + 1)
    return set()


def _assigned_to(tree: ast.Module, text: str, names: set[str]) -> set[str]:
    """What the values assigned to ``names`` may trace (`grad_fn = jax.grad(loss)`: `loss`),
    followed as far as the model follows them."""
    found: set[str] = set()
    frontier = set(names)
    for _ in range(_FOLLOWED):
        if not frontier:
            break
        targets = _ASSIGNED(frontier)
        new: set[str] = set()
        for statement in _statements_on(tree, _lines_of(text, targets)):
            for node in _statements([statement]):
                if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                    bound = {n.id for t in (node.targets if isinstance(node, ast.Assign)
                                            else [node.target])
                             for n in walk(t) if isinstance(n, ast.Name)}
                    if bound & frontier:
                        new |= _traced_names(node.value)
        frontier = new - found - names
        found |= new
    return found


def _ASSIGNED(names: set[str]) -> re.Pattern:
    """`name = ...` or `name: T = ...` (what the model follows: one name, one target)."""
    return re.compile(r"(?:%s)\b[ \t]*(?::[^=\r\n]*)?=(?!=)" % "|".join(
        map(re.escape, sorted(names))))


def _defs_named(tree: ast.Module, text: str, names: set[str]) -> dict[str, list[ast.AST]]:
    """The defs (at any depth, methods too) with one of ``names``: the top-level statements
    on whose lines `def NAME` is spelled, each walked once (statements only)."""
    if not names:
        return {}
    starts = [statement_lines(s)[0] for s in tree.body]
    holding: dict[int, ast.stmt] = {}
    for definition, line in match_lines(text, starting_words(_DEF_NAME, text)):
        if definition.group(1) not in names:
            continue
        at = bisect.bisect_right(starts, line) - 1
        if at >= 0 and line <= (tree.body[at].end_lineno or line):
            holding[at] = tree.body[at]
    found: dict[str, list[ast.AST]] = {}
    for statement in holding.values():
        for node in _statements([statement]):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in names:
                found.setdefault(node.name, []).append(node)
    return found


def _read_of_parameters(function: ast.AST, iterations: bool = True
                        ) -> tuple[bool, set[str], bool, set[str], set[str]]:
    """Whether a def iterates (`_iterates`); the attributes it reads on its parameters or on
    `self` (`p.m`: `m`; `p(...)`: `__call__`), where the model looks one call deeper; and
    whether it iterates over (or counts a `range` with) a parameter, whose calls the model
    reads for its value; and the attributes read on a parameter without annotation (not
    `self`), whose class the model reads off the calls; and the names it calls. One walk."""
    args = function.args  # type: ignore[attr-defined]
    every = (*args.posonlyargs, *args.args, *args.kwonlyargs)
    params = {a.arg for a in every}
    # Whose calls the model reads to tell what it holds: no annotation, not `self`.
    bare = {a.arg for a in every if a.annotation is None and a.arg not in ("self", "cls")}
    found: set[str] = set()
    asked: set[str] = set()  # read on a bare parameter
    by_name: set[str] = set()  # functions it calls by name
    iterates = over_parameter = False
    for node in walk(function):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id in params:
            found.add(node.attr)
            if node.value.id in bare:
                asked.add(node.attr)
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                if node.func.id in params:
                    found.add("__call__")
                    if node.func.id in bare:
                        asked.add("__call__")
                else:
                    by_name.add(node.func.id)  # a def called by name runs under jit too
                if iterations and node.func.id in ITERATING_BUILTINS:
                    iterates = True
                    over_parameter = over_parameter or _iterates_name(node, bare)
        elif _loop(node, iterations):
            iterates = True
            over_parameter = over_parameter or _iterates_name(node.iter, bare)  # type: ignore
    return iterates, found, over_parameter, asked, by_name


def _iterates_name(expr: ast.AST, names: set[str]) -> bool:
    """``expr`` (a loop's iterable) is one of ``names``, or a call of a builtin on one
    (`enumerate(p)`, `range(n)`, `zip(p, q)`, `sum(p)`)."""
    if isinstance(expr, ast.Name):
        return expr.id in names
    return isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and any(
        isinstance(a, ast.Name) and a.id in names for a in expr.args)


def _iterates(function: ast.AST, iterations: bool = True) -> bool:
    """Whether a def (or a def nested in it) may hold an SCN3xx site: a `for` loop, a
    comprehension, or a call of a builtin that iterates; without ``iterations``, a `for`
    loop or a comprehension over `range(...)` (SCN301's)."""
    for node in walk(function):
        if _loop(node, iterations):
            return True
        if iterations and isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in ITERATING_BUILTINS:
            return True
    return False


def _loop(node: ast.AST, iterations: bool) -> bool:
    """A `for` loop or a comprehension's clause; without ``iterations``, only a clause over
    `range(...)` (what SCN301 counts in a comprehension, `jit_loops.range_args`)."""
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return True
    if not isinstance(node, ast.comprehension):
        return False
    return iterations or (isinstance(node.iter, ast.Call) and isinstance(node.iter.func, ast.Name)
                          and node.iter.func.id == "range")


def may_apply_jit(text: str, iterations: bool = True) -> bool:
    """A sound test on the text alone for an SCN3xx site: a jit is applied, as a decorator
    spelling `jit`, `filter_jit` or a name a jit is imported as, or called (that word
    followed by `(`); without ``iterations``, and a loop SCN301 counts is written: a
    statement starting with `for` (or `async`), or `range(` (a comprehension's)."""
    if not may_contain_unrolled_loop(text):
        return False
    if not iterations and not counted_loop_written(text):
        return False
    text = _lf(_searchable(text))
    names = JIT_ATTRIBUTES | set(_JIT_ALIAS.findall(text))
    if _word_starts(names, text, rf"\b{_GAP}\(", first=True):
        return True  # called
    # A word between a decorator's `@` and the def or class header after it: three passes
    # over the text, not a search per decorator.
    words = _word_starts(names, text, r"\b")
    if not words:
        return False
    decorators = [match.end() for match in _DECORATOR.finditer(text)]
    headers = [match.start() for match in _DEF_OR_CLASS_LINE.finditer(text)]
    for at in words:
        decorator = bisect.bisect_right(decorators, at) - 1
        header = bisect.bisect_right(headers, at) - 1
        if decorator >= 0 and (header < 0 or headers[header] < decorators[decorator]):
            return True
    return False


def _word_starts(names, text: str, after: str, first: bool = False) -> list[int]:
    """Where one of ``names`` followed by ``after`` (a pattern) starts a word (only the first
    found, with ``first``): a search per name, each pattern starting with the name's own
    characters (`re` skips to those; it tries an alternation at every position)."""
    found = []
    for name in names:
        for match in starting_words(re.compile(re.escape(name) + after), text):
            found.append(match.start())
            if first:
                return found
    return found


def counted_loop_written(text: str) -> bool:
    """Whether a loop SCN301 counts may be written: a statement starting with `for` (or
    `async`), or `range(` (a comprehension's)."""
    text = _lf(_searchable(text))
    return _FOR_LINE.search(text) is not None or \
        first_starting_word(_RANGE_CALL, text) is not None


def text_verdict(text: str) -> str | None:
    """What the tests on the text alone let through: None, nothing; "iterations", at most a
    Python iteration under jit that only a rule reading every one needs
    (`Rule.ITERATIONS`); "any", anything (the engine asks which rules are active only in
    the second case, which loads them)."""
    if may_call_family(text):
        return "any"
    if not may_apply_jit(text):
        return None
    return "any" if counted_loop_written(text) else "iterations"


def _lf(text: str) -> str:
    """``text`` with LF line ends: `^` knows only LF; the lines stay the lines `ast` counts."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


# A `for` statement starts a logical line, so a physical one (`async` may be continued
# onto the next line before its `for`); a comprehension SCN301 counts calls `range`.
_FOR_LINE = re.compile(r"^[ \t\x0c]*(?:for|async)\b", re.MULTILINE)
_RANGE_CALL = re.compile(rf"range\b{_GAP}\(")  # after `\b`
# `jit` ends `filter_jit` too: a literal start lets `re` skip to each `jit` (an alternation
# first made it try every position, a tenth of the text tests' time on jax's tree).
_JIT_ALIAS = re.compile(rf"jit\b{_GAP}as\b{_GAP}(\w+)")
_DECORATOR = re.compile(r"^[ \t\x0c]*@", re.MULTILINE)
_DEF_OR_CLASS_LINE = re.compile(r"^[ \t\x0c]*(?:async[ \t\x0c]+)?(?:def|class)\b", re.MULTILINE)
_DEF_NAME = re.compile(rf"def(?:[ \t\x0c]|\\{_BREAK})+(\w+)")  # after `\b`


_CALL_DEPTH = 3  # defs called by name, followed from a def under jit


def _loops_for(function: ast.AST) -> bool:
    """A `for` statement over `range(...)` in a def (or a def in it; also through
    `enumerate`, `zip`, `reversed`): the loop SCN301 counts in a def a jitted one calls by
    name. A helper's loops over its arguments (jax's `for arg in args`) are left to the
    model only when the jitted def holds them: parsing every such helper would send most of
    a large module to LibCST."""
    return any(isinstance(node, (ast.For, ast.AsyncFor)) and _over_range(node.iter)
               for node in walk(function))


def _over_range(expr: ast.expr) -> bool:
    if not isinstance(expr, ast.Call) or not isinstance(expr.func, ast.Name):
        return False
    if expr.func.id == "range":
        return True
    return expr.func.id in ("enumerate", "zip", "reversed") and any(
        _over_range(a) for a in expr.args)


def may_hold_unrolled_loop(statement: ast.stmt, facts: JitFacts) -> bool:
    """Whether one top-level statement may hold an SCN3xx site or what makes one: a def
    that may run under jit (decorated through a jit import, named in a jit call's arguments,
    or called on a parameter by one of those) that iterates or calls one that does, nested
    defs and classes included; or a call of a jit naming such a def (`fast =
    jax.jit(simulate)`, `jax.jit(solver.__call__)` in a function), which the model must see
    to know the def is jitted."""
    if id(statement) in facts.calling:
        return True
    if not facts.needed:
        return False
    defs = facts.defs.get(statement)
    if defs is None:
        defs = facts.defs[statement] = [node for node in _statements([statement]) if isinstance(
            node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return any(node.name in facts.needed and (node.name in facts.under_jit or any(
        _applies_jit(d, facts) for d in node.decorator_list)) for node in defs)


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


def jit_signature(statement: ast.stmt, facts: JitFacts) -> tuple:
    """What one top-level statement gives `jit_facts`, given the module's facts: for each
    def or class in it, its name, whether a decorator applies a jit, what a jitted or
    jit-wrapped def reads of its parameters (`_read_of_parameters`) and whether a def the
    facts name iterates; the names each jit call's first argument reads; and its reads of
    names read in a jit call, of readers and of jits. Statements whose signatures are the
    same, before and after an edit (imports aside, which are refused first), leave the
    facts as they were: each fact is made of these (engine/incremental.py)."""
    named = facts.wrapped | facts.readers | facts.under_jit | facts.needed
    read = facts.wrapped | facts.readers | facts.jit_names
    found: list = []
    for node in walk(statement):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            jitted = not isinstance(node, ast.ClassDef) and any(
                _applies_jit(d, facts) for d in node.decorator_list)
            root = jitted or node.name in facts.wrapped or node.name in facts.under_jit
            found.append((node.name, jitted,
                          _read_of_parameters(node, facts.iterations) if root else None,
                          _iterates(node, facts.iterations) if node.name in named else None))
        elif isinstance(node, ast.Call) and _names_jit(node.func, facts):
            first = node.args[0] if node.args else None
            found.append(("jit", None if first is None or isinstance(first, ast.Starred)
                          else frozenset(_traced_names(first))))
        elif isinstance(node, ast.Name) and node.id in read:
            found.append(("read", node.id))
        elif isinstance(node, ast.Attribute) and node.attr in read:
            found.append(("read", node.attr))
    return tuple(found)


def calls_a_jit_on_needed(statement: ast.stmt, facts: JitFacts) -> bool:
    """A jit call naming a def that iterates (what puts a statement in `facts.calling`),
    for a statement that was not in the tree the facts were computed from."""
    for node in walk(statement):
        if isinstance(node, ast.Call) and _names_jit(node.func, facts) and node.args and \
                not isinstance(node.args[0], ast.Starred) and \
                _traced_names(node.args[0]) & facts.needed:
            return True
    return False


def statement_may_hold_jit_loop(statement: ast.stmt, facts: SiteFacts) -> bool:
    """`may_hold_unrolled_loop` as a site predicate (SCN3xx)."""
    return facts.jit is not None and may_hold_unrolled_loop(statement, facts.jit)


# Predicates over one top-level statement: a def or class for which none says yes may be
# left out of what LibCST parses (see docs/architecture.md, "What LibCST sees"). A rule with
# sites of another kind adds its own predicate here.
SITE_PREDICATES = (statement_may_hold_site, statement_may_hold_jit_loop)


# Sound tests on the text alone, run before `ast`: a file for which none says yes cannot
# hold a site. A rule with sites of another kind adds its own (and a SITE_PREDICATES entry).
# (What the PROGRAM rules may report is `text.may_contain_traced_code`'s, asked only while
# one of them is active.)
TEXT_TESTS = (may_call_family, may_apply_jit)
