# expect: none
# source: https://github.com/nstarman/quax/pull/124
# mistake: Looks like the per-call jit-of-a-wrapper dispatcher, but the jitted wrapper is built once per kernel and
#   cached on the dispatcher, so later calls in the loop hit jit's cache and the kernel is traced once.
# case: recompile-jit-lambda-dispatch-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT == 5
# pair: recompile-jit-lambda-dispatch
# note: The PR's fix caches the jax.jit-wrapped callable so the compiled kernel is reused; here the cache is a dict on
#   the dispatcher keyed by the kernel.
import jax
import jax.numpy as jnp

TRACES = [0]


def histogram_kernel(x, edges):
    TRACES[0] += 1
    below = x[:, None] < edges[None, :]            # (n, n_edges)
    idx = jnp.sum(~below, axis=1)                  # bin index in [0, n_edges]
    return jnp.sum(jax.nn.one_hot(idx, edges.shape[0] + 1, dtype=jnp.int32), axis=0)


class Dispatcher:
    _cache = {}

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, *args):
        compiled = self._cache.get(self.fn)
        if compiled is None:
            fn = self.fn
            compiled = jax.jit(lambda *a: fn(*a))   # built once, then reused
            self._cache[self.fn] = compiled
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
