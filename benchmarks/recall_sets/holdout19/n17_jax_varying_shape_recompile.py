# expect: bug
# source: https://github.com/jax-ml/jax/issues/15412
# mistake: the jitted solve is called in a loop with Lmat/Cs whose leading dimension changes every iteration, so each new shape triggers a fresh trace and XLA compile instead of padding to a fixed size and masking.
import jax
import jax.numpy as jnp

TRACES = {"n": 0}


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
        Cs = jnp.eye(n_params) * jax.random.uniform(k2, ())
        posterior_mean(Lmat, Cs, dvec).block_until_ready()
    print("loop iterations:", len(shape_array), "traces/compiles:", TRACES["n"])
