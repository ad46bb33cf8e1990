# expect: bug
# source: https://github.com/sachaguer/jaxili/issues/16
# mistake: the optax warmup-cosine schedule is sized from the (deliberately huge) default `num_epochs * steps_per_epoch`, but the training loop stops early on the validation metric after a few dozen epochs, so the run ends while the schedule is still in warmup and the learning rate never gets near its peak.
import jax
import jax.numpy as jnp
import optax


def create_train_state(params, learning_rate=1e-3, num_epochs=2000, steps_per_epoch=10, warmup_frac=0.1):
    total_steps = num_epochs * steps_per_epoch
    schedule = optax.warmup_cosine_decay_schedule(0.0, learning_rate, int(warmup_frac * total_steps), total_steps)
    tx = optax.adam(schedule)
    return tx, tx.init(params), schedule


def main():
    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (200, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5])
    params = {"w": jnp.zeros(3)}
    tx, opt_state, schedule = create_train_state(params)
    loss = lambda p, xb, yb: jnp.mean((xb @ p["w"] - yb) ** 2)

    @jax.jit
    def train_step(params, opt_state, xb, yb):
        grads = jax.grad(loss)(params, xb, yb)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state

    best, patience, step = jnp.inf, 0, 0
    for epoch in range(2000):
        for b in range(10):
            params, opt_state = train_step(params, opt_state, x[b * 20:(b + 1) * 20], y[b * 20:(b + 1) * 20])
            step += 1
        val = float(loss(params, x, y))
        if val < best - 1e-3:
            best, patience = val, 0
        else:
            patience += 1
        if patience >= 5 or epoch >= 40:
            break
    print(f"stopped at epoch {epoch} (step {step}); lr there {float(schedule(step)):.2e} vs peak 1.00e-03")
    print(f"final validation loss {val:.3f}")
