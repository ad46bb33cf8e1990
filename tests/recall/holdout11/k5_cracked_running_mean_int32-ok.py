# expect: none
# source: https://crackedaicode.com/problems/jax-scan-running-mean
# mistake: (fixed) the count is carried as jnp.int32(0) and incremented by the integer 1, and only the returned mean is computed in floating point.
# kind: 5 carry structure / dtype mismatch
import jax.numpy as jnp
from jax import lax


def running_mean(x):
    def step(carry, x_i):
        s, n = carry
        new_s = s + x_i
        new_n = n + 1
        return (new_s, new_n), new_s / new_n.astype(new_s.dtype)

    _, means = lax.scan(step, (0.0, jnp.int32(0)), x)
    return means


def running_mean_columns(table):
    return [running_mean(table[:, j]) for j in range(table.shape[1])]


def main():
    table = jnp.arange(12.0).reshape(6, 2)
    for col in running_mean_columns(table):
        print(col)


if __name__ == "__main__":
    main()
