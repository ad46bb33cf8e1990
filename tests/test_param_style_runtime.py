"""Closure <-> carry fixes run under jax before and after: outputs must be bit-identical."""

import ast
import json

import libcst as cst
import pytest

from conftest import FIXTURES, run_scanlint
from scanlint.core.settings import Settings
from scanlint.engine.check import check_text, fix_text

pytest.importorskip("jax")

# The style rules alone: SCN206's fix (scan over xs) is tested on its own below.
CARRY = Settings(param_style="carry", select=("SCN0", "SCN1"))
CLOSURE = Settings(param_style="closure", select=("SCN0", "SCN1"))
COUNTER = Settings(select=("SCN206",))


def functions(source: str) -> dict[str, str]:
    tree = ast.parse(source)
    return {node.name: ast.dump(node) for node in tree.body if isinstance(node, ast.FunctionDef)}


def changed_functions(old: str, new: str) -> set[str]:
    before, after = functions(old), functions(new)
    return {name for name in before.keys() | after.keys() if before.get(name) != after.get(name)}


# Every output and effect bit-identical on the calls: with equal jaxprs (identical, for every
# input of those shapes) or not (agrees: a fix that slices `xs` changes the program).
PROVEN = ("identical", "agrees")


def verify(tmp_path, old: str, new: str, *options: str, env=None) -> dict[str, dict]:
    """`scanlint verify` of two versions of one module: its changed functions by name, each
    with its verdict and, in its details, how its differing calls differ. ``options`` (such as
    `--call`) and ``env`` (such as XLA_FLAGS) go to the command."""
    (tmp_path / "before").mkdir(exist_ok=True)
    (tmp_path / "after").mkdir(exist_ok=True)
    (tmp_path / "before" / "mod.py").write_text(old)
    (tmp_path / "after" / "mod.py").write_text(new)
    result = run_scanlint("verify", str(tmp_path / "before" / "mod.py"),
                          str(tmp_path / "after" / "mod.py"), "--output-format", "json",
                          *options, env=env)
    report = json.loads(result.stdout)["default"]
    assert report["error"] is None, report
    functions = {f["name"]: dict(f) for f in report["functions"]}
    for function in functions.values():
        if function["status"] == "differs":  # the values each differing call shows
            function["details"] = [detail for entry in report["entries"]
                                   if entry["status"] == "differs" for detail in entry["details"]]
    return functions


def fixed(source: str, settings: Settings) -> str:
    outcome = fix_text(source, "mod.py", settings, unsafe=True)
    assert not outcome.errors
    cst.parse_module(outcome.text)
    again = fix_text(outcome.text, "mod.py", settings, unsafe=True)
    assert again.text == outcome.text, "a second --fix changed the file"
    return outcome.text


def test_closure_to_carry_keeps_every_output_bit_identical(tmp_path):
    old = (FIXTURES / "params_closure.py").read_text()
    new = fixed(old, CARRY)
    # Only names shown to hold arrays move: `a` (indexed by the step's counter), `w`, `row`,
    # `scale` (array results). `dtau` and `damp` are only multiplied: they may be Python
    # numbers, which the closure compiles in as constants, so the sites that capture only
    # them (`dict_carry`, `namedtuple_carry`, `indexed_carry`, `while_grow`, `two_sites`),
    # Python-number constants (`python_scalars`, `late_binding`'s `gain`) or a static value
    # (`static_capture`) are left as they are and not reported.
    expected = {"rollout_def", "rollout_lambda", "rollout_unpacked", "fori_sum", "nested_scans",
                "loop_defined"}
    assert changed_functions(old, new) == expected
    entries = verify(tmp_path, old, new)
    assert set(entries) - {"(module level)"} == expected
    for name, entry in entries.items():
        assert entry["status"] in PROVEN, (name, entry["details"])
    assert "(s0, 0, a), None" in new.split("def rollout_unpacked")[1]  # `dtau`, `damp` stay
    assert not [d for d in check_text(new, "mod.py", CARRY) if d.code == "SCN102"]


def test_carry_to_closure_keeps_every_output_bit_identical(tmp_path):
    old = (FIXTURES / "params_carry.py").read_text()
    new = fixed(old, CLOSURE)
    # `python_scalars` threads Python-number constants: captured, XLA could fold them, so
    # they stay in the carry (and are not reported).
    expected = {"advance_all", "rollout_carry", "local_carry", "indexed", "fori_list",
                "while_passthrough", "while_front", "nested_inner", "loop_defined",
                "rebound_after", "dict_keys", "dict_spread", "advance_record", "record_replace",
                "record_unpacked", "struct_replace"}
    assert changed_functions(old, new) == expected
    moved = {"advance_all", "advance_record"}  # each into its one caller
    assert not moved & set(functions(new))
    # The NamedTuple classes lose the fields that became captures.
    assert "class Pair(NamedTuple):\n    acc: jax.Array\n\n" in new
    assert "dtau: float" not in new.split("class Rollout")[1].split("def ")[0]
    entries = verify(tmp_path, old, new)
    assert expected - moved <= set(entries)  # moved: not callable on their own
    for name, entry in entries.items():
        assert entry["status"] in PROVEN, (name, entry["details"])
    left = [d for d in check_text(new, "mod.py", CLOSURE) if d.code == "SCN101"]
    assert len(left) == 2  # the step shared by two sites
    assert all(d.fix is None for d in left)


def test_round_trip_closure_carry_closure(tmp_path):
    old = (FIXTURES / "params_closure.py").read_text()
    there = fixed(old, CARRY)
    back = fixed(there, CLOSURE)
    assert back != there
    entries = verify(tmp_path, old, back)
    assert entries and all(e["status"] in PROVEN for e in entries.values()), entries


def test_article_variants_both_ways(tmp_path):
    old = (FIXTURES / "rollout_styles.py").read_text()
    to_carry = fixed(old, CARRY)
    to_closure = fixed(old, CLOSURE)
    assert "(pose0, 0, controls, dt, friction)" not in to_closure
    assert "def advance_threaded" in to_closure.split("def rollout_carry")[1]
    for new in (to_carry, to_closure):
        entries = verify(tmp_path, old, new)
        assert entries and all(e["status"] in PROVEN for e in entries.values()), entries


def test_consistent_reports_the_minority_style():
    source = (
        "import jax\n"
        "def a(xs, k):\n    def step(c, x):\n        return c + k[x] * x, c\n"
        "    return jax.lax.scan(step, 0.0, xs)\n"
        "def b(xs, k):\n    def step(c, x):\n        return c - k[x] * x, c\n"
        "    return jax.lax.scan(step, 0.0, xs)\n"
        "def c(xs, k):\n    def step(c, x):\n        s, k = c\n        return (s * k, k), s\n"
        "    return jax.lax.scan(step, (0.0, k), xs)\n")
    found = check_text(source, "mod.py", Settings(param_style="consistent"))
    assert [(d.code, d.start.line) for d in found] == [("SCN101", 14)]
    tie = source.split("def b(")[0] + "def c(" + source.split("def c(")[1]
    assert check_text(tie, "mod.py", Settings(param_style="consistent")) == []


@pytest.mark.parametrize("fixture", ["rollout_styles.py", "params_carry.py", "params_closure.py"])
def test_counter_to_xs_keeps_every_output_bit_identical(tmp_path, fixture):
    old = (FIXTURES / fixture).read_text()
    new = fixed(old, COUNTER)
    assert new != old
    # Counters in dict or record carries (`state["t"]`, `state.t`) are reported without a fix.
    assert not [d for d in check_text(new, "mod.py", COUNTER) if d.fix is not None]
    assert "moveaxis(" in new
    entries = verify(tmp_path, old, new)
    steps = {"advance_threaded", "advance_all"}  # module-level steps: no inputs of their own
    assert {n for n, e in entries.items() if e["status"] == "not exercised"} <= steps
    assert any(e["status"] in PROVEN for e in entries.values())
    for name, entry in entries.items():
        assert entry["status"] in (*PROVEN, "not exercised"), (name, entry["details"])


COUNTER_BESIDE_XS = """import jax
import jax.numpy as jnp
from jax import lax


def weighted(w, xs):
    def step(c, x):
        s, t = c
        return (s * 0.5 + w[t] * x, t + 1), s
    return lax.scan(step, (jnp.zeros(3), 0), xs)


def two_axes(w, m, xs):
    def step(carry, x):
        s, t = carry
        s2 = s + w[t] * m[:, t] + x
        return (s2, t + 1), s2
    final, ys = lax.scan(step, (jnp.zeros(3), 0), xs, length=4)
    return final, ys


w = jax.random.normal(jax.random.PRNGKey(1), (6, 3))
m = jax.random.normal(jax.random.PRNGKey(2), (3, 7))
xs = jax.random.normal(jax.random.PRNGKey(3), (4, 3))
"""


def test_counter_beside_xs_keeps_every_output_bit_identical(tmp_path):
    """The arrays the counter indexes are longer than the loop: the fix cuts them to it."""
    new = fixed(COUNTER_BESIDE_XS, COUNTER)
    assert "(xs, w[:xs.shape[0]])" in new and "jnp.moveaxis(m, 1, 0)[:4]" in new
    entries = verify(tmp_path, COUNTER_BESIDE_XS, new)
    assert set(entries) - {"(module level)"} == {"weighted", "two_axes"}
    for name, entry in entries.items():
        assert entry["status"] in PROVEN, (name, entry["details"])


def test_counter_and_carry_fixes_together(tmp_path):
    """Both unsafe fixes on the article's carry style: the counter becomes xs and the
    constants become captures, in whichever order the fix loop applies them."""
    old = (FIXTURES / "rollout_styles.py").read_text()
    new = fixed(old, Settings(param_style="closure", select=("SCN0", "SCN1", "SCN206")))
    carry_style = new.split("def rollout_carry")[1]
    assert "def advance_threaded(pose, controls_tick):" in carry_style
    assert "jnp.moveaxis(controls, 1, 0)" in carry_style
    entries = verify(tmp_path, old, new)
    assert entries and all(e["status"] in PROVEN for e in entries.values()), entries
