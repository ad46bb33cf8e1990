# expect: bug
# source: https://github.com/pymc-devs/pymc-examples/issues/768
# mistake: With jax_enable_x64 on, a Metropolis kernel carries a float32 position but builds the proposal with a
#   NumPy float64 step size, so the proposal is float64; the accept/reject lax.cond inside the fori_loop then has
#   branches of different dtypes.
# case: dtype-x64-proposal-float64-branch
# kind: mistake
# rules: none
# jax: raises cond branches must have equal output types
# note: In the notebook the NUTS/HMC state mixed float64 and float32 leaves under x64 ("true_fun and false_fun output
#   must have identical types ... float64 vs float32"); the reproduction is a hand-written random-walk Metropolis
#   kernel with a float32 initial position and a float64 NumPy scale.
import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp
import numpy as np
from jax import lax


def logdensity(x):
    return -0.5 * jnp.sum(x ** 2)


def make_kernel(step_size):
    def kernel(i, state):
        x, key = state
        key, k_prop, k_acc = jax.random.split(key, 3)
        proposal = x + step_size * jax.random.normal(k_prop, x.shape, dtype=x.dtype)   # float64 * float32 -> float64
        log_ratio = logdensity(proposal) - logdensity(x)
        accept = jnp.log(jax.random.uniform(k_acc)) < log_ratio
        x = lax.cond(accept, lambda: proposal, lambda: x)
        return x, key
    return kernel


def main():
    step_size = np.float64(0.5)                       # e.g. read from a NumPy adaptation routine
    x0 = jnp.zeros(3, dtype=jnp.float32)              # initial position from a float32 model
    x, _ = lax.fori_loop(0, 100, make_kernel(step_size), (x0, jax.random.key(0)))
    return x


if __name__ == "__main__":
    RESULT = main()
