# expect: bug
# source: https://github.com/google-deepmind/optax/issues/577
# mistake: a hyper-parameter sweep builds a new optax optimizer and a new jitted step closure for every learning rate, so the learning rate is baked in as a constant and the step recompiles for each value.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
import optax


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def make_train_step(tx):
    @jax.jit
    def train_step(w, opt_state, x, y):
        grads = jax.grad(loss_fn)(w, x, y)
        updates, opt_state = tx.update(grads, opt_state, w)
        return optax.apply_updates(w, updates), opt_state

    return train_step


def run_sweep(learning_rates, x, y, steps=3):
    results = {}
    for lr in learning_rates:
        tx = optax.adam(lr)
        step = make_train_step(tx)
        w = jnp.zeros((x.shape[1],))
        opt_state = tx.init(w)
        for _ in range(steps):
            w, opt_state = step(w, opt_state, x, y)
        results[lr] = float(loss_fn(w, x, y))
    return results


def main():
    compiles = []

    def listener(event, duration, **kw):
        if event == "/jax/core/compile/backend_compile_duration" and "train_step" in str(kw.get("fun_name")):
            compiles.append(kw.get("fun_name"))

    jax.monitoring.register_event_duration_secs_listener(listener)

    key = jax.random.PRNGKey(1)
    x = jax.random.normal(key, (16, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5])
    lrs = [1e-3, 3e-3, 1e-2, 3e-2]
    run_sweep(lrs, x, y)
    print(f"SYMPTOM: train_step compiled {len(compiles)} times for {len(lrs)} learning rates with identical shapes (expected 1)")


if __name__ == "__main__":
    main()
