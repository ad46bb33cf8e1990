# case: e301-value-and-grad-rnn-loop
# source: https://github.com/jax-ml/jax/issues/352
# kind: mistake
# rules: SCN301
# jax: symptom size_at(120) > 20 * size_at(3)
# note: a recurrent-network loss whose time loop is `for t in range(xs.shape[0])`, reached
#   through jax.jit(jax.value_and_grad(rnn_loss)), so forward and backward passes unroll
#   per time step; the thread's RNN code (minutes of jit time) is not shown in the issue.

import jax
import jax.numpy as jnp

H, D = 16, 4


def init_params(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "W": 0.1 * jax.random.normal(k1, (H, H)),
        "U": 0.1 * jax.random.normal(k2, (H, D)),
        "V": 0.1 * jax.random.normal(k3, (1, H)),
    }


def rnn_loss(params, xs, ys):
    h = jnp.zeros(H)
    loss = 0.0
    for t in range(xs.shape[0]):
        h = jnp.tanh(params["W"] @ h + params["U"] @ xs[t])
        loss = loss + jnp.sum((params["V"] @ h - ys[t]) ** 2)
    return loss / xs.shape[0]


loss_and_grad = jax.jit(jax.value_and_grad(rnn_loss))


def size_at(T):
    params = init_params(jax.random.PRNGKey(0))
    xs, ys = jnp.ones((T, D)), jnp.ones((T, 1))
    return len(str(jax.make_jaxpr(loss_and_grad)(params, xs, ys)))


params = init_params(jax.random.PRNGKey(0))
val, grads = loss_and_grad(params, jnp.ones((5, D)), jnp.ones((5, 1)))
print(float(val), size_at(120), size_at(3))
