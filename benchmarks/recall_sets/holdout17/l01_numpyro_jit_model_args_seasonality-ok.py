# expect: none
# source: https://github.com/pyro-ppl/numpyro/issues/691
# mistake: as suggested in the thread, the length-like argument is bound up front (`model=partial(sgt, seasonality=38)`), so only the data `y` is a jitted model argument and `seasonality` stays a concrete Python int.
from functools import partial

import jax
import jax.numpy as jnp


def sgt(params, y, seasonality):
    init_s = y[:seasonality] * params["s_scale"]
    def transition_fn(carry, t):
        level, s = carry
        season = s[0]
        exp_val = level + season
        level = params["level_sm"] * (y[t] - season) + (1 - params["level_sm"]) * level
        s = jnp.concatenate([s[1:], (y[t] - level)[None]])
        return (level, s), exp_val
    _, mu = jax.lax.scan(transition_fn, (y[0], init_s), jnp.arange(1, y.shape[0]))
    return -0.5 * jnp.sum((y[1:] - mu) ** 2) - 0.5 * (params["s_scale"] ** 2 + params["level_sm"] ** 2)


class MCMC:
    def __init__(self, model, num_samples, jit_model_args=False):
        self.model, self.num_samples, self.jit_model_args = model, num_samples, jit_model_args

    def run(self, rng_key, *args):
        if self.jit_model_args:
            logp = self.model
        else:
            logp = lambda p, *_: self.model(p, *args)

        @jax.jit
        def sample(rng_key, init, *model_args):
            def step(carry, key):
                p, lp = carry
                k1, k2 = jax.random.split(key)
                prop = jax.tree_util.tree_map(lambda v: v + 0.05 * jax.random.normal(k1), p)
                lp_prop = logp(prop, *model_args)
                acc = jnp.log(jax.random.uniform(k2)) < lp_prop - lp
                p = jax.tree_util.tree_map(lambda a, b: jnp.where(acc, a, b), prop, p)
                return (p, jnp.where(acc, lp_prop, lp)), p
            init_lp = logp(init, *model_args)
            return jax.lax.scan(step, (init, init_lp), jax.random.split(rng_key, self.num_samples))[1]

        init = {"s_scale": jnp.array(0.3), "level_sm": jnp.array(0.5)}
        self.samples = sample(rng_key, init, *args)


def main():
    y = jnp.sin(jnp.arange(120.0) * 2 * jnp.pi / 38) + 0.01 * jnp.arange(120.0)
    mcmc = MCMC(partial(sgt, seasonality=38), num_samples=200, jit_model_args=True)
    mcmc.run(jax.random.PRNGKey(0), y)
    print("ran, s_scale mean:", float(mcmc.samples["s_scale"].mean()))
