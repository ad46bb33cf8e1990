# expect: bug
# source: https://github.com/dynamiqs/dynamiqs/pull/917
# mistake: An inner fori_loop's upper bound is the outer loop's index (a tracer), so the inner loop
#   lowers to a while_loop and jax.grad of the cost fails with the reverse-mode error.
# case: grad-dynamic-loop-nested-fori-bound
# kind: mistake
# rules: SCN210
# jax: raises Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop
# note: The PR fixed dq.wigner, whose inner Laguerre-style recurrence loop had a bound depending on the
#   outer loop variable, by making the inner bounds static; reshaped as a weighted sum of truncated
#   power series of the state amplitudes.
import jax
import jax.numpy as jnp

N_MAX = 8


def partial_power_sum(x, n):
    # sum_{k<n} x**k, computed with a loop whose length is the traced n
    return jax.lax.fori_loop(0, n, lambda k, acc: acc * x + 1.0, 0.0)


def quasi_distribution(psi):
    def outer(n, acc):
        return acc + psi[n] ** 2 * partial_power_sum(0.5 * psi[n], n)

    return jax.lax.fori_loop(0, N_MAX, outer, 0.0)


def cost(psi):
    return -quasi_distribution(psi / jnp.linalg.norm(psi))


def main():
    psi = jnp.linspace(1.0, 0.1, N_MAX)
    return jax.grad(cost)(psi)


if __name__ == "__main__":
    RESULT = main()
