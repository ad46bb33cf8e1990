# expect: bug
# source: https://github.com/google-deepmind/optax/issues/353
# mistake: the optax optimizer is a static_argnames argument of the jitted train_step but is rebuilt (optax.adam(...)) inside train(), so every train() call hashes a new object and retraces/recompiles
# kind: 1 recompile
from functools import partial

import jax
import jax.numpy as jnp
import optax

TRACES = 0


@partial(jax.jit, static_argnames=("optimizer",))
def train_step(optimizer, opt_state, params, x, y):
    global TRACES
    TRACES += 1

    def loss_fn(p):
        return jnp.mean((x @ p["w"] + p["b"] - y) ** 2)

    grads = jax.grad(loss_fn)(params)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state


def train(x, y, num_steps=5):
    optimizer = optax.adam(1e-2)
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
    if TRACES > 1:
        print("SYMPTOM: train_step retraced once per train() call")


if __name__ == "__main__":
    main()
