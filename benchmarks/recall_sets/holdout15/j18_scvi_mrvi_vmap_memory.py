# expect: bug
# source: https://github.com/scverse/scvi-tools/issues/3145
# mistake: MrVI's local sample-distance computation jax.vmap's the counterfactual decoder over all samples at once, materialising (cells x samples x hidden) intermediates whose size grows with the number of samples (OOM with 1000s of samples) where a batched lax.map would bound it.
import jax
import jax.numpy as jnp


def init_params(key, n_latent=16, n_hidden=128, n_samples=1000):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "sample_emb": jax.random.normal(k1, (n_samples, n_hidden)),
        "w_in": jax.random.normal(k2, (n_latent, n_hidden)) / 4.0,
        "w_out": jax.random.normal(k3, (n_hidden, n_latent)) / 11.0,
    }


def qz_counterfactual(params, u, sample_index):
    """z_n for cell embedding u (cells, n_latent) had it come from `sample_index`."""
    h = jax.nn.gelu(u @ params["w_in"] + params["sample_emb"][sample_index])
    return u + h @ params["w_out"]


@jax.jit
def get_local_sample_distances(params, u):
    n_samples = params["sample_emb"].shape[0]
    sample_ids = jnp.arange(n_samples)
    # all counterfactual samples at once -> (samples, cells, n_latent)
    z = jax.vmap(lambda s: qz_counterfactual(params, u, s))(sample_ids)
    z = jnp.swapaxes(z, 0, 1)  # (cells, samples, n_latent)
    return jnp.sqrt(jnp.sum((z[:, :, None] - z[:, None, :]) ** 2, -1) + 1e-8).mean(0)


def temp_mib(n_samples, n_cells=128):
    params = init_params(jax.random.key(0), n_samples=n_samples)
    u = jnp.ones((n_cells, 16))
    compiled = get_local_sample_distances.lower(params, u).compile()
    return compiled.memory_analysis().temp_size_in_bytes / 2**20


def main():
    for n_samples in (100, 500, 1000):
        print(f"n_samples={n_samples:5d}: compiled temp buffers = {temp_mib(n_samples):8.1f} MiB")
    assert temp_mib(1000) > 5.0 * temp_mib(100)
