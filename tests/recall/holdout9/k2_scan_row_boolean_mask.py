# expect: bug
# source: https://github.com/jax-ml/jax/issues/4654
# mistake: inside a lax.scan body each row is filtered with a boolean mask (`row[~jnp.isnan(row)]`) to drop NaNs, which needs a data-dependent shape.
# kind: 2 traced-control-flow
import jax.numpy as jnp
from jax import lax


def body_fn(total, row):
    valid = row[~jnp.isnan(row)]
    return total + valid.sum(), valid.shape[0]


def main():
    arr1 = jnp.array([[jnp.nan, 0.0, jnp.nan, jnp.nan],
                      [3.0, 2.0, 6.0, 7.0],
                      [81.0, 82.0, 83.0, jnp.nan]])
    total, counts = lax.scan(body_fn, 0.0, arr1[::-1])
    print(total, counts)


if __name__ == "__main__":
    main()
