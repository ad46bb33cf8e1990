# expect: bug
# source: https://github.com/jax-ml/jax/issues/3103
# mistake: `jax.vmap(lambda x: lax.cond(x > 0, some_expensive_function, lambda _: 0.0, x))` is expected to skip the expensive branch for non-positive inputs, but with a batched predicate the cond is lowered to a select and the expensive function runs on every element of the batch.
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


f1 = jax.jit(jax.vmap(lambda x: jax.lax.cond(x > 0, some_expensive_function, lambda _: 0.0, x)))


def main():
    x = jnp.arange(-6.0, 2.0)  # only 1 of 8 inputs is positive
    out = f1(x)
    jax.effects_barrier()
    print(f"positive inputs: {int((x > 0).sum())}, expensive branch executions: {CALLS['expensive']}")
    print("jaxpr still has a cond:", "cond[" in str(jax.make_jaxpr(f1)(x)))
