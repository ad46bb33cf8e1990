# expect: bug
# source: https://github.com/jax-ml/jax/issues/532
# mistake: A deep residual model applies its many identical blocks (each with dropout) through a Python loop inside the jitted training step, so the traced program holds one inlined copy of every block and its PRNG code.
import time

import jax
import jax.numpy as jnp


def init_params(key, depth, width):
    keys = jax.random.split(key, depth)
    return [{"w": jax.random.normal(k, (width, width)) * 0.05, "b": jnp.zeros(width)} for k in keys]


def block(p, x, key, rate=0.1):
    h = jax.nn.relu(x @ p["w"] + p["b"])
    keep = jax.random.bernoulli(key, 1.0 - rate, h.shape)
    return x + jnp.where(keep, h / (1.0 - rate), 0.0)


def forward(params, x, key):
    keys = jax.random.split(key, len(params))
    for p, k in zip(params, keys):
        x = block(p, x, k)
    return x


@jax.jit
def loss(params, x, key):
    return jnp.mean(forward(params, x, key) ** 2)


def main():
    x = jnp.ones((8, 32))
    key = jax.random.PRNGKey(0)
    for depth in (8, 32):
        params = init_params(key, depth, 32)
        n_eqns = len(jax.make_jaxpr(jax.grad(loss.__wrapped__))(params, x, key).jaxpr.eqns)
        t0 = time.perf_counter()
        jax.block_until_ready(jax.jit(jax.grad(loss.__wrapped__))(params, x, key))
        print(f"depth={depth} grad_jaxpr_eqns={n_eqns} first_call_s={time.perf_counter() - t0:.2f}")


if __name__ == "__main__":
    main()
