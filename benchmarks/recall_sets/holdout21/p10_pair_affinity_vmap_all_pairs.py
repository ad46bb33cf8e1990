# expect: bug
# source: https://openillumi.com/en/en-jax-vmap-lax-map-performance-memory-tradeoff
# mistake: An all-pairs affinity is computed by vmapping a per-row function over every image at once, so the per-row sorted difference buffers for all rows are alive together (memory grows as N squared).
import jax
import jax.numpy as jnp


def calc_row_affinity(img, all_imgs, k):
    d = jnp.sum((all_imgs - img) ** 2, axis=-1)  # distance to every image
    d_sorted = jnp.sort(d)  # robust scale from the k-th neighbour
    sigma = d_sorted[k]
    return jnp.exp(-d / (sigma + 1e-6))


@jax.jit
def affinity_matrix(imgs):
    return jax.vmap(calc_row_affinity, in_axes=(0, None, None))(imgs, imgs, 7).sum(axis=1)


def main():
    imgs = jax.random.normal(jax.random.PRNGKey(0), (4096, 16))
    compiled = affinity_matrix.lower(imgs).compile()
    mib = compiled.memory_analysis().temp_size_in_bytes / 2**20
    print(f"images={imgs.shape[0]} vmap temp buffer={mib:.1f} MiB")


if __name__ == "__main__":
    main()
