"""abstract_eval and avals predict dtypes the way JAX computes them: every binary operation over a
set of operands (arrays of each dtype, defaults, Python scalars) is traced by JAX (`eval_shape`,
no compiling), in one process, and compared with the prediction wherever the prediction claims
to know."""

import itertools

import libcst as cst
import pytest

from jax_runner import run_snippets
from scanlint.semantic.abstract_eval import Context, value_of
from scanlint.semantic.avals import DEFAULT, Aval
from scanlint.semantic.model import FileModel

pytest.importorskip("jax")

OPERANDS = [
    "jnp.zeros((), 'bool')", "jnp.zeros((), jnp.uint8)", "jnp.zeros((), jnp.int8)",
    "jnp.zeros((), jnp.int16)", "jnp.zeros((), jnp.int32)", "jnp.zeros((), jnp.float16)",
    "jnp.zeros((), jnp.bfloat16)", "jnp.zeros((), jnp.float32)", "jnp.zeros((), jnp.complex64)",
    "jnp.zeros(())", "jnp.arange(3)", "jnp.array(2)", "jnp.array([1, 2])", "np.float32(1.0)",
    "2", "1.5", "1j",
]
OPERATORS = ["+", "*", "/"]
EXPRESSIONS = [f"{a} {op} {b}" for a, b in itertools.product(OPERANDS, repeat=2)
               for op in OPERATORS if not (a[0].isdigit() and b[0].isdigit())]
HEADER = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"


def predicted(expression: str) -> Aval | None:
    module = cst.parse_module(HEADER + f"r = {expression}\n")
    model = FileModel(module)
    statement = module.body[-1].body[0]
    value = value_of(statement.value, Context(model, model.module_scope, {}, set()))
    return value if isinstance(value, Aval) and value.kind is not None else None


KIND_TESTS = {"bool": "jnp.bool_", "uint": "jnp.unsignedinteger",
              "int": "jnp.signedinteger", "float": "jnp.floating", "complex": "jnp.complexfloating"}


def claim(value: Aval) -> str:
    """What the prediction says JAX returns, as a test on `r`: the kind always, the dtype
    when it names one (a default: the default with 64-bit types off)."""
    checks = [f"jnp.issubdtype(r.dtype, {KIND_TESTS[value.kind]})"]
    if value.dtype is not None:
        dtype = DEFAULT[value.kind] if value.default else value.dtype
        checks.append(f"str(r.dtype) == {dtype!r}")
    if value.weak is not None:
        checks.append(f"bool(getattr(r, 'weak_type', False)) == {value.weak}")
    return " and ".join(checks)


def test_promotion_matches_jax():
    claims = {e: claim(v) for e in EXPRESSIONS if (v := predicted(e)) is not None}
    assert len(claims) > 400  # most of them are known
    snippets = [{"id": e, "code": HEADER + f"import jax\nr = jax.eval_shape(lambda: {e})\n",
                 "symptom": c} for e, c in claims.items()]
    outcomes = run_snippets(snippets)
    wrong = {e: (claims[e], o) for e, o in outcomes.items()
             if o["error"] is None and o["symptom"] is not True}
    assert not wrong, "\n".join(f"{e}: {c}" for e, (c, _) in sorted(wrong.items()))


# Shapes (and kinds) of indexing, reductions and makers, each as JAX computes them.
SHAPE_EXPRESSIONS = [
    "jnp.ones((2, 3, 4))[None, ..., 1:3]", "jnp.ones((5,))[1:-1]", "jnp.ones((5, 4))[::2, 0]",
    "jnp.ones((5, 4))[..., None]", "jnp.ones((5, 4))[0]", "jnp.ones((5, 4))[:, -1]",
    "jnp.ones((5, 4))[None]", "jnp.ones(3)[None, :, None]", "jnp.ones((2, 3))[...]",
    "jnp.sum(jnp.ones((2, 3, 4)), axis=(0, -1), keepdims=True)",
    "jnp.max(jnp.ones((2, 3)), axis=-1)", "jnp.sum(jnp.ones(3), keepdims=True)",
    "jnp.mean(jnp.arange(6).reshape(2, 3), axis=0)", "jnp.var(jnp.arange(3))",
    "jnp.sum(jnp.ones((2, 3)), 1, keepdims=False)", "jnp.std(jnp.ones((2, 3)), keepdims=True)",
    "jnp.eye(3)", "jnp.eye(2, 5, dtype=jnp.int32)", "jnp.identity(4)",
    "jnp.linspace(0, 1, 7)", "jnp.linspace(0.0, 2.0)",
    "jax.random.normal(jax.random.PRNGKey(0), (2, 3))", "jax.random.uniform(jax.random.PRNGKey(0))",
    "jnp.exp(jnp.arange(3))", "jnp.average(jnp.arange(4))",
    "jax.random.randint(jax.random.PRNGKey(0), (8, 8), 0, 15)",
    "jax.random.bernoulli(jax.random.PRNGKey(0), 0.5, (3,))",
    "jax.random.categorical(jax.random.PRNGKey(0), jnp.zeros(4), -1, (5,))",
    "jax.random.gumbel(jax.random.PRNGKey(0), (2,))", "jax.random.bits(jax.random.PRNGKey(0))",
    "jax.random.normal(jax.random.PRNGKey(0), (2,), jnp.float16)",
    "jnp.tile(jnp.arange(8), (8, 1))", "jnp.tile(jnp.ones((2, 3)), 2)",
    "jnp.broadcast_to(jnp.ones(3), (4, 3))", "jnp.reshape(jnp.ones(6), (2, 3))",
]


def test_shapes_match_jax():
    claims = {}
    for expression in SHAPE_EXPRESSIONS:
        value = predicted(expression)
        assert value is not None and value.shape is not None, expression
        claims[expression] = f"r.shape == {value.shape!r} and {claim(value)}"
    snippets = [{"id": e, "code": HEADER + f"r = jax.eval_shape(lambda: {e})\n",
                 "symptom": c} for e, c in claims.items()]
    outcomes = run_snippets(snippets)
    wrong = {e: (claims[e], o) for e, o in outcomes.items() if o["symptom"] is not True}
    assert not wrong, "\n".join(f"{e}: {c} {o}" for e, (c, o) in sorted(wrong.items()))


def test_an_unknown_operand_of_a_mean_is_inexact():
    """Whatever `b` is, `jnp.mean(b)` is floating (or complex): an int carry cannot take it,
    a float or complex one may."""
    from scanlint.semantic.avals import INEXACT, as_aval, dtype_differs

    module = cst.parse_module(HEADER + "def f(b):\n    return jnp.mean(b) + jnp.exp(b)\n")
    model = FileModel(module)
    function = module.body[-1]
    scope = model.scope_of[id(function)]
    value = value_of(function.body.body[0].body[0].value, Context(model, scope, {}, {"b"}))
    assert isinstance(value, Aval) and value.kind == INEXACT
    assert dtype_differs(as_aval("int32", ()), value)
    assert not dtype_differs(as_aval("float16", ()), value)
    assert not dtype_differs(as_aval("complex64", ()), value)
    assert not dtype_differs(value_of(cst.parse_expression("0"), Context(
        model, model.module_scope, {}, set())), value)  # a Python 0 is promoted


# Python lists and tuples of arrays: `*` by an int constant, `+`, slices, comprehensions over
# known sequences, `zip`, `enumerate`, `range`, `tuple(...)` of a generator.
SEQUENCE_EXPRESSIONS = [
    "[jnp.zeros((), jnp.float16)] * 3", "2 * (jnp.zeros(2, jnp.int8),)",
    "[jnp.zeros(())] + [jnp.ones(2, jnp.int32)]", "([jnp.zeros(3)] * 4)[1:]",
    "([jnp.zeros(3)] * 4)[:-1]", "[a + b for a, b in zip([jnp.zeros(2)] * 3, [jnp.ones(2, "
    "jnp.float16)] * 2)]", "[x * 0.5 for x in [jnp.zeros((), jnp.bfloat16)] * 2]",
    "tuple(jnp.zeros(2, jnp.float16) for _ in range(3))",
    "[jnp.zeros(i % 1 + 2) * i for i in range(1, 3)]",
    "list(x for i, x in enumerate((jnp.zeros(()), jnp.ones((), jnp.int8))))",
]


def test_sequences_match_jax():
    claims = {}
    for expression in SEQUENCE_EXPRESSIONS:
        module = cst.parse_module(HEADER + f"r = {expression}\n")
        model = FileModel(module)
        value = value_of(module.body[-1].body[0].value,
                         Context(model, model.module_scope, {}, set()))
        assert value is not None and not isinstance(value, Aval), expression
        checks = [f"type(r).__name__ == {value.kind!r}", f"len(r) == {len(value.items)}"]
        for n, item in enumerate(value.items):
            if isinstance(item, Aval) and item.kind is not None:
                checks.append(claim(item).replace("r.", f"r[{n}].").replace(
                    "(r,", f"(r[{n}],"))
        claims[expression] = " and ".join(checks)
    snippets = [{"id": e, "code": HEADER + f"r = jax.eval_shape(lambda: {e})\n",
                 "symptom": c} for e, c in claims.items()]
    outcomes = run_snippets(snippets)
    wrong = {e: (claims[e], o) for e, o in outcomes.items() if o["symptom"] is not True}
    assert not wrong, "\n".join(f"{e}: {c} {o}" for e, (c, o) in sorted(wrong.items()))


# With `jax_enable_x64`, a default dtype is 64-bit (`avals.under_x64`), and a NumPy scalar
# of a Python number stays float64: the same predictions, checked under x64, for pairs with
# a jax operand (NumPy computes the others itself: `1j * np.float64(1.0)` is NumPy's).
X64_OPERANDS = OPERANDS + ["np.log1p(-0.5)", "np.float64(1.0)", "jnp.linspace(0.0, 1.0, 3)"]
X64_EXPRESSIONS = [f"{a} {op} {b}" for a, b in itertools.product(X64_OPERANDS, repeat=2)
                   for op in ("+", "*") if a.startswith("jnp") or b.startswith("jnp")]
X64 = "jax.config.update('jax_enable_x64', True)\n"


def test_promotion_matches_jax_with_x64():
    from scanlint.semantic.avals import under_x64

    claims = {e: claim(under_x64(v)) for e in X64_EXPRESSIONS if (v := predicted(e)) is not None}
    assert len(claims) > 200
    snippets = [{"id": e, "code": HEADER + X64 + f"r = jax.eval_shape(lambda: {e})\n",
                 "symptom": c} for e, c in claims.items()]
    outcomes = run_snippets(snippets)
    wrong = {e: (claims[e], o) for e, o in outcomes.items()
             if o["error"] is None and o["symptom"] is not True}
    assert not wrong, "\n".join(f"{e}: {c}" for e, (c, _) in sorted(wrong.items()))


def test_a_default_float_with_an_unknown_operand_is_at_least_that_wide():
    """`jnp.zeros(3) * u` for a `u` the code does not show: floating (or complex), never
    narrower than the default float; under x64, float64 or complex128 whatever `u` is (each
    operand is checked with a scalar, which broadcasts with any of them)."""
    from scanlint.semantic.avals import INEXACT, as_aval, dtype_differs

    module = cst.parse_module(HEADER + "def f(u):\n    return jnp.zeros(3) * u\n")
    model = FileModel(module)
    function = module.body[-1]
    value = value_of(function.body.body[0].body[0].value,
                     Context(model, model.scope_of[id(function)], {}, {"u"}))
    assert isinstance(value, Aval) and value.kind == INEXACT and value.default
    assert dtype_differs(as_aval("float32", ()), value, x64=True)
    assert not dtype_differs(as_aval("float32", ()), value)
    assert dtype_differs(as_aval("float16", ()), value)
    snippets = [{"id": u, "code": HEADER + X64 + f"r = jax.eval_shape(lambda: jnp.zeros(()) * {u})\n",
                 "symptom": "str(r.dtype) in ('float64', 'complex128')"}
                for u in OPERANDS + ["np.float32(2.0)", "jnp.ones(3, jnp.bfloat16)"]]
    outcomes = run_snippets(snippets)
    assert all(o["symptom"] is True for o in outcomes.values()), outcomes


@pytest.mark.parametrize("code,on", [
    ("import jax\njax.config.update('jax_enable_x64', True)\n", True),
    ("from jax import config\nconfig.update('jax_enable_x64', 1)\n", True),
    ("import jax\nif __name__ == '__main__':\n    jax.config.update('jax_enable_x64', True)\n",
     True),
    ("import os\nos.environ['JAX_ENABLE_X64'] = '1'\nimport jax\n", True),
    # the variable set after jax is imported, a setting turned off, or made in a function
    ("import os\nimport jax\nos.environ['JAX_ENABLE_X64'] = '1'\n", False),
    ("import jax\njax.config.update('jax_enable_x64', False)\n", False),
    ("import jax\ndef main():\n    jax.config.update('jax_enable_x64', True)\n", False),
])
def test_x64_is_seen_only_where_the_file_turns_it_on(code, on):
    from scanlint.semantic.x64 import x64_enabled

    assert x64_enabled(FileModel(cst.parse_module(code))) is on
