"""The second, still sound, prefilter: Python's `ast` (in C, about 15 times faster than
LibCST) answers whether a file has a call that *could* resolve to a scan-family function.

It over-approximates the model (it ignores shadowing and scopes, and looks for attribute
chains in the text), so a file it rejects cannot hold a site the model would find; on the
installed jax sources it spares LibCST more than half of the files the text prefilter lets
through. Only statements are walked (imports are statements), which keeps it cheap.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

FAMILY = frozenset({"scan", "fori_loop", "while_loop", "map"})
# Packages whose imports can name a jit (`jax.jit`, `flax.nnx.jit`, `equinox.filter_jit`),
# and the names those jits have.
JIT_PACKAGES = frozenset({"jax", "flax", "equinox"})
JIT_ATTRIBUTES = frozenset({"jit", "filter_jit"})
# Whitespace or comments: what may sit between the tokens of a call. A comment ends at its
# newline, so each `#` starts exactly one match (`#[^\n]*` alone would let `###...` be split
# in exponentially many ways, and the regex backtrack for seconds on a banner comment).
_GAP = r"(?:\s|#[^\n]*\n)*"


def _statements(body: list[ast.stmt], into_definitions: bool = True):
    """Every statement, nested ones included, without entering expressions; with
    ``into_definitions`` False, a nested def or class is yielded but not entered."""
    stack = list(body)
    while stack:
        node = stack.pop()
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


def parse(text: str) -> ast.Module | None:
    """Python's tree of ``text``, or None when `ast` rejects it (LibCST then decides, and
    reports what is wrong). The model reuses it for positions."""
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def may_have_site(text: str, tree: ast.Module | None = None) -> bool:
    """Whether ``text`` (parsed as ``tree``, when the caller has it) may hold a scan-family
    site or a loop under `jit`."""
    tree = tree or parse(text)
    if tree is None:
        return True
    if _may_have_scan_site(text, tree):
        return True
    facts = jit_facts(tree, text)
    return facts is not None and any(may_hold_unrolled_loop(s, facts) for s in tree.body)


def _may_have_scan_site(text: str, tree: ast.Module) -> bool:
    modules: set[str] = set()  # local names bound to jax things
    for node in _statements(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "jax" or alias.name.startswith("jax."):
                    modules.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                node.module == "jax" or node.module.startswith("jax.")):
            for alias in node.names:
                if alias.name == "*" or alias.name in FAMILY:
                    return True  # the function itself is imported: assume it is called
                modules.add(alias.asname or alias.name)
    if not modules:
        return False
    # `name(.attr)*.scan`, with any whitespace around the dots (a superset of the attribute
    # chains the model resolves: it also matches strings and comments, never misses a call).
    names = "|".join(re.escape(m) for m in sorted(modules))
    chain = re.compile(rf"\b(?:{names})(?:\s*\.\s*\w+)*?\s*\.\s*(?:{'|'.join(FAMILY)})\b")
    return chain.search(text) is not None


# -- loops under jit (SCN3xx) ---------------------------------------------------------------
@dataclass(frozen=True)
class JitFacts:
    """What a module's imports and text say about its jit functions; with them, each
    top-level statement can be judged alone (`may_hold_unrolled_loop`)."""

    roots: frozenset[str]  # names bound by imports from jax, flax or equinox
    jit_names: frozenset[str]  # those a jit is imported as (`from jax import jit as J`)
    wrapped: frozenset[str]  # names passed to a jit call (`jax.jit(f)`, `J(partial(f, ...))`)
    looping_wrapped: frozenset[str]  # those of them that are top-level defs with a range loop


def jit_facts(tree: ast.Module, text: str) -> JitFacts | None:
    """None when nothing in the module is imported from a package that has a jit. Every jit
    the model resolves is a name imported as one, or an attribute `jit`/`filter_jit` of a
    name imported from such a package (`jax.jit`, `api.jit`, `eqx.filter_jit`)."""
    roots, jit_names = set(), set()
    for node in _statements(tree.body):
        if isinstance(node, ast.Import):
            roots.update(a.asname or a.name.split(".")[0] for a in node.names
                         if a.name.split(".")[0] in JIT_PACKAGES)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and \
                node.module.split(".")[0] in JIT_PACKAGES:
            roots.update(a.asname or a.name for a in node.names if a.name != "*")
            jit_names.update(a.asname or a.name for a in node.names if a.name in JIT_ATTRIBUTES)
    if not roots:
        return None
    # The first name inside a jit call, or inside a call inside it (a superset of the wraps
    # the model resolves; it also matches strings and comments).
    chains = "|".join(re.escape(n) for n in sorted(roots))
    callee = "|".join([*(rf"\b{re.escape(n)}" for n in sorted(jit_names)),
                       rf"\b(?:{chains})(?:{_GAP}\.{_GAP}\w+)*?{_GAP}\.{_GAP}"
                       rf"(?:{'|'.join(sorted(JIT_ATTRIBUTES))})\b"])
    call = re.compile(rf"(?:{callee}){_GAP}\({_GAP}"
                      rf"(?:(?:\w+{_GAP}\.{_GAP})*\w+{_GAP}\({_GAP})?(\w+)")
    wrapped = frozenset(call.findall(text))
    looping = frozenset(s.name for s in tree.body
                        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and s.name in wrapped and _has_range_loop(s))
    return JitFacts(frozenset(roots), frozenset(jit_names), wrapped, looping)


def may_hold_unrolled_loop(statement: ast.stmt, facts: JitFacts) -> bool:
    """Whether one top-level statement may hold an SCN301 site: a def that may run under
    jit (decorated through a jit import, or wrapped by name) with a `for ... in range(...)`
    loop, nested defs and classes included; or a module-level call wrapping such a def
    (`fast = jax.jit(simulate)`), which the model must see to know the def is jitted."""
    for node in _statements([statement]):
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
               for node in ast.walk(statement))


def _applies_jit(decorator: ast.expr, facts: JitFacts) -> bool:
    """A decorator naming a jit (`@jit`, `@jax.jit(...)`, `@partial(jax.jit, ...)`)."""
    for node in ast.walk(decorator):
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
        elif (isinstance(node, ast.For) and isinstance(node.iter, ast.Call)
              and isinstance(node.iter.func, ast.Name) and node.iter.func.id == "range"
              and all(_may_be_constant(arg, params) for arg in node.iter.args)):
            return True
    return False


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
