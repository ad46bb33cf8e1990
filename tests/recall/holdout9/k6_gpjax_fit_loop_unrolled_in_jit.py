# expect: bug
# source: https://github.com/thomaspinder/GPJax/issues/46
# mistake: the whole training loop is written as a Python for loop over optimiser steps inside a jitted fit function, so every step is unrolled into the compiled program.
# kind: 6 unrolled-loop
import jax
import jax.numpy as jnp
import optax


def neg_log_marginal(params, x, y):
    ls, var, noise = jnp.exp(params["log_ls"]), jnp.exp(params["log_var"]), jnp.exp(params["log_noise"])
    d = (x[:, None] - x[None, :]) / ls
    K = var * jnp.exp(-0.5 * d ** 2) + (noise + 1e-6) * jnp.eye(x.shape[0])
    L = jnp.linalg.cholesky(K)
    alpha = jax.scipy.linalg.cho_solve((L, True), y)
    return 0.5 * y @ alpha + jnp.sum(jnp.log(jnp.diag(L)))


optimiser = optax.adam(0.05)


@jax.jit
def fit(params, x, y, num_iters=60):
    opt_state = optimiser.init(params)
    for i in range(num_iters):
        loss, grads = jax.value_and_grad(neg_log_marginal)(params, x, y)
        updates, opt_state = optimiser.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
    return params, loss


def main():
    x = jnp.linspace(0.0, 3.0, 12)
    y = jnp.sin(2 * x)
    params = {"log_ls": jnp.asarray(0.0), "log_var": jnp.asarray(0.0), "log_noise": jnp.asarray(-2.0)}
    outer = jax.make_jaxpr(fit)(params, x, y).jaxpr
    inner = outer.eqns[0].params["jaxpr"].jaxpr
    print(f"SYMPTOM: jitted fit traces to {len(inner.eqns)} equations for 60 optimiser steps (each step unrolled)")


if __name__ == "__main__":
    main()
