# expect: bug
# source: https://github.com/ott-jax/ott/issues/3
# mistake: The jitted loss branches in Python on the Sinkhorn output's convergence flag and last error, which are traced arrays produced by the solver's loop, so jit raises a concretization error.
# kind: 2 traced values in Python control flow
import jax
import jax.numpy as jnp
from jax import lax
from typing import NamedTuple


class SinkhornOutput(NamedTuple):
    reg_ot_cost: jax.Array
    errors: jax.Array
    converged: jax.Array


def sinkhorn(x, y, epsilon=0.1, threshold=1e-3, n_iters=50):
    cost = jnp.sum((x[:, None] - y[None]) ** 2, axis=-1)
    kernel = jnp.exp(-cost / epsilon)
    a = jnp.ones(x.shape[0]) / x.shape[0]
    b = jnp.ones(y.shape[0]) / y.shape[0]

    def body(carry, _):
        u, v = carry
        u = a / (kernel @ v)
        v = b / (kernel.T @ u)
        err = jnp.sum(jnp.abs(u * (kernel @ v) - a))
        return (u, v), err

    (u, v), errors = lax.scan(body, (a, b), None, length=n_iters)
    plan = u[:, None] * kernel * v[None]
    return SinkhornOutput(jnp.sum(plan * cost), errors, errors[-1] < threshold)


@jax.jit
def ot_loss(x, y):
    out = sinkhorn(x, y)
    if out.errors[-1] < 1 and out.converged:
        return out.reg_ot_cost
    return jnp.nan


def main():
    kx, ky = jax.random.split(jax.random.key(0))
    print(ot_loss(jax.random.normal(kx, (16, 2)), jax.random.normal(ky, (20, 2))))


if __name__ == "__main__":
    main()
