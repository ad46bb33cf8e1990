import numpy as np
import jax.numpy as jnp


def make_batches(x, bs, seed):
    perm = np.random.default_rng(seed).permutation(x.shape[0])
    return [jnp.asarray(x[perm[i:i + bs]]) for i in range(0, x.shape[0], bs)]
