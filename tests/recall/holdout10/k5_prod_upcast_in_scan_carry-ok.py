# expect: none
# source: https://github.com/jax-ml/jax/issues/3154
# mistake: none: the reduction passes dtype= explicitly (the thread's suggested fix), so the scan carry stays int32 even with x64 enabled.
# kind: 5 carry structure / dtype / weak-type mismatch
import jax
import jax.numpy as jnp
from jax import lax


def count_paths(step_choices):
    def accumulate(total, choices):
        return total + jnp.prod(choices, axis=-1, dtype=total.dtype), None

    init = jnp.zeros(step_choices.shape[1], dtype=jnp.int32)
    total, _ = lax.scan(accumulate, init, step_choices)
    return total


def main():
    with jax.enable_x64(True):
        choices = jnp.ones((3, 2, 4), dtype=jnp.int32) * 2
        total = count_paths(choices)
        assert total.dtype == jnp.int32


if __name__ == "__main__":
    main()
