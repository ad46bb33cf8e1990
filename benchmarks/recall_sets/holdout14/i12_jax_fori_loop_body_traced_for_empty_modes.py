# expect: bug
# source: https://github.com/jax-ml/jax/issues/17264
# mistake: the fori_loop body indexes modes_old[i, :] assuming it only runs when modes_old is non-empty, but JAX always traces the body even for a zero-trip loop, so indexing an axis of size 0 with the traced loop index fails at trace time.
import jax.numpy as jnp
from jax.lax import fori_loop


def copy_coefficients(modes_old, modes_new, c_old, c_new):
    def body(i, c_new):
        mask = (modes_old[i, :] == modes_new).all(axis=1)
        c_new = jnp.where(mask, c_old[i], c_new)
        return c_new

    return fori_loop(0, modes_old.shape[0], body, c_new)


def main():
    modes_old = jnp.empty((0, 3))
    modes_new = jnp.empty((4, 3))
    c_old = jnp.empty(0)
    c_new = jnp.empty(4)
    out = copy_coefficients(modes_old, modes_new, c_old, c_new)
    print(out)
    return out


if __name__ == "__main__":
    main()
