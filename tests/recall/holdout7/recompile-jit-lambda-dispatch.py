# expect: bug
# source: https://github.com/nstarman/quax/pull/124
# mistake: A dispatch helper wraps the user function in a brand-new lambda and jax.jit's it on every invocation, so
#   each call in the batch loop is a cache miss that re-traces and re-compiles the same computation.
# case: recompile-jit-lambda-dispatch
# kind: mistake
# rules: none
# jax: symptom RESULT == 5
# note: In quax the jit_p handler built `jax.jit(lambda ...)` around a quaxified jaxpr each time ("a new lambda == a
#   new compilation on every invocation"); this reproduction keeps the shape of a small dispatch layer that wraps a
#   kernel in a fresh lambda per call, driven from a plain loop over batches.
import jax
import jax.numpy as jnp

TRACES = [0]


def histogram_kernel(x, edges):
    TRACES[0] += 1
    below = x[:, None] < edges[None, :]            # (n, n_edges)
    idx = jnp.sum(~below, axis=1)                  # bin index in [0, n_edges]
    return jnp.sum(jax.nn.one_hot(idx, edges.shape[0] + 1, dtype=jnp.int32), axis=0)


class Dispatcher:
    def __init__(self, fn):
        self.fn = fn

    def __call__(self, *args):
        fn = self.fn
        compiled = jax.jit(lambda *a: fn(*a))   # fresh lambda -> fresh cache entry each call
        return compiled(*args)


def main():
    edges = jnp.linspace(-2.0, 2.0, 9)
    hist = Dispatcher(histogram_kernel)
    key = jax.random.key(0)
    total = jnp.zeros(10, jnp.int32)
    for _ in range(5):
        key, sub = jax.random.split(key)
        total = total + hist(jax.random.normal(sub, (64,)), edges)
    return TRACES[0]


if __name__ == "__main__":
    RESULT = main()
