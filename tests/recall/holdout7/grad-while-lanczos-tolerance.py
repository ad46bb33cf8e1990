# expect: bug
# source: https://github.com/wilson-labs/cola/issues/120
# mistake: A Lanczos eigen-solver runs its iterations in lax.while_loop until the residual norm drops below a tolerance;
#   taking jax.grad of a function of the eigenvalues needs reverse-mode through that while_loop, which JAX cannot do.
# case: grad-while-lanczos-tolerance
# kind: mistake
# rules: none
# jax: raises Reverse-mode differentiation does not work for lax.while_loop
# note: The thread differentiates cola.linalg.eig(..., alg=Lanczos()) of a PSD matrix; the reproduction inlines a small
#   Lanczos with the data-dependent stopping rule that makes the library use a while_loop.
import jax
import jax.numpy as jnp
from jax import lax


def lanczos_tridiag(A, v0, max_iters, tol=1e-6):
    n = A.shape[0]
    V = jnp.zeros((max_iters + 1, n)).at[0].set(v0 / jnp.linalg.norm(v0))
    alphas = jnp.zeros(max_iters)
    betas = jnp.zeros(max_iters)

    def cond(state):
        j, _, _, _, beta = state
        return (j < max_iters) & (beta > tol)

    def body(state):
        j, V, alphas, betas, _ = state
        w = A @ V[j]
        alpha = w @ V[j]
        w = w - alpha * V[j] - jnp.where(j > 0, betas[j - 1], 0.0) * V[jnp.maximum(j - 1, 0)]
        w = w - V.T @ (V @ w)                     # full re-orthogonalisation
        beta = jnp.linalg.norm(w)
        V = V.at[j + 1].set(w / jnp.where(beta > 0, beta, 1.0))
        return j + 1, V, alphas.at[j].set(alpha), betas.at[j].set(beta), beta

    j, V, alphas, betas, _ = lax.while_loop(cond, body, (0, V, alphas, betas, jnp.inf))
    T = jnp.diag(alphas) + jnp.diag(betas[:-1], 1) + jnp.diag(betas[:-1], -1)
    return T


def trace_via_lanczos(A):
    T = lanczos_tridiag(A, jnp.ones(A.shape[0]), max_iters=A.shape[0])
    return jnp.linalg.eigvalsh(T).sum()


def main():
    key = jax.random.key(42)
    A = jax.random.normal(key, (5, 5))
    A = A @ A.T
    trace_via_lanczos(A)                          # forward runs
    return jax.grad(trace_via_lanczos)(A)


if __name__ == "__main__":
    RESULT = main()
