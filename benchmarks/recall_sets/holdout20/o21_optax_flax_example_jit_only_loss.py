# expect: bug
# source: https://github.com/google-deepmind/optax/issues/319
# mistake: in the training loop only the loss/gradient function is jitted; `tx.update` and `optax.apply_updates` run op-by-op outside jit on every iteration, each primitive dispatched (and first compiled) separately.
import time

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax

COMPILES = {"n": 0}
jax.monitoring.register_event_duration_secs_listener(
    lambda name, dur, **kw: name == "/jax/core/compile/backend_compile_duration" and COMPILES.__setitem__("n", COMPILES["n"] + 1))


def main():
    # Nothing here is specific to Flax; it's the optax flax_example layout.
    model = nn.Dense(features=5)
    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (32, 10))
    y = jax.random.normal(jax.random.fold_in(key, 1), (32, 5))
    params = model.init(key, x)

    def mse(params, x_batched, y_batched):
        def squared_error(x, y):
            pred = model.apply(params, x)
            return jnp.inner(y - pred, y - pred) / 2.0
        return jnp.mean(jax.vmap(squared_error)(x_batched, y_batched), axis=0)

    tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(learning_rate=0.01))
    opt_state = tx.init(params)
    loss_grad_fn = jax.jit(jax.value_and_grad(mse))

    before = COMPILES["n"]
    t0 = time.perf_counter()
    for i in range(101):
        loss_val, grads = loss_grad_fn(params, x, y)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
    jax.block_until_ready(params)
    print(f"programs compiled by the training loop: {COMPILES['n'] - before}; "
          f"{(time.perf_counter() - t0) / 101 * 1e3:.2f} ms/step; final loss {float(loss_val):.4f}")


if __name__ == "__main__":
    main()
