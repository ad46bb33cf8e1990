# expect: none
# source: https://github.com/jax-ml/jax/issues/4418
# mistake: Looks like per-cluster selection with jnp.where inside the jitted k-means loop, but it uses
#   the three-argument (select) form and a weighted mean, so every shape is static.
# case: traced-control-flow-where-three-arg-ok
# kind: lookalike
# rules: SCN212
# jax: runs
# pair: traced-control-flow-nonzero-cluster-index
# note: The maintainer's suggestion in the thread (three-argument jnp.where) applied to the same
#   k-means update.
import jax
import jax.numpy as jnp

K = 3


def assign(points, centroids):
    d = jnp.sum((points[:, None, :] - centroids[None, :, :]) ** 2, axis=-1)
    return jnp.argmin(d, axis=1)


def update_centroids(points, labels, centroids):
    new = []
    for j in range(K):
        w = jnp.where(labels == j, 1.0, 0.0)
        total = jnp.sum(w)
        mean = jnp.sum(points * w[:, None], axis=0) / jnp.maximum(total, 1.0)
        new.append(jnp.where(total > 0, mean, centroids[j]))
    return jnp.stack(new)


@jax.jit
def kmeans(points, centroids):
    def body(_, c):
        return update_centroids(points, assign(points, c), c)

    return jax.lax.fori_loop(0, 5, body, centroids)


def main():
    pts = jax.random.normal(jax.random.key(0), (60, 2))
    return kmeans(pts, pts[:K])


if __name__ == "__main__":
    RESULT = main()
