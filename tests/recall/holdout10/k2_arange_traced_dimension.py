# expect: bug
# source: https://github.com/jax-ml/jax/issues/5073
# mistake: a multivariate log-gamma helper calls jnp.arange(d) with d passed as a traced jit argument, so the shape depends on a tracer and raises ConcretizationTypeError.
# kind: 2 traced values in Python control flow and shapes
import math

import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln


def log_multigamma(a, d):
    offsets = jnp.arange(d) / 2.0
    return d * (d - 1) / 4.0 * math.log(math.pi) + gammaln(a - offsets).sum()


@jax.jit
def wishart_log_normalizer(df, dim):
    return 0.5 * df * dim * jnp.log(2.0) + log_multigamma(0.5 * df, dim)


def main():
    out = []
    for dim in (2, 3, 4):
        out.append(wishart_log_normalizer(7.0, dim))
    print(out)


if __name__ == "__main__":
    main()
