# expect: none
# source: https://github.com/patrick-kidger/diffrax/issues/333
# mistake: the restart loop keeps the stop time as a JAX array (`tcurrent = solution.ts`) and passes t1/dt0 as arrays, so the filter_jit-wrapped diffeqsolve sees the same static signature on every restart and compiles once.
import functools

import jax
import jax.numpy as jnp
import numpy as np

TRACE_COUNT = {"diffeqsolve": 0}


def filter_jit(fn):
    """Minimal stand-in for eqx.filter_jit: arrays are traced, every other leaf (floats, callables) is static."""
    cache = {}

    @functools.wraps(fn)
    def wrapper(**kwargs):
        leaves = lambda v: jax.tree_util.tree_leaves(v)
        is_arr = lambda v: bool(leaves(v)) and all(isinstance(l, (jax.Array, np.ndarray)) for l in leaves(v))
        static = tuple(sorted((k, v) for k, v in kwargs.items() if not is_arr(v)))
        dynamic = {k: v for k, v in kwargs.items() if is_arr(v)}
        if static not in cache:
            static_kwargs = dict(static)
            cache[static] = jax.jit(lambda dyn: fn(**dyn, **static_kwargs))
        return cache[static](dynamic)

    return wrapper


from typing import NamedTuple


class Solution(NamedTuple):
    ts: jax.Array
    ys: jax.Array


@filter_jit
def diffeqsolve(term, t0, t1, dt0, y0, args, discrete_terminating_event, max_steps=256):
    TRACE_COUNT["diffeqsolve"] += 1

    def cond(state):
        t, y, n = state
        return (t < t1) & (n < max_steps) & ~discrete_terminating_event(y, args)

    def body(state):
        t, y, n = state
        return t + dt0, y + dt0 * term(t, y, args), n + 1

    t, y, _ = jax.lax.while_loop(cond, body, (jnp.asarray(t0, jnp.float32), y0, 0))
    return Solution(t, y[None])


def vector_field(t, y, args):
    return -args["k"] * y


def my_function(y, args):
    return y[0] < args["threshold"]


def modify_args(y, args):
    return {"k": args["k"] * 1.05, "threshold": args["threshold"]}


def main():
    t1, dt0 = jnp.array(4.0, jnp.float32), jnp.array(0.01, jnp.float32)
    tcurrent = jnp.array(0.0, jnp.float32)  # same dtype/weak-type as solution.ts
    y0 = jnp.array([1.0])
    args = {"k": jnp.array(1.0), "threshold": jnp.array(0.5)}
    restarts = 0
    while tcurrent < t1:
        solution = diffeqsolve(term=vector_field, t0=tcurrent, t1=t1, dt0=dt0, y0=y0, args=args,
                               discrete_terminating_event=my_function)
        tcurrent = solution.ts
        y0 = jnp.ones_like(solution.ys[-1])
        args = modify_args(solution.ys[-1], args)
        restarts += 1
    print(f"restarts: {restarts}, diffeqsolve traces/compiles: {TRACE_COUNT['diffeqsolve']}")
