# expect: none
# source: https://github.com/patrick-kidger/equinox/issues/940
# mistake: the optimizer is constructed once and the same instance is reused by every fit, so the static argument hashes equal and the jitted step is traced once.
from functools import partial

import jax
import jax.numpy as jnp
import optax

TRACES = {"step": 0}
OPTIM = optax.adam(1e-2)


def apply(params, x):
    return x @ params["w"] + params["b"]


def loss_fn(params, x, y):
    return jnp.mean((y - apply(params, x)) ** 2)


@partial(jax.jit, static_argnames=("optim",))
def step(params, opt_state, x, y, optim):
    TRACES["step"] += 1
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = optim.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


def fit(params, x, y, optim=OPTIM, num_steps=20):
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
        k = jax.random.fold_in(km, trial)
        params = {"w": jax.random.normal(k, (10, 1)) * 0.1, "b": jnp.zeros((1,))}
        _, loss = fit(params, x, y)
    print(f"4 fits sharing one optimizer: step traced {TRACES['step']} times, last loss {float(loss):.4f}")
