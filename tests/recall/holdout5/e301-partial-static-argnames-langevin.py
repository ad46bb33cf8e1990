# case: e301-partial-static-argnames-langevin
# source: https://github.com/noegroup/ScoreMD/pull/7
# kind: mistake
# rules: SCN301
# jax: symptom trace_size(100) > 20 * trace_size(2)
# note: a Langevin integrator `step_n` decorated with functools.partial(jax.jit,
#   static_argnames=("num_steps",)) whose Python for-loop over range(num_steps) is unrolled;
#   the project's step function took a learned force field and extra kwargs.

import functools

import jax
import jax.numpy as jnp


def force(x):
    return -4.0 * x * (x**2 - 1.0)  # double-well potential


def step_single(x, v, key, dt, gamma, kT):
    v = v + 0.5 * dt * force(x)
    x = x + 0.5 * dt * v
    c1 = jnp.exp(-gamma * dt)
    noise = jax.random.normal(key, v.shape)
    v = c1 * v + jnp.sqrt((1.0 - c1**2) * kT) * noise
    x = x + 0.5 * dt * v
    v = v + 0.5 * dt * force(x)
    return x, v


@functools.partial(jax.jit, static_argnames=("num_steps",))
def step_n(x, v, key, num_steps, dt=1e-3, gamma=1.0, kT=1.0):
    for _ in range(num_steps):
        key, subkey = jax.random.split(key)
        x, v = step_single(x, v, subkey, dt, gamma, kT)
    return x, v, key


def trace_size(num_steps):
    x0 = jnp.zeros(16)
    jaxpr = jax.make_jaxpr(functools.partial(step_n, num_steps=num_steps))(
        x0, x0, jax.random.PRNGKey(0))
    return len(str(jaxpr))


x, v, key = step_n(jnp.zeros(16), jnp.zeros(16), jax.random.PRNGKey(0), num_steps=3)
print(trace_size(100), trace_size(2))
