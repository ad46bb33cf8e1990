# expect: none
# source: https://github.com/google-deepmind/optax/issues/353
# mistake: looks like the static-optimizer retrace, but the optimizer object is built once at module level and the same object is passed as the static argument on every call, so train_step compiles once
# kind: 1 recompile
from functools import partial

import jax
import jax.numpy as jnp
import optax

TRACES = 0
OPTIMIZER = optax.adam(1e-2)


@partial(jax.jit, static_argnames=("optimizer",))
def train_step(optimizer, opt_state, params, x, y):
    global TRACES
    TRACES += 1

    def loss_fn(p):
        return jnp.mean((x @ p["w"] + p["b"] - y) ** 2)

    grads = jax.grad(loss_fn)(params)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state


def train(x, y, num_steps=5, optimizer=OPTIMIZER):
    params = {"w": jnp.zeros((x.shape[1],)), "b": jnp.zeros(())}
    opt_state = optimizer.init(params)
    for _ in range(num_steps):
        params, opt_state = train_step(optimizer, opt_state, params, x, y)
    return params


def main():
    x = jnp.ones((8, 3))
    y = jnp.ones((8,))
    for _ in range(3):
        train(x, y)
    print("traces of train_step:", TRACES)
    assert TRACES == 1


if __name__ == "__main__":
    main()
