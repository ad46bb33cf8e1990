# expect: bug
# source: https://github.com/jax-ml/jax/issues/22385
# mistake: a jitted function with a static depth argument calls itself twice per level, so tracing inlines a binary recursion tree and the program grows exponentially with depth.
# kind: 6 Python loops unrolled under jit (recursion)
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(0,))
def tree_value(depth, spot, up, down):
    if depth == 0:
        return jnp.maximum(spot - 1.0, 0.0)
    return 0.5 * (tree_value(depth - 1, spot * up, up, down)
                  + tree_value(depth - 1, spot * down, up, down))


def count_eqns(jaxpr):
    total = 0
    for eqn in jaxpr.eqns:
        total += 1
        for param in eqn.params.values():
            if hasattr(param, "jaxpr"):
                inner = param.jaxpr
                total += count_eqns(inner if hasattr(inner, "eqns") else inner.jaxpr)
    return total


def main():
    args = (jnp.float32(1.0), jnp.float32(1.1), jnp.float32(0.9))
    sizes = {}
    for depth in (4, 8, 12):
        closed = jax.make_jaxpr(tree_value, static_argnums=(0,))(depth, *args)
        sizes[depth] = count_eqns(closed.jaxpr)
    if sizes[12] > 100 * sizes[4]:
        print(f"SYMPTOM: inlined equations per depth {sizes} (exponential in depth)")


if __name__ == "__main__":
    main()
