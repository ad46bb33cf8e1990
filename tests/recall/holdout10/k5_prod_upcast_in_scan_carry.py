# expect: bug
# source: https://github.com/jax-ml/jax/issues/3154
# mistake: with x64 enabled, jnp.prod over an int32 input returns int64, so adding it to an int32 scan carry changes the carry dtype and scan raises a TypeError.
# kind: 5 carry structure / dtype / weak-type mismatch
import jax
import jax.numpy as jnp
from jax import lax


def count_paths(step_choices):
    # step_choices: [T, walkers, branching] number of options at each branch point
    def accumulate(total, choices):
        return total + jnp.prod(choices, axis=-1), None

    init = jnp.zeros(step_choices.shape[1], dtype=jnp.int32)
    total, _ = lax.scan(accumulate, init, step_choices)
    return total


def main():
    with jax.enable_x64(True):
        choices = jnp.ones((3, 2, 4), dtype=jnp.int32) * 2
        print(count_paths(choices))


if __name__ == "__main__":
    main()
