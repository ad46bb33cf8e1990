# expect: bug
# source: https://apxml.com/courses/advanced-jax/chapter-1-advanced-jax-transformations-control-flow/looping-lax-while-loop
# mistake: A tolerance-driven lax.while_loop relaxation sits inside a loss that is differentiated with jax.grad in a calibration loop, but while_loop is not reverse-mode differentiable.
# kind: 3 reverse-mode grad through while_loop
import jax
import jax.numpy as jnp
from jax import lax

import optax


def steady_state(k, u0, source, tol=1e-5):
    """Relax u <- u + dt * (k * laplacian(u) - u + source) until the update is small."""

    def laplacian(u):
        return jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)

    def cond_fun(carry):
        u, delta, it = carry
        return jnp.logical_and(delta > tol, it < 500)

    def body_fun(carry):
        u, _, it = carry
        u_new = u + 0.1 * (k * laplacian(u) - u + source)
        return u_new, jnp.max(jnp.abs(u_new - u)), it + 1

    u, _, _ = lax.while_loop(cond_fun, body_fun, (u0, jnp.inf, 0))
    return u


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
    for step in range(20):
        g = jax.grad(loss)(log_k, u0, source, observed)
        updates, state = opt.update(g, state)
        log_k = optax.apply_updates(log_k, updates)
    print(float(jnp.exp(log_k)))


if __name__ == "__main__":
    main()
