# expect: bug
# source: https://crackedaicode.com/problems/jax-scan-running-mean
# mistake: The (sum, count) carry starts with an int32 count jnp.zeros((), jnp.int32) but the body adds 1.0 to it, so the count leaf changes from int32 to float32 between scan input and output.
# kind: 5 carry structure / dtype mismatch
import jax.numpy as jnp
from jax import lax


def running_mean(x):
    def step(carry, x_i):
        s, n = carry
        new_s = s + x_i
        new_n = n + 1.0  # float so the division below is a true division
        return (new_s, new_n), new_s / new_n

    _, means = lax.scan(step, (jnp.zeros_like(x[0]), jnp.zeros((), jnp.int32)), x)
    return means


def running_mean_columns(table):
    return [running_mean(table[:, j]) for j in range(table.shape[1])]


def main():
    table = jnp.arange(12.0).reshape(6, 2)
    for col in running_mean_columns(table):
        print(col)


if __name__ == "__main__":
    main()
