# expect: none
# source: https://crackedaicode.com/problems/optax-multi-step-loss-curve
# mistake: (w, opt_state) is the scan carry and the updated opt_state is returned each step, so Adam's state advances through the scanned training loop.
import jax
import jax.numpy as jnp
import optax
from jax import lax


def multi_step_loss_curve(w0, x_batches, y_batches, lr):
    optimizer = optax.adam(lr)
    opt_state = optimizer.init(w0)

    def loss_fn(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    grad_fn = jax.grad(loss_fn, argnums=0)

    def step(carry, batch):
        w, opt_state = carry
        x, y = batch
        l = loss_fn(w, x, y)
        g = grad_fn(w, x, y)
        updates, opt_state = optimizer.update(g, opt_state, w)
        new_w = optax.apply_updates(w, updates)
        return (new_w, opt_state), (l, opt_state[0].count)

    (_, _), (losses, counts) = lax.scan(step, (w0, opt_state), (x_batches, y_batches))
    return losses, counts


def main():
    x = jnp.ones((4, 3))
    y = 2.0 * jnp.ones((4, 3))
    losses, counts = multi_step_loss_curve(jnp.array(0.0), x, y, 0.1)
    print("losses:", [round(float(l), 3) for l in losses])
    print("adam step count seen at each scan step:", counts.tolist())
