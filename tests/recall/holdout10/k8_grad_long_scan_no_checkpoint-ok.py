# expect: none
# source: https://github.com/jax-ml/jax/issues/3186
# mistake: none: the scan body is wrapped in jax.checkpoint as the thread recommends, so the backward pass recomputes (y + z) and its temp memory does not grow with the number of steps.
# kind: 8 memory of gradient of a long scan without checkpoint
import jax
import jax.numpy as jnp
from jax import lax


def objective(x, ys):
    z = jnp.ones((256, 256))

    @jax.checkpoint
    def accumulate(carry, y):
        return carry + jnp.tanh(x * (y + z)), None

    total, _ = lax.scan(accumulate, jnp.zeros_like(z), ys)
    return total.mean()


def backward_temp_bytes(n_steps):
    compiled = jax.jit(jax.grad(objective)).lower(1.0, jnp.ones(n_steps)).compile()
    return compiled.memory_analysis().temp_size_in_bytes


def main():
    short, long = backward_temp_bytes(8), backward_temp_bytes(32)
    assert long <= 2 * short, (short, long)


if __name__ == "__main__":
    main()
