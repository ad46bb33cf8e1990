# expect: bug
# source: https://github.com/jax-ml/jax/issues/2129
# mistake: the scaling-and-squaring matrix exponential runs fori_loop(0, n_squarings, ...) where n_squarings is computed from the (traced) matrix norm, so the loop has a dynamic trip count and jax.grad through the vmapped expm fails with the reverse-mode while_loop error.
import jax
import jax.numpy as jnp


def _pade3(A):
    b = (120.0, 60.0, 12.0, 1.0)
    ident = jnp.eye(A.shape[0], dtype=A.dtype)
    A2 = A @ A
    U = A @ (b[3] * A2 + b[1] * ident)
    V = b[2] * A2 + b[0] * ident
    return U, V


def expm(A):
    A_L1 = jnp.linalg.norm(A, 1)
    n_squarings = jnp.maximum(0, jnp.floor(jnp.log2(A_L1 / 0.015))).astype(jnp.int32)
    A = A / 2.0 ** n_squarings.astype(A.dtype)
    U, V = _pade3(A)
    R = jnp.linalg.solve(V - U, V + U)
    return jax.lax.fori_loop(0, n_squarings, lambda i, R: R @ R, R)


A = jnp.arange(2 * 3 * 3, dtype=jnp.float32).reshape(2, 3, 3) / 20.0


def f(x):
    return jnp.sum(jax.vmap(expm, 0)(A * x))


def main():
    print("value:", float(f(1.0)))
    try:
        for x in [0.5, 1.0]:
            print("grad:", float(jax.grad(f)(x)))
    except ValueError as e:
        print("ValueError:", str(e).splitlines()[0][:160])
