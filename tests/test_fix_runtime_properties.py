"""Carry-style loops of every shape, rewritten by the unsafe fixes, run bit-identical under jax.

Every shape at once (scan, fori_loop and while_loop; tuple, list, dict and NamedTuple carries;
unpacked, indexed, keyed, attribute and aliased reads; literal, `{**carry}` and `_replace`
returns; a counter indexing arrays; several ways of using the result) goes into one module,
which `fix_text` rewrites with SCN101 (closure style) and SCN206; `scanlint verify` then runs
every changed function before and after, once, and compares every output leaf. Hypothesis
mixes the shapes in other orders to check that fixes side by side do not clash. The closure
style so made goes back to the carry style by SCN102, verified the same way.
"""

import ast
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scanlint.core.settings import Settings
from scanlint.engine.check import check_text
from test_param_style_runtime import CARRY, PROVEN, changed_functions, fixed, verify

pytest.importorskip("jax")

STYLE = Settings(param_style="closure", select=("SCN0", "SCN1", "SCN206"))
LENGTH = 5
# Module globals: a (LENGTH + 2, 3), b (3, LENGTH + 2), dt a Python float. The arrays are
# longer than the loop: a counter reads only their first LENGTH slices, and so must the scan
# SCN206's fix makes over them.
CONSTS = ["a", "b", "dt"]
HEADER = f"""from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax

LENGTH = {LENGTH}
"""
FOOTER = """
s0 = jnp.arange(3.0)
a = jax.random.normal(jax.random.PRNGKey(1), (LENGTH + 2, 3))
b = jax.random.normal(jax.random.PRNGKey(2), (3, LENGTH + 2))
xs = jax.random.normal(jax.random.PRNGKey(3), (LENGTH, 3))
dt = 0.125
"""


READS = {"tuple": ["unpack", "index"], "list": ["unpack", "index"], "dict": ["key", "alias"],
         "namedtuple": ["attr", "unpack"]}
RETURNS = {"tuple": ["literal"], "list": ["literal"], "dict": ["literal", "spread"],
           "namedtuple": ["call", "replace"]}
USES = {"scan": ["return", "pair", "ys", "index1"], "fori_loop": ["return", "pair"],
        "while_loop": ["return", "pair"]}
# A counter `t` in the carry: none, one (a scan over nothing), or one beside `xs` ("xs").
COUNTERS = {"scan": (False, True, "xs"), "fori_loop": (False,), "while_loop": (True,)}
CONST_SETS = [["a"], ["b"], ["dt"], ["a", "dt"], ["b", "a"], ["a", "b", "dt"]]


def every_shape() -> list[tuple]:
    """Every loop, container, read, return, counter and result use; constants rotate."""
    shapes = [(loop, container, read, ret, counter, use)
              for loop in USES for container in READS for read in READS[container]
              for ret in RETURNS[container] for counter in COUNTERS[loop] for use in USES[loop]
              # SCN206 rewrites a counter beside xs only in an unpacked tuple or list
              if counter != "xs" or read == "unpack"]
    return [(*shape, CONST_SETS[n % len(CONST_SETS)]) for n, shape in enumerate(shapes)]


def carry_loop(number: int, loop: str, container: str, read: str, ret: str, counter: bool,
               use: str, consts: list[str]) -> str:
    """One function `run<number>(s0, a, b, dt, xs)` looping with constants in its carry. A
    while loop counts with `t` up to LENGTH; a scan without `t`, or with `t` beside `xs`,
    scans over `xs`."""
    slots = ["s", *(["t"] if counter else []), *consts]
    record = f"State{number}"

    def ref(slot: str, mode: str = read) -> str:
        if mode in ("unpack", "alias"):
            return slot
        if mode == "index":
            return f"carry[{slots.index(slot)}]"
        return f'carry["{slot}"]' if mode == "key" else f"carry.{slot}"

    t = ref("t") if counter else ""

    def term(const: str) -> str:
        index = t if counter else "0"
        if const == "a":
            return f"{ref('a')}[{index}]"
        return f"{ref('b')}[:, {index}]" if const == "b" else ref("dt")

    lines = []
    if read == "unpack":
        lines.append(f"{', '.join(slots)} = carry")
    elif read == "alias":
        lines += [f'{slot} = carry["{slot}"]' for slot in slots]
    over_xs = loop == "scan" and counter in (False, "xs")
    lines.append(f"s2 = {ref('s')} * 0.5 + {' + '.join(term(c) for c in consts)}"
                 + (" + x" if over_xs else ""))
    new = {"s": "s2", "t": f"{t} + 1" if counter else "", **{c: ref(c) for c in consts}}
    new_carry = built(container, slots, new, ret, record)
    lines.append(f"return {new_carry}, s2" if loop == "scan" else f"return {new_carry}")
    init_values = {"s": "s0", "t": "0", **{c: c for c in consts}}
    init = built(container, slots, init_values, "literal" if ret != "replace" else "call",
                 record, spread=False)
    if loop == "scan":
        params = "carry, x" if over_xs else "carry, _"
        call = f"lax.scan(step, {init}, {'xs' if over_xs else 'None, length=LENGTH'})"
    elif loop == "fori_loop":
        params, call = "i, carry", f"lax.fori_loop(0, LENGTH, step, {init})"
    else:
        keyed = {"tuple": "index", "list": "index", "dict": "key", "namedtuple": "attr"}
        params = "carry"
        call = f"lax.while_loop(lambda carry: {ref('t', keyed[container])} < LENGTH, step, {init})"
    kept = "final.s" if container == "namedtuple" else "final"
    result = {"return": f"    return {call}",
              "pair": (f"    final, ys = {call}\n    return {kept}, ys" if loop == "scan"
                       else f"    final = {call}\n    return {kept}"),
              "ys": f"    _, ys = {call}\n    return ys",
              "index1": f"    return {call}[1]"}[use]
    body = "".join(f"        {line}\n" for line in lines)
    fields = "".join(f"    {slot}: jax.Array\n" for slot in slots)
    klass = f"class {record}(NamedTuple):\n{fields}\n\n" if container == "namedtuple" else ""
    return (f"{klass}def run{number}(s0, a, b, dt, xs):\n    def step({params}):\n{body}"
            f"{result}\n\n\n")


def built(container: str, slots: list[str], values: dict[str, str], how: str, record: str,
          spread: bool = True) -> str:
    """A carry of ``container`` holding ``values``; `spread`/`replace` name only what changes."""
    changing = [s for s in slots if s in ("s", "t")]
    if container in ("tuple", "list"):
        inner = ", ".join(values[s] for s in slots)
        return f"({inner},)" if container == "tuple" else f"[{inner}]"
    if container == "dict":
        names = changing if how == "spread" and spread else slots
        items = ", ".join(f'"{s}": {values[s]}' for s in names)
        return "{**carry, " + items + "}" if how == "spread" and spread else "{" + items + "}"
    if how == "replace" and spread:
        return "carry._replace(" + ", ".join(f"{s}={values[s]}" for s in changing) + ")"
    return f"{record}(" + ", ".join(values[s] for s in slots) + ")"


def test_every_carry_shape_stays_bit_identical_after_the_unsafe_fixes(tmp_path):
    shapes = every_shape()
    loops = [carry_loop(n, *shape) for n, shape in enumerate(shapes)]
    old = HEADER + "\n\n" + "".join(loops) + FOOTER
    new = fixed(old, STYLE)
    changed = changed_functions(old, new)
    # Every loop is rewritten, except where a NamedTuple result is returned whole: its
    # class loses fields, so the fix cannot give the caller the same pytree.
    unchanged = [shape for n, shape in enumerate(shapes) if f"run{n}" not in changed]
    assert unchanged and all(shape[1] == "namedtuple" and shape[5] == "return"
                             for shape in unchanged), unchanged
    assert not [d for d in check_text(new, "mod.py", STYLE) if d.fix is not None]
    entries = verify(tmp_path, old, new)
    assert changed <= set(entries)  # verify runs the functions that differ (and new helpers)
    for name, entry in entries.items():
        assert entry["status"] in PROVEN, (name, entry["details"])


def step_sources(source: str) -> dict[str, str]:
    """Each top-level function's nested step functions (what a body captures; SCN206's
    rewrite slices `a[:n]` at the call, outside them)."""
    tree = ast.parse(source)
    return {node.name: "\n".join(ast.get_source_segment(source, inner) for inner in node.body
                                 if isinstance(inner, ast.FunctionDef))
            for node in tree.body if isinstance(node, ast.FunctionDef)}



def test_every_shape_back_to_the_carry_stays_bit_identical(tmp_path):
    """The closure style the first test produces, rewritten by SCN102 into the carry style."""
    old = HEADER + "\n\n" + "".join(carry_loop(n, *shape)
                                     for n, shape in enumerate(every_shape())) + FOOTER
    closure = fixed(old, STYLE)
    carry = fixed(closure, CARRY)
    changed = changed_functions(closure, carry)
    # SCN102 threads the arrays it sees indexed by a computed value (`a[t]`, `b[:, t]`,
    # `a[carry[1]]`); `dt` (only multiplied: it may be a Python number) and `a[0]` (a literal
    # index, which a tuple of numbers allows too) do not show an array, so loops capturing
    # only those (or, after SCN206, scanning over `a` and `b`) stay as they are.
    captured = changed_functions(old, closure)  # rewritten to the closure style
    indexes = re.compile(r"(?<![\w.])[ab]\[([^\]]*)")  # `a[...]`, not `carry.a[...]`
    shown = {name for name, code in step_sources(closure).items() if name in captured
             and any(index.split(", ")[-1] != "0" for index in indexes.findall(code))}
    assert changed == shown and len(changed) > 40
    entries = verify(tmp_path, closure, carry)
    assert changed <= set(entries)
    for name, entry in entries.items():
        assert entry["status"] in PROVEN, (name, entry["details"])


@settings(max_examples=3, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(st.tuples(st.sampled_from(every_shape()), st.sampled_from(CONST_SETS)),
                min_size=12, max_size=12))
def test_random_mixes_fix_soundly(tmp_path_factory, drawn):
    """Loops side by side in one module: names, classes and rebuilt results do not clash."""
    loops = [carry_loop(n, *shape[:6], consts) for n, (shape, consts) in enumerate(drawn)]
    old = HEADER + "\n\n" + "".join(loops) + FOOTER
    new = fixed(old, STYLE)
    assert not [d for d in check_text(new, "mod.py", STYLE) if d.fix is not None]
