# expect: bug
# source: https://github.com/patrick-kidger/equinox/issues/940
# mistake: the optax optimizer is passed to the jitted step as a static argument but a new optax.adam(...) instance is built in every fit() call; optax transforms hash by their closures, so each new instance is a cache miss and the step is retraced/recompiled for every run even with identical hyperparameters.
from functools import partial

import jax
import jax.numpy as jnp
import optax

TRACES = {"step": 0}


class Simple:
    def __init__(self, key, in_size=10):
        self.params = {"w": jax.random.normal(key, (in_size, 1)) * 0.1, "b": jnp.zeros((1,))}

    @staticmethod
    def apply(params, x):
        return x @ params["w"] + params["b"]


def loss_fn(params, x, y):
    return jnp.mean((y - Simple.apply(params, x)) ** 2)


@partial(jax.jit, static_argnames=("optim",))
def step(params, opt_state, x, y, optim):
    TRACES["step"] += 1
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = optim.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


def fit(model, x, y, lr=1e-2, num_steps=20):
    optim = optax.adam(lr)
    params = model.params
    opt_state = optim.init(params)
    for _ in range(num_steps):
        params, opt_state, loss = step(params, opt_state, x, y, optim)
    return params, loss


def main():
    key = jax.random.PRNGKey(0)
    kx, ky, km = jax.random.split(key, 3)
    x = jax.random.normal(kx, (32, 10))
    y = jax.random.normal(ky, (32, 1))
    for trial in range(4):
        model = Simple(jax.random.fold_in(km, trial))
        _, loss = fit(model, x, y)
    print(f"4 fits with identical adam(1e-2): step traced {TRACES['step']} times, last loss {float(loss):.4f}")
