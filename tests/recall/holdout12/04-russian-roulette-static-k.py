# expect: bug
# source: https://github.com/jax-ml/jax/issues/3345
# mistake: The random truncation level K of a Russian-roulette estimator is made a static argument so jnp.arange(K) works, which recompiles the estimator for every new K drawn in the loop.
# kind: 1 recompiles
from functools import partial

import jax
import jax.numpy as jnp
from jax import random, monitoring

_compiles = []
monitoring.register_event_duration_secs_listener(
    lambda n, s, **kw: _compiles.append(n) if n == "/jax/core/compile/backend_compile_duration" else None)


@partial(jax.jit, static_argnums=1)
def truncated_series(x, K):
    k = jnp.arange(K)
    terms = x ** k / jnp.exp(jax.lax.lgamma(k + 1.0))
    survival = 0.9 ** k
    return jnp.sum(terms / survival)


def main():
    key = random.PRNGKey(0)
    estimates = []
    seen = set()
    for _ in range(12):
        key, sub = random.split(key)
        K = int(random.geometric(sub, 0.1)) + 1
        seen.add(K)
        estimates.append(truncated_series(0.5, K))
    n_distinct = len(seen)
    if len(_compiles) >= n_distinct > 1:
        print(f"SYMPTOM: {len(_compiles)} compilations; truncated_series compiled once per "
              f"distinct K ({n_distinct} distinct values in 12 draws)")


if __name__ == "__main__":
    main()
