# expect: none
# source: https://apxml.com/courses/advanced-jax/chapter-1-advanced-jax-transformations-control-flow/looping-lax-while-loop
# mistake: (fixed) the relaxation runs a fixed number of sweeps with lax.fori_loop and Python-int bounds, which lowers to scan, so jax.grad through the solver works in the calibration loop.
# kind: 3 reverse-mode grad through while_loop
import jax
import jax.numpy as jnp
from jax import lax

import optax

N_SWEEPS = 200


def steady_state(k, u0, source):
    def laplacian(u):
        return jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)

    def body_fun(i, u):
        return u + 0.1 * (k * laplacian(u) - u + source)

    return lax.fori_loop(0, N_SWEEPS, body_fun, u0)


def loss(log_k, u0, source, observed):
    return jnp.mean((steady_state(jnp.exp(log_k), u0, source) - observed) ** 2)


def main():
    x = jnp.linspace(0, 1, 32)
    u0 = jnp.zeros_like(x)
    source = 1.0 + jnp.sin(2 * jnp.pi * x) + (x > 0.5)
    observed = steady_state(0.7, u0, source) + 0.01 * jnp.sin(6 * x)
    opt = optax.adam(0.1)
    log_k = jnp.array(0.0)
    state = opt.init(log_k)
    grad_fn = jax.jit(jax.grad(loss))
    for step in range(20):
        g = grad_fn(log_k, u0, source, observed)
        updates, state = opt.update(g, state)
        log_k = optax.apply_updates(log_k, updates)
    print(float(jnp.exp(log_k)))


if __name__ == "__main__":
    main()
