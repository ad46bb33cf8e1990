import jax.numpy as jnp


def fixed_point(f, x0, tol=1e-5, max_iter=100):
    x = x0
    for i in range(max_iter):
        x_new = f(x)
        err = float(jnp.max(jnp.abs(x_new - x)))
        x = x_new
        if err < tol:
            break
    return x, {"iters": i + 1, "converged": int(err < tol)}
