# expect: none
# source: https://github.com/secretflow/spu/issues/148
# mistake: the convergence test moves into the cond_fun of lax.while_loop (iteration count and centroid shift carried in the state), so the jitted k-means loop stops early on traced data without Python control flow.
import numpy as np
import jax
import jax.numpy as jnp
from jax import random


@jax.jit
def fit(X: np.ndarray) -> np.ndarray:
    n_clusters = 3
    tol = 1e-4
    max_iter = 10
    indice = random.choice(random.PRNGKey(0), X.shape[0], shape=(n_clusters,), replace=False)
    centroids = jnp.take(X, indice, axis=0)

    def update(centroids):
        dists = jnp.sum((X[:, None, :] - centroids[None, :, :]) ** 2, axis=-1)
        labels = jnp.argmin(dists, axis=1)
        return jnp.array(
            [jnp.sum(X * (labels == j)[:, jnp.newaxis], axis=0) / jnp.maximum(jnp.sum(labels == j), 1)
             for j in range(n_clusters)])

    def cond_fun(state):
        i, centroids, shift = state
        return jnp.logical_and(i < max_iter, shift >= tol)

    def body_fun(state):
        i, old_centroids, _ = state
        centroids = update(old_centroids)
        shift = jnp.max(jnp.abs(centroids - old_centroids))
        return i + 1, centroids, shift

    _, centroids, _ = jax.lax.while_loop(cond_fun, body_fun, (0, centroids, jnp.array(jnp.inf, X.dtype)))
    return centroids


def main():
    rng = np.random.default_rng(0)
    X = np.concatenate([rng.normal(c, 0.1, size=(20, 2)) for c in (0.0, 3.0, 6.0)]).astype(np.float32)
    centroids = fit(X)
    print("centroids:", np.round(np.sort(np.asarray(centroids)[:, 0]), 2))
