# expect: bug
# source: https://github.com/jkitchin/pounce/issues/75
# mistake: pounce.jax.solve re-creates and re-jits the objective/constraint callbacks (and re-probes sparsity) on every call, so a sequential parameter sweep pays a full trace+compile per solve (~45 ms) instead of building the problem once.
import jax
import jax.numpy as jnp
import numpy as np

TRACES = {"objective": 0}


def _probe_sparsity(jac_fn, n):
    # dense probe with a random point, as the issue describes
    J = np.asarray(jac_fn(jnp.linspace(0.1, 0.9, n)))
    return np.nonzero(np.abs(J) > 0)


def solve(f, g, p, x0, *, iters=60, lr=0.02, rho=5.0):
    """Minimize f(x, p) s.t. g(x, p) == 0 with a host-side penalty loop (external-solver style)."""

    def objective(x):
        TRACES["objective"] += 1
        return f(x, p) + rho * jnp.sum(g(x, p) ** 2)

    obj = jax.jit(objective)                   # rebuilt per solve
    grad = jax.jit(jax.grad(objective))        # rebuilt per solve
    jac = jax.jit(jax.jacfwd(lambda x: g(x, p)))
    _probe_sparsity(jac, x0.shape[0])
    x = x0
    for _ in range(iters):                     # the native solver calls back into JAX
        x = x - lr * grad(x)
    return x, float(obj(x))


def f(x, p):
    return jnp.sum((x - p) ** 2)


def g(x, p):
    return jnp.array([jnp.sum(x) - 1.0])


def main():
    n = 6
    trajectory = [jnp.full(n, 0.1 * k) for k in range(10)]
    x_prev = jnp.zeros(n)
    for p_k in trajectory:  # sequential, warm-started solves
        x_prev, val = solve(f, g, p_k, x_prev)
    print("last objective:", round(val, 5), "sum(x):", float(jnp.sum(x_prev)))
    print("traces of objective for 10 solves of identical shape:", TRACES["objective"])
    assert TRACES["objective"] >= 10
