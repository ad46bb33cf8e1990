# expect: bug
# source: https://github.com/google-deepmind/optax/issues/424
# mistake: the training loop calls `train_step(params, state)` with the optimizer state created before the loop instead of the `opt_state` returned by the previous step, so the inject_hyperparams step count never advances and the warmup-cosine learning rate printed from `opt_state.hyperparams['learning_rate']` stays at init_value (and Adam's moments restart every step).
import jax
import jax.numpy as jnp
import optax

init_value, peak_value, end_value, total_steps, warmup_steps = 1e-6, 1e-3, 1e-6, 100, 20
schedule_fn = optax.warmup_cosine_decay_schedule(init_value, peak_value, warmup_steps, total_steps, end_value)
optimizer = optax.inject_hyperparams(optax.adam)(learning_rate=schedule_fn)


def loss_fn(params):
    return jnp.sum((params["w"] - 3.0) ** 2)


@jax.jit
def train_step(params, state):
    loss_val, grads = jax.value_and_grad(loss_fn)(params)
    updates_params, opt_state = optimizer.update(grads, state, params)
    params = optax.apply_updates(params, updates_params)
    return params, loss_val, opt_state


def main():
    params = {"w": jnp.zeros(4)}
    state = optimizer.init(params)
    lrs = []
    for step in range(40):
        params, loss_val, opt_state = train_step(params, state)
        lrs.append(float(opt_state.hyperparams["learning_rate"]))
    print("learning rate at steps 0, 10, 20, 39:", [f"{lrs[i]:.2e}" for i in (0, 10, 20, 39)])
    print("optimizer step count after 40 steps:", int(opt_state.count))
