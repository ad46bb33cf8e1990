"""The Rule base class and the registry that finds every rule module in this package."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from typing import ClassVar, Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic, Fix, Position
from scanlint.core.settings import Settings
from scanlint.semantic.model import FileModel
from scanlint.semantic.program import Program, program_of


@dataclass(frozen=True)
class Invalid:
    """A case a rule must report, with the code its fix must produce (None: no fix)."""

    code: str
    fixed: str | None = None
    unsafe: bool = False  # the fix is only applied with --unsafe-fixes
    settings: dict = field(default_factory=dict)
    count: int = 1  # how many diagnostics the rule reports on it
    # What JAX raises on it, when that is not the rule's JAX_ERROR (for rules that have one);
    # where the text differs by release, a requirement for each ({"flax<0.11": "...", ...}).
    jax_error: str | dict[str, str] | None = None


@dataclass(frozen=True)
class Valid:
    code: str
    settings: dict = field(default_factory=dict)


def no_fix_reason(message: str, reason: str) -> str:
    """A finding's message saying, briefly, why it comes without a fix."""
    return f"{message} (no automatic fix: {reason})"


def with_fix(message: str, fix: "Fix | str | None") -> tuple[str, "Fix | None"]:
    """(message, fix) of a finding whose fix function gave a fix, or a reason (a string)
    why it gives none."""
    if isinstance(fix, str):
        return no_fix_reason(message, fix), None
    if fix is None:  # the rewrite was made, but the file's text could not take it
        return no_fix_reason(message, "the code around it is not written as LibCST renders "
                                      "it"), None
    return message, fix


class RuleContext:
    """What a rule sees of one file: the model, the text, the settings; for the rules that
    follow values through the whole file (`Rule.PROGRAM`), the file's `ast` and its
    program (`semantic/program.py`)."""

    def __init__(self, model: FileModel | None, text: str, path: str, settings: Settings,
                 tree: ast.Module | None = None, memo: dict | None = None) -> None:
        self.model = model
        self.text = text
        self.path = path
        self.settings = settings
        self.tree = tree
        self._memo = memo if memo is not None else {}

    @property
    def program(self) -> Program:
        """The file's program, made once per check (shared by every PROGRAM rule, and kept
        across the parses a check may need)."""
        assert self.tree is not None
        return program_of(self.tree, self.text, self._memo)

    def diagnostic_at(self, rule: "type[Rule] | Rule", node: ast.AST, message: str,
                      fix: Fix | None = None, statement: ast.AST | None = None) -> Diagnostic:
        """A diagnostic at an `ast` node of the program (``statement``: the statement a
        suppression comment may follow)."""
        program = self.program
        start, end = program.span(node)
        lines = statement if statement is not None else node
        return Diagnostic(
            code=rule.CODE,
            message=message,
            path=self.path,
            start=start,
            end=end,
            fix=fix,
            noqa_line=start.line,
            statement_lines=(lines.lineno, lines.end_lineno or lines.lineno),  # type: ignore[attr-defined]
        )

    def diagnostic(self, rule: "type[Rule] | Rule", node: cst.CSTNode, message: str,
                   fix: Fix | None = None, statement: cst.CSTNode | None = None) -> Diagnostic:
        span = self.model.range_of(node, statement)
        lines = self.model.range_of(statement) if statement is not None else span
        return Diagnostic(
            code=rule.CODE,
            message=message,
            path=self.path,
            start=Position(span.start.line, span.start.column),
            end=Position(span.end.line, span.end.column),
            fix=fix,
            noqa_line=span.start.line,
            statement_lines=(lines.start.line, lines.end.line),
        )


class Rule:
    """A rule: one code, one check over the file model, its docs and its own cases."""

    CODE: ClassVar[str]
    NAME: ClassVar[str]
    MESSAGE: ClassVar[str]
    VALID: ClassVar[list[Valid | str]] = []
    INVALID: ClassVar[list[Invalid]] = []
    # Rules with no check of their own (parse errors and the like) only document a code.
    SYSTEM: ClassVar[bool] = False
    # A rule whose precision on real code is not yet measured runs only with `preview`
    # (as ruff's preview rules): default-on rules are for findings users will agree with.
    PREVIEW: ClassVar[bool] = False
    # Whether its sites are any Python iteration under jit (a comprehension over anything, a
    # builtin that iterates), not only the loops SCN301 counts: while no active rule says
    # so, the prefilter passes over functions under jit without such loops.
    ITERATIONS: ClassVar[bool] = False
    # Whether its messages name lines of other statements (a caller's, where a list is
    # made): an edit that moves lines may change them where it changes nothing else.
    CITES_LINES: ClassVar[bool] = False
    # A rule that reads only `ctx.program` (the file's `ast`, every statement), never
    # `ctx.model`: it runs on every file the text tests let through, sites or not.
    PROGRAM: ClassVar[bool] = False

    @classmethod
    def enabled(cls, settings: Settings) -> bool:
        """Whether the style settings turn this rule on (selection is the engine's job)."""
        return True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        return iter(())

    @classmethod
    def doc(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or "")


# Code families: the digit after `SCN` says what a rule is about (docs/rules.md lists them,
# with each family's severity from core/severity.py).
FAMILIES = (
    ("SCN0xx", "step style: how a loop's step function is written"),
    ("SCN1xx", "parameter style: how a step gets its constants (captured or carried)"),
    ("SCN2xx", "loop bodies and traced functions JAX rejects, or runs otherwise than they "
               "read"),
    ("SCN3xx", "loops under `jit`, and recompiles: Python loops that `jit` unrolls, one copy "
               "of the body per trip, so tracing and compiling take time growing with the trip "
               "count. Rolled "
               "into `fori_loop` or `scan`, the fixture's five loops at 200 steps traced and "
               "compiled in 0.014x to 0.029x the time (3.62 s to 0.05 s for "
               "`x = jnp.tanh(w @ x) * 0.5 + x`, jax 0.10.2 on a loaded 2-core CPU); see "
               "SCN301. And what makes JAX trace and compile again at every call or iteration "
               "(SCN306-SCN309): a function, a loop body, a static argument made anew, a shape "
               "that changes"),
    ("SCN9xx", "files scanlint could not read, parse or check"),
)


@lru_cache(maxsize=1)
def all_rules() -> tuple[type[Rule], ...]:
    """Every Rule subclass defined in a module of this package, ordered by code."""
    found: dict[str, type[Rule]] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if (inspect.isclass(value) and issubclass(value, Rule) and value is not Rule
                    and value.__module__ == module.__name__ and getattr(value, "CODE", None)):
                if value.CODE in found:
                    raise RuntimeError(f"rule code {value.CODE} is defined twice")
                found[value.CODE] = value
    return tuple(found[code] for code in sorted(found))


def rule_by_code(code: str) -> type[Rule] | None:
    for rule in all_rules():
        if rule.CODE == code.upper() or rule.NAME == code:
            return rule
    return None
