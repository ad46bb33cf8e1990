"""The check every rewrite that moves code into a traced body, or changes what a traced body
sees, makes first: the code must have no Python effect (`semantic/effects.py`, the facts
SCN204 reports, followed into the file's helpers, methods and aliases).

JAX runs a body's Python once, when it traces it. A Python loop unrolled under `jit` runs its
body's Python at every step; rolled into `fori_loop` or `scan`, only once: `next(it)` would
draw one item instead of ten. A carry rewrite (SCN101, SCN102, SCN206) changes which values
are traced inside the body, so an effect there would see other values. Such code gets no fix,
and the finding says why.
"""

from __future__ import annotations

import libcst as cst

from scanlint.semantic.carry import StepFunction
from scanlint.semantic.effects import Region, python_effects
from scanlint.semantic.model import FileModel, ScanSite
from scanlint.semantic.scopes import Scope


def loop_refusal(model: FileModel, loop: cst.For, scope: Scope,
                 rewritten: frozenset[int] = frozenset()) -> str | None:
    """Why a Python loop's body cannot be rolled into a traced step, or None: its first
    Python effect. ``rewritten``: ids of calls the rewrite itself replaces (the appends to
    lists stacked after the loop, which become the scan's `ys`)."""
    for node, what in python_effects(model, Region.of_loop(loop, scope), deep=True):
        if id(node) not in rewritten:
            return (f"a Python effect in the loop body ({_what(what)}) would run once, when "
                    "JAX traces the rolled step, not at every step")
    return None


def step_refusal(model: FileModel, step: StepFunction, site: ScanSite) -> str | None:
    """Why a loop body's carry or captures cannot be rewritten, or None: its first Python
    effect, which would see other values once other values are traced."""
    for _node, what in python_effects(model, Region.of_step(step, site.call), deep=True):
        return (f"the body has a Python effect ({_what(what)}), and the rewrite changes which "
                "of its values are traced")
    return None


def _what(what: str) -> str:
    return what.rstrip(",")
