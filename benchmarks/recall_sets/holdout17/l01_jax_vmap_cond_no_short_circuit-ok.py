# expect: none
# source: https://github.com/jax-ml/jax/issues/3103
# mistake: as suggested in the thread, the batch is partitioned by the condition outside of jit/vmap (`ys = vmap(expensive_function)(xs[cond])`), so the expensive function only runs on the elements that need it.
import jax
import jax.numpy as jnp

CALLS = {"expensive": 0}


def _count(_):
    CALLS["expensive"] += 1


def some_expensive_function(x):
    jax.debug.callback(_count, x)
    def body(i, acc):
        return jnp.sin(acc) + x
    return jax.lax.fori_loop(0, 1000, body, x)


def main():
    xs = jnp.arange(-6.0, 2.0)
    cond = xs > 0
    ys = jax.jit(jax.vmap(some_expensive_function))(xs[cond])
    out = jnp.zeros_like(xs).at[jnp.nonzero(cond)[0]].set(ys)
    jax.effects_barrier()
    print(f"positive inputs: {int(cond.sum())}, expensive branch executions: {CALLS['expensive']}")
