"""One-step TD targets and losses for a linear-tanh value function."""
import jax
import jax.numpy as jnp


def td_target(reward, next_value, discount=0.99, done=0.0):
    return reward + discount * (1.0 - done) * jax.lax.stop_gradient(next_value)


def td_loss(values, rewards, dones, discount=0.99):
    targets = td_target(rewards[:-1], values[1:], discount, dones[:-1])
    return jnp.mean((values[:-1] - targets) ** 2)


def value_fn(w, obs):
    return jnp.tanh(obs @ w)


def loss_from_params(w, obs, rewards, dones):
    return td_loss(value_fn(w, obs), rewards, dones)
