# expect: none
# source: https://github.com/jax-ml/jax/issues/3345
# mistake: None: the series is allocated at a fixed maximum length and terms past the random K are masked out, so K stays a traced value and the estimator compiles once.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax import random

K_MAX = 128


@jax.jit
def truncated_series(x, K):
    k = jnp.arange(K_MAX)
    terms = x ** k / jnp.exp(jax.lax.lgamma(k + 1.0))
    survival = 0.9 ** k
    return jnp.sum(jnp.where(k < K, terms / survival, 0.0))


def main():
    key = random.PRNGKey(0)
    estimates = []
    for _ in range(12):
        key, sub = random.split(key)
        K = jnp.minimum(random.geometric(sub, 0.1) + 1, K_MAX)
        estimates.append(truncated_series(0.5, K))
    assert jnp.isfinite(jnp.stack(estimates)).all()


if __name__ == "__main__":
    main()
