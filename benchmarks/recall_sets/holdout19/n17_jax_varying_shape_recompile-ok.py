# expect: none
# source: https://github.com/jax-ml/jax/issues/15412
# mistake: every Lmat is zero-padded to a fixed maximum number of rows (padding rows contribute an identity block that does not couple to the real rows), so the jitted solve sees one shape and compiles once for the whole loop.
import jax
import jax.numpy as jnp

TRACES = {"n": 0}
MAX_OBS = 16


@jax.jit
def posterior_mean(Lmat, Cs, dvec):
    TRACES["n"] += 1
    A = Lmat @ Cs @ Lmat.T + jnp.eye(Lmat.shape[0])
    return jnp.linalg.solve(A, Lmat @ dvec)


def main():
    key = jax.random.PRNGKey(170)
    n_params = 16
    dvec = jax.random.uniform(key, (n_params,))
    shape_array = [9, 12, 7, 11, 10, 8]
    for n_obs in shape_array:
        k1, k2, key = jax.random.split(key, 3)
        Lmat = jax.random.uniform(k1, (n_obs, n_params))
        Lmat_padded = jnp.zeros((MAX_OBS, n_params)).at[:n_obs].set(Lmat)
        Cs = jnp.eye(n_params) * jax.random.uniform(k2, ())
        out = posterior_mean(Lmat_padded, Cs, dvec)[:n_obs]
        out.block_until_ready()
    print("loop iterations:", len(shape_array), "traces/compiles:", TRACES["n"])
