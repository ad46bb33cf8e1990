# expect: none
# source: https://github.com/google-deepmind/optax/issues/577
# mistake: none; the sweep uses optax.inject_hyperparams so the learning rate lives in the optimizer state and one jitted step serves every value.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
import optax

tx = optax.inject_hyperparams(optax.adam)(learning_rate=1e-3)


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def train_step(w, opt_state, x, y):
    grads = jax.grad(loss_fn)(w, x, y)
    updates, opt_state = tx.update(grads, opt_state, w)
    return optax.apply_updates(w, updates), opt_state


def main():
    compiles = []

    def listener(event, duration, **kw):
        if event == "/jax/core/compile/backend_compile_duration" and "train_step" in str(kw.get("fun_name")):
            compiles.append(kw.get("fun_name"))

    jax.monitoring.register_event_duration_secs_listener(listener)

    key = jax.random.PRNGKey(1)
    x = jax.random.normal(key, (16, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5])
    for lr in [1e-3, 3e-3, 1e-2, 3e-2]:
        w = jnp.zeros((3,))
        opt_state = tx.init(w)
        opt_state.hyperparams["learning_rate"] = jnp.asarray(lr, dtype=jnp.float32)
        for _ in range(3):
            w, opt_state = train_step(w, opt_state, x, y)
        print(lr, float(loss_fn(w, x, y)))
    print("train_step compilations:", len(compiles))


if __name__ == "__main__":
    main()
