# expect: none
# source: https://github.com/fattorib/ZeRO-transformer/issues/13
# mistake: (correct) gradient accumulation over micro-batches is done with jax.lax.scan, so the forward/backward pass is traced once and the program size does not grow with the number of accumulation steps.
from functools import partial

import jax
import jax.numpy as jnp


def model_apply(params, x):
    for w in params["layers"]:
        x = jnp.tanh(x @ w)
    return x @ params["head"]


def loss_fn(params, batch):
    logits = model_apply(params, batch["x"])
    return jnp.mean((logits - batch["y"]) ** 2)


@partial(jax.jit, static_argnums=(2,))
def train_step(params, batch, accum_steps):
    micro = jax.tree.map(lambda a: a.reshape((accum_steps, -1) + a.shape[1:]), batch)

    def accum(carry, mb):
        grads, loss = carry
        l, g = jax.value_and_grad(loss_fn)(params, mb)
        return (jax.tree.map(jnp.add, grads, g), loss + l), None

    init = (jax.tree.map(jnp.zeros_like, params), jnp.zeros(()))
    (grads, loss), _ = jax.lax.scan(accum, init, micro)
    grads = jax.tree.map(lambda g: g / accum_steps, grads)
    params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
    return params, loss / accum_steps


def main():
    k = jax.random.split(jax.random.PRNGKey(0), 4)
    params = {"layers": [jax.random.normal(k[i], (16, 16)) * 0.1 for i in range(3)],
              "head": jax.random.normal(k[3], (16, 1)) * 0.1}
    batch = {"x": jnp.ones((64, 16)), "y": jnp.zeros((64, 1))}
    sizes = {}
    for accum_steps in (2, 4, 8):
        jaxpr = jax.make_jaxpr(train_step.__wrapped__, static_argnums=(2,))(params, batch, accum_steps)
        sizes[accum_steps] = len(jaxpr.jaxpr.eqns)
        params, loss = train_step(params, batch, accum_steps)
    print("jaxpr equations per accum_steps:", sizes)
    return sizes


if __name__ == "__main__":
    main()
