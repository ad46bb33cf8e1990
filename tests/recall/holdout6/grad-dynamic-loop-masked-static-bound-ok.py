# expect: none
# source: https://github.com/dynamiqs/dynamiqs/pull/917
# mistake: Looks like the same nested loop whose inner length depends on the outer index, but the
#   inner fori_loop runs to a static bound and masks iterations k >= n with jnp.where, so both loops
#   lower to scan and reverse-mode differentiation works.
# case: grad-dynamic-loop-masked-static-bound-ok
# kind: lookalike
# rules: SCN210
# jax: runs
# pair: grad-dynamic-loop-nested-fori-bound
# note: This is the PR's approach (static inner bounds, accepting the extra iterations).
import jax
import jax.numpy as jnp

N_MAX = 8


def partial_power_sum(x, n):
    def body(k, acc):
        return jnp.where(k < n, acc * x + 1.0, acc)

    return jax.lax.fori_loop(0, N_MAX, body, 0.0)


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
