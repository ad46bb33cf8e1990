import jax.numpy as jnp


def log_step(step, loss):
    step = int(step)
    loss = float(jnp.asarray(loss))
    print("step %d loss %.4f" % (step, loss))
    return loss
