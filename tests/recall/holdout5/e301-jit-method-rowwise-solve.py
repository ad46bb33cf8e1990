# case: e301-jit-method-rowwise-solve
# source: https://github.com/acfr/RobustNeuralNetworks/issues/30
# kind: mistake
# rules: SCN301
# jax: symptom trace_chars(64) > 20 * trace_chars(2)
# note: the equilibrium layer of a recurrent equilibrium network solved row by row with
#   `for k in range(self.D11.shape[0])` in a method jitted as jax.jit(ren.solve_w); the
#   project's layer also carried the state-space matrices and a Lambda scaling per row.

import jax
import jax.numpy as jnp
import numpy as np


class REN:
    def __init__(self, nq, nx, nu, seed=0):
        rng = np.random.default_rng(seed)
        self.C1 = jnp.asarray(rng.normal(size=(nq, nx)), jnp.float32)
        self.D12 = jnp.asarray(rng.normal(size=(nq, nu)), jnp.float32)
        self.D11 = jnp.tril(jnp.asarray(rng.normal(size=(nq, nq)), jnp.float32), k=-1)
        self.lam = jnp.ones(nq)
        self.bv = jnp.zeros(nq)

    def solve_w(self, x, u):
        w = jnp.zeros((x.shape[0], self.D11.shape[0]))
        for k in range(self.D11.shape[0]):
            v_k = (x @ self.C1[k] + w @ self.D11[k] + u @ self.D12[k] + self.bv[k]) / self.lam[k]
            w = w.at[:, k].set(jax.nn.relu(v_k))
        return w


def trace_chars(nq):
    ren = REN(nq, nx=4, nu=2)
    x, u = jnp.ones((8, 4)), jnp.ones((8, 2))
    return len(str(jax.make_jaxpr(jax.jit(ren.solve_w))(x, u)))


ren = REN(6, nx=4, nu=2)
solve = jax.jit(ren.solve_w)
print(solve(jnp.ones((8, 4)), jnp.ones((8, 2))).shape)
print(trace_chars(64), trace_chars(2))
