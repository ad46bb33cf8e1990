# expect: bug
# source: https://github.com/secretflow/spu/issues/148
# mistake: the jitted k-means fit runs a Python for loop and breaks on `if jnp.all(...max centroid shift < tol)`, a traced value, so tracing fails with a TracerBoolConversionError (and without the break the loop would be unrolled max_iter times).
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

    for i in range(max_iter):
        old_centroids = centroids.copy()
        dists = jnp.sum((X[:, None, :] - centroids[None, :, :]) ** 2, axis=-1)
        labels = jnp.argmin(dists, axis=1)
        centroids = jnp.array(
            [jnp.sum(X * (labels == j)[:, jnp.newaxis], axis=0) / jnp.maximum(jnp.sum(labels == j), 1)
             for j in range(n_clusters)])

        # This is the line that causes the error
        if jnp.all(jnp.less(jnp.max(jnp.abs(centroids - old_centroids)), tol)):
            break

    return centroids


def main():
    rng = np.random.default_rng(0)
    X = np.concatenate([rng.normal(c, 0.1, size=(20, 2)) for c in (0.0, 3.0, 6.0)]).astype(np.float32)
    try:
        centroids = fit(X)
        print("centroids:", centroids)
    except jax.errors.TracerBoolConversionError as e:
        print("fit failed:", type(e).__name__, str(e).splitlines()[0])
