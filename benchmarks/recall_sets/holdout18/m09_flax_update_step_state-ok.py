# expect: none
# source: https://github.com/google/flax/issues/2467
# mistake: update_step returns updated_state (the batch_stats produced by the mutable apply), as in the corrected guide, so the running mean threaded through the training loop moves towards the data mean each step.
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


class BiasAdderWithRunningMean(nn.Module):
    decay: float = 0.99

    @nn.compact
    def __call__(self, x):
        is_initialized = self.has_variable("batch_stats", "mean")
        ra_mean = self.variable("batch_stats", "mean", lambda s: jnp.zeros(s), x.shape[1:])
        bias = self.param("bias", lambda rng, shape: jnp.zeros(shape), x.shape[1:])
        if is_initialized:
            ra_mean.value = self.decay * ra_mean.value + (1.0 - self.decay) * jnp.mean(x, axis=0, keepdims=True)
        return x - ra_mean.value + bias


def update_step(tx, apply_fn, x, opt_state, params, state):
    def loss(params):
        y, updated_state = apply_fn({"params": params, **state}, x, mutable=list(state.keys()))
        l = ((x - y) ** 2).sum()
        return l, updated_state

    (l, updated_state), grads = jax.value_and_grad(loss, has_aux=True)(params)
    updates, opt_state = tx.update(grads, opt_state)
    params = optax.apply_updates(params, updates)
    return opt_state, params, updated_state


def main():
    model = BiasAdderWithRunningMean()
    x = jnp.ones((10, 5))
    variables = model.init(jax.random.PRNGKey(0), x)
    params = variables["params"]
    state = {k: v for k, v in variables.items() if k != "params"}
    tx = optax.sgd(learning_rate=0.02)
    opt_state = tx.init(params)
    step = jax.jit(update_step, static_argnums=(0, 1))
    for _ in range(3):
        opt_state, params, state = step(tx, model.apply, x, opt_state, params, state)
    mean = state["batch_stats"]["mean"]
    print("running mean after 3 steps:", [round(float(v), 4) for v in mean.ravel()])
    print("running mean updated:", bool(jnp.any(mean != 0)))
