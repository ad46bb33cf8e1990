# expect: none
# source: https://github.com/bmazoure/ppo_jax/issues/1
# mistake: the return is dedented out of the minibatch loop, so every epoch threads params/opt_state through all minibatches before returning.
from functools import partial

import jax
import jax.numpy as jnp
import optax


def loss_actor_and_critic(params, batch, clip_eps):
    obs, target = batch
    pred = obs @ params["w"]
    ratio = jnp.exp(pred - target)
    clipped = jnp.clip(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    return jnp.mean(jnp.maximum((ratio - 1.0) ** 2, (clipped - 1.0) ** 2))


@jax.jit
def update_minibatch(params, opt_state, clip_eps, batch):
    loss, grads = jax.value_and_grad(loss_actor_and_critic)(params, batch, clip_eps)
    updates, opt_state = optimizer.update(grads, opt_state)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


optimizer = optax.sgd(0.1)


def update_epoch(params, opt_state, batch, num_minibatches, clip_eps, counter):
    obs, target = batch
    idxes = jnp.arange(obs.shape[0]).reshape(num_minibatches, -1)
    losses = []
    for idx in idxes:
        mini_batch = (obs[idx], target[idx])
        params, opt_state, loss = update_minibatch(params, opt_state, clip_eps, mini_batch)
        counter["minibatches"] += 1
        losses.append(loss)
    return params, opt_state, jnp.mean(jnp.stack(losses))


def main():
    key = jax.random.PRNGKey(0)
    obs = jax.random.normal(key, (32, 4))
    target = jnp.zeros((32,))
    params = {"w": jnp.ones((4,)) * 0.1}
    opt_state = optimizer.init(params)
    counter = {"minibatches": 0}
    for epoch in range(3):
        params, opt_state, loss = update_epoch(params, opt_state, (obs, target), 4, 0.2, counter)
    print("epochs: 3, minibatches per epoch: 4, minibatch updates run:", counter["minibatches"])
