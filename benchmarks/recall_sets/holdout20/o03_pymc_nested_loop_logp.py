# expect: bug
# source: https://github.com/pymc-devs/pymc/issues/7044
# mistake: the model's log-density builds one scalar random variable per (var, output) pair with nested Python `for` loops, so the jitted log-density and its gradient unroll n_vars * n_out separate scalar computations.
import time

import jax
import jax.numpy as jnp
import jax.scipy.stats as st


class HierarchicalModel:
    """Each coefficient is its own scalar variable, created in nested loops."""

    def __init__(self, n_vars, n_out):
        self.n_vars = n_vars
        self.n_out = n_out

    def unpack(self, flat):
        coefs = {}
        k = 0
        for i in range(self.n_vars):
            for j in range(self.n_out):
                coefs[(i, j)] = flat[k]
                k += 1
        return coefs

    def logp(self, flat, X, Y):
        coefs = self.unpack(flat)
        total = 0.0
        for i in range(self.n_vars):
            for j in range(self.n_out):
                total = total + st.norm.logpdf(coefs[(i, j)], 0.0, 1.0)
        for j in range(self.n_out):
            mu = 0.0
            for i in range(self.n_vars):
                mu = mu + X[:, i] * coefs[(i, j)]
            total = total + jnp.sum(st.norm.logpdf(Y[:, j], mu, 1.0))
        return total


def main():
    X = jnp.ones((50, 10))
    for n_out in (1, 2, 4):
        model = HierarchicalModel(n_vars=10, n_out=n_out)
        Y = jnp.zeros((50, n_out))
        flat = jnp.zeros(10 * n_out)
        grad_logp = jax.jit(jax.value_and_grad(model.logp))
        eqns = len(jax.make_jaxpr(jax.value_and_grad(model.logp))(flat, X, Y).eqns)
        t0 = time.perf_counter()
        jax.block_until_ready(grad_logp(flat, X, Y))
        print(f"n_vars*n_out={10 * n_out}: jaxpr eqns={eqns} compile+run={time.perf_counter() - t0:.2f}s")


if __name__ == "__main__":
    main()
