# expect: bug
# source: https://github.com/jax-ml/jax/pull/5747
# mistake: the optimizers example names both the jitted update function and the loop variable `step`, so `for step in range(num_steps): value, opt_state = step(step, opt_state)` rebinds `step` to an int and the training loop crashes on its first iteration.
import jax
import jax.numpy as jnp
from jax.example_libraries import optimizers


def loss_fn(params):
    return jnp.sum((params - 3.0) ** 2)


def main():
    opt_init, opt_update, get_params = optimizers.momentum(step_size=0.1, mass=0.9)
    opt_state = opt_init(jnp.zeros(3))

    @jax.jit
    def step(step, opt_state):
        value, grads = jax.value_and_grad(loss_fn)(get_params(opt_state))
        opt_state = opt_update(step, grads, opt_state)
        return value, opt_state

    num_steps = 5
    try:
        for step in range(num_steps):
            value, opt_state = step(step, opt_state)
        print("final loss:", float(value))
    except TypeError as e:
        print("training loop crashed:", type(e).__name__, e)
