# expect: none
# source: https://github.com/jax-ml/jax/issues/650
# mistake: Looks like an integer mixed into a float loop carry that is then differentiated (an (i, x)
#   carry with a Python-int step counter under jax.grad), but the counter stays an integer, the float
#   slot stays float, and the carry types match on every iteration, so the gradient runs.
# case: carry-dtype-python-int-in-carry-ok
# kind: lookalike
# rules: SCN208
# jax: runs
# note: In the thread a user's lax.scan carry (i, x) with an integer trip counter ran into a type
#   mismatch when differentiating an optimiser loop (2019, float64 setup); the same carry shape, written
#   as a gradient-descent refinement loop, runs on jax 0.10.2.
import jax
import jax.numpy as jnp


def energy(x, k=10.0, b0=3.0):
    return k * (jnp.linalg.norm(x[1] - x[0]) - b0) ** 2


def minimize(x0, n_steps=30, lr=5e-3):
    grad_fn = jax.grad(energy)

    def apply_carry(carry, _):
        i, x = carry
        x = x - lr * grad_fn(x)
        return (i + 1, x), energy(x)

    (steps, x), energies = jax.lax.scan(apply_carry, (0, x0), None, length=n_steps)
    return steps, x, energies


def final_energy(x0):
    steps, x, energies = minimize(x0)
    return energies[-1]


def main():
    x0 = jnp.array([[1.0, 0.2, 3.3], [-0.5, -1.1, -0.9]])
    return jax.grad(final_energy)(x0)


if __name__ == "__main__":
    RESULT = main()
