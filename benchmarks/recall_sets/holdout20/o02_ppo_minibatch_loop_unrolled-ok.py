# expect: none
# source: https://github.com/google/flax/pull/1404
# mistake: none; the minibatch loop of the jitted PPO `train_step` is a `jax.lax.scan` over the reshaped trajectories, so one update body is compiled whatever the number of minibatches.
import functools
import time

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


class ActorCritic(nn.Module):
    num_outputs: int

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(64)(x))
        logits = nn.Dense(self.num_outputs)(x)
        value = nn.Dense(1)(x)
        return jax.nn.log_softmax(logits), value


def loss_fn(params, apply_fn, minibatch, clip_param, vf_coeff, entropy_coeff):
    states, actions, old_log_probs, returns, advantages = minibatch
    log_probs, values = apply_fn({"params": params}, states)
    values = values[:, 0]
    probs = jnp.exp(log_probs)
    value_loss = jnp.mean(jnp.square(returns - values), axis=0)
    entropy = jnp.sum(-probs * log_probs, axis=1).mean()
    log_probs_act_taken = jax.vmap(lambda lp, a: lp[a])(log_probs, actions)
    ratios = jnp.exp(log_probs_act_taken - old_log_probs)
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    pg_loss = ratios * advantages
    clipped_loss = advantages * jax.lax.clamp(1.0 - clip_param, ratios, 1.0 + clip_param)
    ppo_loss = -jnp.mean(jnp.minimum(pg_loss, clipped_loss), axis=0)
    return ppo_loss + vf_coeff * value_loss - entropy_coeff * entropy


@functools.partial(jax.jit, static_argnums=(2,))
def train_step(state, trajectories, batch_size, *, clip_param, vf_coeff, entropy_coeff):
    iterations = trajectories[0].shape[0] // batch_size
    trajectories = jax.tree_util.tree_map(
        lambda x: x.reshape((iterations, batch_size) + x.shape[1:]), trajectories)
    def one_minibatch(state, batch):
        grad_fn = jax.value_and_grad(loss_fn)
        l, grads = grad_fn(state.params, state.apply_fn, batch, clip_param, vf_coeff, entropy_coeff)
        return state.apply_gradients(grads=grads), l

    state, losses = jax.lax.scan(one_minibatch, state, trajectories)
    loss = losses.sum()
    return state, loss


def make_trajectories(n, obs_dim=16):
    k = jax.random.PRNGKey(0)
    states = jax.random.normal(k, (n, obs_dim))
    actions = jnp.zeros((n,), jnp.int32)
    return (states, actions, jnp.zeros(n), jnp.ones(n), jnp.ones(n))


def main():
    model = ActorCritic(num_outputs=4)
    params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 16)))["params"]
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(2.5e-4))
    batch_size = 32
    for num_minibatches in (1, 3, 6):
        traj = make_trajectories(batch_size * num_minibatches)
        kw = dict(clip_param=0.1, vf_coeff=0.5, entropy_coeff=0.01)
        lines = len(train_step.lower(state, traj, batch_size, **kw).as_text().splitlines())
        t0 = time.perf_counter()
        jax.block_until_ready(train_step(state, traj, batch_size, **kw))
        print(f"minibatches={num_minibatches}: program lines={lines} first call={time.perf_counter() - t0:.2f}s")


if __name__ == "__main__":
    main()
