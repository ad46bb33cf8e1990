import jax.numpy as jnp


def log_step(step, loss):
    step = int(step)
    loss = float(jnp.asarray(loss))
    print(f"step {step:d} loss {loss:.4f}")
    return loss
