# expect: none
# source: https://github.com/nissymori/JAX-CORL/pull/59
# mistake: (fixed) the config dataclass is frozen, so it hashes by value and the jitted update compiles once for the whole training loop.
# kind: 1 recompiles
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import optax

TRACES = [0]


@dataclasses.dataclass(frozen=True)
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
    TRACES[0] += 1

    def loss_fn(p):
        v = value_fn(p, batch["obs"])
        return jnp.mean(expectile_loss(batch["q"] - v, config.expectile))

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = optax.adam(config.lr).update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


def main():
    key = jax.random.PRNGKey(0)
    params = {"w": jnp.zeros(5), "b": jnp.zeros(())}
    opt_state = optax.adam(3e-4).init(params)
    for step in range(5):
        key, k1, k2 = jax.random.split(key, 3)
        batch = {"obs": jax.random.normal(k1, (32, 5)), "q": jax.random.normal(k2, (32,))}
        # a fresh but equal config each step still hits the cache
        params, opt_state, loss = update_value(params, opt_state, batch, config=IQLConfig())
    print("update traces:", TRACES[0])


if __name__ == "__main__":
    main()
