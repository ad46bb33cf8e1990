# expect: none
# source: https://github.com/pyro-ppl/numpyro/issues/259
# mistake: None: the trajectory, fori_loop included, is jitted once with the number of steps static, so later samples reuse the compiled loop.
# kind: 1 recompiles
from functools import partial

import jax
import jax.numpy as np
from jax import lax, random


@partial(jax.jit, static_argnames="num_steps")
def leapfrog_trajectory(z, r, step_size, num_steps):
    grad_u = lambda q: q

    def body_fn(i, state):
        q, p = state
        p = p - 0.5 * step_size * grad_u(q)
        q = q + step_size * p
        p = p - 0.5 * step_size * grad_u(q)
        return q, p

    return lax.fori_loop(0, num_steps, body_fn, (z, r))


def sample(rng, z, num_samples, step_size=0.1, num_steps=10):
    out = []
    for _ in range(num_samples):
        rng, key = random.split(rng)
        r = random.normal(key, z.shape)
        z, _ = leapfrog_trajectory(z, r, step_size, num_steps)
        out.append(z)
    return np.stack(out)


def main():
    zs = sample(random.PRNGKey(1), np.ones(3), 6)
    assert zs.shape == (6, 3)


if __name__ == "__main__":
    main()
