# expect: bug
# source: https://github.com/pyro-ppl/numpyro/issues/259
# mistake: An un-jitted sampler calls `lax.fori_loop` with a body closure rebuilt on every call, so each call traces and compiles the loop anew instead of reusing one compiled loop.
# kind: 1 recompiles
import jax.numpy as np
from jax import lax, random, monitoring

_compiles = []
monitoring.register_event_duration_secs_listener(
    lambda n, s, **kw: _compiles.append(n) if n == "/jax/core/compile/backend_compile_duration" else None)


def potential(z):
    return 0.5 * np.sum(z ** 2)


def leapfrog_trajectory(z, r, step_size, num_steps):
    grad_u = lambda q: q  # gradient of `potential`

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
    z0 = np.ones(3)
    sample(random.PRNGKey(0), z0, 1)
    n0 = len(_compiles)
    n = 6
    sample(random.PRNGKey(1), z0, n)
    extra = len(_compiles) - n0
    if extra >= n:
        print(f"SYMPTOM: {extra} compilations for {n} samples; the fori_loop is recompiled "
              "on every trajectory")


if __name__ == "__main__":
    main()
