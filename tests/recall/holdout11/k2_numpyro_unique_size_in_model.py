# expect: bug
# source: https://github.com/pyro-ppl/numpyro/issues/853
# mistake: The model sizes a parameter block with jnp.unique(volume).size, a value that depends on the data array, while the data is a traced argument of the jitted leapfrog loop, so the shape cannot be known at trace time.
# kind: 2 traced values in Python control flow and shapes
import jax
import jax.numpy as jnp
import jax.numpy as np  # the reporter's alias
from jax import lax, random


def log_joint(params, tank, density, volume, survived):
    a_bar, log_sigma, a, s_raw = params["a_bar"], params["log_sigma"], params["a"], params["s"]
    n_volume = np.unique(volume).size  # number of volume categories
    s = s_raw[:n_volume]
    sigma = jnp.exp(log_sigma)
    lp = -0.5 * a_bar ** 2 / 1.5 ** 2 - sigma
    lp += jnp.sum(-0.5 * ((a - a_bar) / sigma) ** 2 - log_sigma)
    lp += jnp.sum(-0.5 * (s / 0.5) ** 2)
    logits = a[tank] + s[volume]
    lp += jnp.sum(survived * jax.nn.log_sigmoid(logits) + (density - survived) * jax.nn.log_sigmoid(-logits))
    return lp


@jax.jit
def hmc_trajectory(params, momentum, data, step_size=0.01, num_steps=10):
    grad_fn = jax.grad(lambda p: log_joint(p, *data))

    def leapfrog(_, state):
        p, m = state
        g = grad_fn(p)
        m = jax.tree_util.tree_map(lambda mi, gi: mi + 0.5 * step_size * gi, m, g)
        p = jax.tree_util.tree_map(lambda pi, mi: pi + step_size * mi, p, m)
        g = grad_fn(p)
        m = jax.tree_util.tree_map(lambda mi, gi: mi + 0.5 * step_size * gi, m, g)
        return p, m

    return lax.fori_loop(0, num_steps, leapfrog, (params, momentum))


def main():
    n_tanks = 48
    key = random.PRNGKey(0)
    tank = jnp.arange(n_tanks)
    volume = jnp.tile(jnp.array([0, 1]), n_tanks // 2)
    density = jnp.full(n_tanks, 10.0)
    survived = jnp.floor(random.uniform(key, (n_tanks,)) * 10)
    params = {"a_bar": jnp.zeros(()), "log_sigma": jnp.zeros(()),
              "a": jnp.zeros(n_tanks), "s": jnp.zeros(2)}
    momentum = jax.tree_util.tree_map(jnp.ones_like, params)
    for _ in range(2):
        params, _ = hmc_trajectory(params, momentum, (tank, density, volume, survived))


if __name__ == "__main__":
    main()
