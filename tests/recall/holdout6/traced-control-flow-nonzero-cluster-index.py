# expect: bug
# source: https://github.com/jax-ml/jax/issues/4418
# mistake: Inside a jitted k-means loop the points of each cluster are selected with single-argument
#   jnp.where(labels == j), whose output size depends on the data, which jit cannot trace.
# case: traced-control-flow-nonzero-cluster-index
# kind: mistake
# rules: SCN212
# jax: raises size argument of jnp.nonzero must be statically specified
# note: The thread used the one-argument jnp.where to build index arrays for a mask update and was told
#   to use the three-argument form; reshaped as centroid updates inside a lax.fori_loop of k-means.
import jax
import jax.numpy as jnp

K = 3


def assign(points, centroids):
    d = jnp.sum((points[:, None, :] - centroids[None, :, :]) ** 2, axis=-1)
    return jnp.argmin(d, axis=1)


def update_centroids(points, labels, centroids):
    new = []
    for j in range(K):
        idx = jnp.where(labels == j)
        new.append(points[idx].mean(axis=0))
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
