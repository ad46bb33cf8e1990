# expect: bug
# source: https://github.com/araffin/sbx/pull/21
# mistake: SAC `_train` is jitted with `gradient_steps` static and loops over it with a Python `for`, so the whole update is unrolled once per gradient step and compile time/program size grow with `gradient_steps`.
import time
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax.training.train_state import TrainState


def mlp_apply(params, x):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


def make_state(key, in_dim, out_dim):
    k1, k2 = jax.random.split(key)
    params = {
        "w1": jax.random.normal(k1, (in_dim, 64)) * 0.1,
        "b1": jnp.zeros(64),
        "w2": jax.random.normal(k2, (64, out_dim)) * 0.1,
        "b2": jnp.zeros(out_dim),
    }
    return TrainState.create(apply_fn=mlp_apply, params=params, tx=optax.adam(3e-4))


class SAC:
    def __init__(self, obs_dim=8, act_dim=2, batch_size=32):
        key = jax.random.PRNGKey(0)
        kq, kp = jax.random.split(key)
        self.qf_state = make_state(kq, obs_dim + act_dim, 1)
        self.actor_state = make_state(kp, obs_dim, act_dim)
        self.batch_size = batch_size

    @staticmethod
    def update_critic(qf_state, actor_state, obs, actions, rewards, next_obs):
        next_a = jnp.tanh(actor_state.apply_fn(actor_state.params, next_obs))
        target = rewards + 0.99 * qf_state.apply_fn(qf_state.params, jnp.concatenate([next_obs, next_a], -1))[:, 0]

        def loss_fn(p):
            q = qf_state.apply_fn(p, jnp.concatenate([obs, actions], -1))[:, 0]
            return jnp.mean((q - jax.lax.stop_gradient(target)) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(qf_state.params)
        return qf_state.apply_gradients(grads=grads), loss

    @staticmethod
    def update_actor(actor_state, qf_state, obs):
        def loss_fn(p):
            a = jnp.tanh(actor_state.apply_fn(p, obs))
            return -jnp.mean(qf_state.apply_fn(qf_state.params, jnp.concatenate([obs, a], -1)))

        loss, grads = jax.value_and_grad(loss_fn)(actor_state.params)
        return actor_state.apply_gradients(grads=grads), loss

    @classmethod
    @partial(jax.jit, static_argnames=["cls", "gradient_steps"])
    def _train(cls, gradient_steps, qf_state, actor_state, obs, actions, rewards, next_obs):
        batch_size = obs.shape[0] // gradient_steps
        for i in range(gradient_steps):
            sl = slice(i * batch_size, (i + 1) * batch_size)
            qf_state, qf_loss = cls.update_critic(qf_state, actor_state, obs[sl], actions[sl], rewards[sl], next_obs[sl])
            actor_state, actor_loss = cls.update_actor(actor_state, qf_state, obs[sl])
        return qf_state, actor_state, qf_loss, actor_loss

    def train(self, gradient_steps):
        n = self.batch_size * gradient_steps
        key = jax.random.PRNGKey(1)
        obs = jax.random.normal(key, (n, 8))
        actions = jnp.zeros((n, 2))
        rewards = jnp.ones((n,))
        t0 = time.perf_counter()
        out = self._train(gradient_steps, self.qf_state, self.actor_state, obs, actions, rewards, obs)
        jax.block_until_ready(out)
        return time.perf_counter() - t0, n


def main():
    agent = SAC()
    for steps in (1, 4, 8):
        obs = jnp.zeros((agent.batch_size * steps, 8))
        lowered = SAC._train.__func__.lower(
            SAC, steps, agent.qf_state, agent.actor_state, obs, jnp.zeros((obs.shape[0], 2)), jnp.zeros(obs.shape[0]), obs)
        n_lines = len(lowered.as_text().splitlines())
        dt, _ = agent.train(steps)
        print(f"gradient_steps={steps}: program lines={n_lines} first call (compile+run)={dt:.2f}s")


if __name__ == "__main__":
    main()
