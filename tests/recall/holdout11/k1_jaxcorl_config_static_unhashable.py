# expect: bug
# source: https://github.com/nissymori/JAX-CORL/pull/59
# mistake: The training config is a mutable (unhashable) dataclass passed as a static argument of the jitted update that runs every training step, so jit cannot key its cache on it and rejects the call.
# kind: 1 recompiles
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import optax


@dataclasses.dataclass
class IQLConfig:
    expectile: float = 0.7
    discount: float = 0.99
    tau: float = 0.005
    hidden_dims: tuple = (64, 64)
    lr: float = 3e-4


def expectile_loss(diff, expectile):
    weight = jnp.where(diff > 0, expectile, 1 - expectile)
    return weight * diff ** 2


def value_fn(params, obs):
    return obs @ params["w"] + params["b"]


@partial(jax.jit, static_argnames=("config",))
def update_value(params, opt_state, batch, config):
    def loss_fn(p):
        v = value_fn(p, batch["obs"])
        return jnp.mean(expectile_loss(batch["q"] - v, config.expectile))

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = optax.adam(config.lr).update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


def main():
    config = IQLConfig()
    key = jax.random.PRNGKey(0)
    params = {"w": jnp.zeros(5), "b": jnp.zeros(())}
    opt_state = optax.adam(config.lr).init(params)
    for step in range(3):
        key, k1, k2 = jax.random.split(key, 3)
        batch = {"obs": jax.random.normal(k1, (32, 5)), "q": jax.random.normal(k2, (32,))}
        params, opt_state, loss = update_value(params, opt_state, batch, config=config)


if __name__ == "__main__":
    main()
