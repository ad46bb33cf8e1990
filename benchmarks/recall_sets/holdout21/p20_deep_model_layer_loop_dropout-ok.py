# expect: none
# source: https://github.com/jax-ml/jax/issues/532
# mistake: The block parameters are stacked and the blocks are applied with lax.scan (one key per block), so the traced program contains a single copy of the block regardless of depth.
import time

import jax
import jax.numpy as jnp


def init_params(key, depth, width):
    keys = jax.random.split(key, depth)
    return {"w": jax.vmap(lambda k: jax.random.normal(k, (width, width)) * 0.05)(keys), "b": jnp.zeros((depth, width))}


def block(p, x, key, rate=0.1):
    h = jax.nn.relu(x @ p["w"] + p["b"])
    keep = jax.random.bernoulli(key, 1.0 - rate, h.shape)
    return x + jnp.where(keep, h / (1.0 - rate), 0.0)


def forward(params, x, key):
    keys = jax.random.split(key, params["w"].shape[0])

    def body(x, pk):
        p, k = pk
        return block(p, x, k), None

    x, _ = jax.lax.scan(body, x, (params, keys))
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
