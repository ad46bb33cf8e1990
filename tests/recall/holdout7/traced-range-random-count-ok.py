# expect: none
# source: https://openillumi.com/en/en-jax-jit-dynamic-loop-error-fix
# mistake: Looks like a Python range over a randomly drawn loop count inside jit, but the count is drawn and turned into
#   a Python int outside the jitted function and passed as a static argument, so range() sees a plain int.
# case: traced-range-random-count-ok
# kind: lookalike
# rules: none
# jax: runs
# pair: traced-range-random-count
# note: The article's recommended fix: generate the random number outside jit and mark it static (one compile per
#   distinct count).
from functools import partial

import jax
import jax.numpy as jnp


def grad_U(q):
    return q


@partial(jax.jit, static_argnums=(2,))
def hmc_proposal(q, p, n_leapfrog, step_size):
    p = p - 0.5 * step_size * grad_U(q)
    for _ in range(n_leapfrog):                         # static Python int
        q = q + step_size * p
        p = p - step_size * grad_U(q)
    return q, p


def main():
    key = jax.random.key(0)
    q, p = jnp.ones(3), jnp.zeros(3)
    n_leapfrog = int(jax.random.randint(key, (), 1, 10))   # concrete, outside jit
    return hmc_proposal(q, p, n_leapfrog, 0.1)


if __name__ == "__main__":
    RESULT = main()
