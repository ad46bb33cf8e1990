# expect: none
# source: https://openillumi.com/en/en-jax-vmap-lax-map-performance-memory-tradeoff
# mistake: The rows are processed with jax.lax.map(..., batch_size=...), so only one batch of rows' distance buffers is alive at a time.
import jax
import jax.numpy as jnp


def calc_row_affinity(img, all_imgs, k):
    d = jnp.sum((all_imgs - img) ** 2, axis=-1)
    d_sorted = jnp.sort(d)
    sigma = d_sorted[k]
    return jnp.exp(-d / (sigma + 1e-6))


@jax.jit
def affinity_matrix(imgs):
    return jax.lax.map(lambda img: calc_row_affinity(img, imgs, 7).sum(), imgs, batch_size=128)


def main():
    imgs = jax.random.normal(jax.random.PRNGKey(0), (4096, 16))
    compiled = affinity_matrix.lower(imgs).compile()
    mib = compiled.memory_analysis().temp_size_in_bytes / 2**20
    print(f"images={imgs.shape[0]} lax.map(batch_size=128) temp buffer={mib:.1f} MiB")


if __name__ == "__main__":
    main()
