"""Loops under `jit`, rolled by SCN301's fix into `fori_loop`, `scan` or `lax.map`, compute
the same bits: every shape (the README's fixture and the shapes below) goes into one module,
which `fix_text` rewrites and `scanlint verify` runs before and after (under `jax.jit` and as
called), comparing every output leaf's pytree, dtype, weak type and bytes.

Rolling a loop can change the last bit where XLA fuses a multiply and an add of what used to
be separate kernels into one fused multiply-add (FMA): on this project's machines (x86-64
with AVX2 and FMA) the fixture's leapfrog integrator does. It is checked twice: its only
differences under the default flags are values in the last bits, and with FMA unavailable
(`--xla_cpu_max_isa=AVX`) it is identical. The rule's docs list which shapes kept every bit.
Trip counts are the default threshold (10) and arrays tiny, so each run takes seconds.
"""

import pytest

from conftest import FIXTURES
from scanlint.core.settings import Settings
from scanlint.engine.check import check_text
from test_param_style_runtime import PROVEN, changed_functions, fixed, verify

pytest.importorskip("jax")

SCN301 = Settings(select=("SCN301",))
NO_FMA = {"XLA_FLAGS": "--xla_cpu_max_isa=AVX"}

# The README's fixture (an RNN, a leapfrog integrator, a rollout, ...) with its module-level
# inputs: x (6,), w (6, 6), xs (STEPS, 6), key, dt; the shapes below use them too.
FIXTURE = (FIXTURES / "unrolled_loops.py").read_text()
FIXTURE_ROLLED = {"simulate", "rnn", "leapfrog", "rollout", "running_sum"}

# name -> a function whose loop SCN301 rolls. Comments say which shape each one is.
LOOPS = {
    # fori_loop, one name carried, the index unused.
    "decay": """@jax.jit
def decay(x):
    for _ in range(STEPS):
        x = jnp.cos(x) * 0.9
    return x
""",
    # The index reads an array, forwards, backwards, from an offset.
    "add_rows": """@jax.jit
def add_rows(x, xs):
    for i in range(STEPS):
        x = x + xs[i]
    return x
""",
    "add_rows_reversed": """@jax.jit
def add_rows_reversed(x, xs):
    for i in range(STEPS):
        x = x - xs[STEPS - 1 - i]
    return x
""",
    "from_two": """@jax.jit
def from_two(x, xs):
    for i in range(2, 12):
        x = jnp.maximum(x, xs[i - 2])
    return x
""",
    # The index times a traced float, and in a traced condition.
    "timed": """@jax.jit
def timed(x, dt):
    for i in range(STEPS):
        x = x + jnp.sin(i * dt)
    return x
""",
    "alternate": """@jax.jit
def alternate(x, xs):
    for i in range(STEPS):
        x = jnp.where(i % 2 == 0, x + xs[i], x - xs[i])
    return x
""",
    # scan: two lists; a value appended before the state moves on.
    "lstm_like": """@jax.jit
def lstm_like(x, w, xs):
    h, c = x, jnp.zeros_like(x)
    hs = []
    cs = []
    for t in range(STEPS):
        c = jnp.tanh(c + xs[t])
        h = jnp.tanh(w @ h) * c
        hs.append(h)
        cs.append(c)
    return jnp.stack(hs), jnp.array(cs), h
""",
    "before_update": """@jax.jit
def before_update(x, xs):
    seen = []
    for i in range(STEPS):
        seen.append(x)
        x = jnp.sin(x) + xs[i]
    return jnp.asarray(seen), x
""",
    # A cumulative sum, its running totals stacked.
    # lax.map: nothing carried.
    "mapped": """@jax.jit
def mapped(xs):
    ys = []
    for i in range(STEPS):
        ys.append(jnp.sin(xs[i]) * 2.0)
    return jnp.stack(ys)
""",
    # A Python-number carry updated by reductions (its weak type is promoted).
    "loss_sum": """@jax.jit
def loss_sum(x, xs):
    loss = 0.0
    for i in range(STEPS):
        loss = loss + jnp.sum((xs[i] - x) ** 2)
    return loss
""",
    # A Python int carried, used as a traced value.
    "counter": """@jax.jit
def counter(x, xs):
    k = 0
    for i in range(STEPS):
        x = x + k * xs[i]
        k = k + 2
    return x
""",
    # A local constant trip count; a static argument read in the body.
    "local_count": """@jax.jit
def local_count(x, xs):
    n = 10
    for i in range(n):
        x = x * 0.5 + xs[i]
    return x
""",
    "scaled": """@partial(jax.jit, static_argnames=("factor",))
def scaled(x, xs, factor=0.5):
    for i in range(STEPS):
        x = jnp.sin(x) * factor - xs[i]
    return x
""",
    # Nested loops: the outer one rolled first, then the inner one inside its step.
    "nested": """@jax.jit
def nested(x, xs):
    for i in range(STEPS):
        for j in range(STEPS):
            x = jnp.cos(x + xs[j])
        x = x + xs[i]
    return x
""",
    # jit applied by assignment (called below both as `integrate` and jitted).
    "integrate": """def integrate(x, xs):
    for i in range(STEPS):
        x = jnp.exp(-x) + xs[i]
    return x


fast_integrate = jax.jit(integrate)
""",
    # Newton-Schulz inverse and power iteration: matmuls carried.
    "newton_schulz": """@jax.jit
def newton_schulz(w):
    m = w @ w.T + 4.0 * jnp.eye(6)
    inv = jnp.eye(6) / jnp.linalg.norm(m)
    for _ in range(STEPS):
        inv = inv @ (2.0 * jnp.eye(6) - m @ inv)
    return inv
""",
    "power": """@jax.jit
def power(x, w):
    v = x
    for _ in range(STEPS):
        v = w @ v
        v = v / jnp.linalg.norm(v)
    return v
""",
    # A preallocated output filled with `.at[i].set`.
    "fill": """@jax.jit
def fill(x, xs):
    out = jnp.zeros((STEPS, 6))
    for i in range(STEPS):
        x = jnp.tanh(x + xs[i])
        out = out.at[i].set(x)
    return out
""",
}
FMA_SENSITIVE = {"leapfrog"}
# Called without jit too (verify calls it as it is, and through `fast_integrate`): its rolled
# loop is then compiled, where the unrolled one ran op by op; XLA's fused `exp` need not
# match the one-op kernel's in the last bit.
JITTED_BY_ASSIGNMENT = {"integrate"}

# `from jax import jit` and `import jax.numpy as np`: the fix adds `import jax`.
NO_JAX_MODULE = """from jax import jit
import jax.numpy as np

STEPS = 10
x = np.linspace(0.0, 1.0, 4)
a = np.ones((STEPS, 4)) * 0.25


@jit
def relax(x, a):
    for i in range(STEPS):
        x = np.sqrt(x + a[i])
    return x


@jit
def history(x):
    states = []
    for _ in range(STEPS):
        x = np.cos(x)
        states.append(x)
    return np.array(states)
"""


def module(names) -> str:
    return FIXTURE + "\n\n" + "\n\n".join(LOOPS[n] for n in names)


def rolled(source: str) -> str:
    """``source`` with every loop rolled but the fixture's two that have no fix (`clock`:
    Python float arithmetic on the index; `prefix_means`: the index in a slice)."""
    new = fixed(source, SCN301)
    left = check_text(new, "mod.py", SCN301)
    assert len(left) == (2 if FIXTURE in source else 0), left
    assert all("no automatic fix" in d.message for d in left)
    return new


def test_every_rolled_loop_computes_the_same_bits(tmp_path):
    old = module(LOOPS)
    new = rolled(old)
    assert changed_functions(old, new) == set(LOOPS) | FIXTURE_ROLLED
    # Each function called as it is, on the module's arrays of its parameters' names (with
    # --call, only the calls given would run).
    entries = verify(tmp_path, old, new)
    assert set(entries) - {"(module level)"} == set(LOOPS) | FIXTURE_ROLLED
    for name, entry in entries.items():
        if name in FMA_SENSITIVE:
            assert last_bits_only(entry, ("jit", "eager")), (name, entry["details"])
        elif name in JITTED_BY_ASSIGNMENT:
            assert last_bits_only(entry, ("eager",)), (name, entry["details"])
        else:
            assert entry["status"] in PROVEN, (name, entry["details"])


def last_bits_only(entry: dict, modes: tuple[str, ...]) -> bool:
    """Identical, or differing only in values, by less than 1e-6 relatively (``modes``: where
    it may, under jit or eagerly; each version runs the calls as the program does): a dtype,
    shape, weak type or pytree difference would be a detail of its own."""
    for detail in entry["details"] if entry["status"] == "differs" else ():
        if "values differ" not in detail:
            return False
        if float(detail.split("max rel diff ")[1].rstrip(")")) >= 1e-6:
            return False
    return entry["status"] in (*PROVEN, "differs")


def test_without_fma_the_multiply_add_shapes_are_identical(tmp_path):
    old = module(LOOPS)
    entries = verify(tmp_path, old, rolled(old), env=NO_FMA)
    assert set(entries) - {"(module level)"} == set(LOOPS) | FIXTURE_ROLLED
    for name, entry in entries.items():
        if name in FMA_SENSITIVE:
            assert entry["status"] in PROVEN, (name, entry["details"])
        else:  # without FMA XLA picks other kernels, which may round otherwise
            assert last_bits_only(entry, ("jit", "eager")), (name, entry["details"])


def test_the_index_in_python_float_arithmetic_is_not_passed_in(tmp_path):
    """Why the fixture's `clock` (`t = i * DT`, DT a Python float) gets no fix: rolled by
    hand, passing the index in, its values change (float32 instead of double precision)."""
    loop = ("    for i in range(STEPS):\n"
            "        t = i * DT  # a Python float when unrolled, a float32 when traced\n"
            "        x = x + DT * jnp.sin(w @ x + t)\n")
    by_hand = ("    def step(i, x):\n        t = i * DT\n"
               "        return x + DT * jnp.sin(w @ x + t)\n"
               "    x = jax.lax.fori_loop(0, STEPS, step, x)\n")
    assert loop in FIXTURE and "(no automatic fix: Python float arithmetic on `i`" in " ".join(
        d.message for d in check_text(FIXTURE, "mod.py", SCN301))
    entries = verify(tmp_path, FIXTURE, FIXTURE.replace(loop, by_hand), env=NO_FMA)
    assert entries["clock"]["status"] == "differs"
    assert last_bits_only(entries["clock"], ("jit", "eager")), entries["clock"]


def test_a_module_without_import_jax_gets_one(tmp_path):
    new = rolled(NO_JAX_MODULE)
    assert "import jax.numpy as np\nimport jax\n" in new
    assert "jax.lax.fori_loop(0, STEPS, step, x)" in new
    assert "x, states = jax.lax.scan(step, x, length=STEPS)" in new
    entries = verify(tmp_path, NO_JAX_MODULE, new)
    assert set(entries) - {"(module level)"} == {"relax", "history"}
    assert all(e["status"] in PROVEN for e in entries.values()), entries
