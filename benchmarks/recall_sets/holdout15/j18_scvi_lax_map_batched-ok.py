# expect: none
# source: https://github.com/scverse/scvi-tools/issues/3145
# mistake: Resembles j18 (mapping MrVI's counterfactual decoder over thousands of samples inside jit), but it uses jax.lax.map with batch_size, so only one batch of samples is materialised at a time and compiled temporary memory stays flat as the number of samples grows.
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
    h = jax.nn.gelu(u @ params["w_in"] + params["sample_emb"][sample_index])
    return u + h @ params["w_out"]


@jax.jit
def get_local_sample_norms(params, u):
    """Mean counterfactual shift per sample, computed in sample batches of 32."""
    n_samples = params["sample_emb"].shape[0]

    def per_sample(s):
        z = qz_counterfactual(params, u, s)
        return jnp.mean(jnp.linalg.norm(z - u, axis=-1))

    return jax.lax.map(per_sample, jnp.arange(n_samples), batch_size=32)


def temp_mib(n_samples, n_cells=128):
    params = init_params(jax.random.key(0), n_samples=n_samples)
    compiled = get_local_sample_norms.lower(params, jnp.ones((n_cells, 16))).compile()
    return compiled.memory_analysis().temp_size_in_bytes / 2**20


def main():
    for n_samples in (128, 512, 1024):
        print(f"n_samples={n_samples:5d}: compiled temp buffers = {temp_mib(n_samples):6.2f} MiB")
    params = init_params(jax.random.key(0), n_samples=256)
    print("first norms:", get_local_sample_norms(params, jnp.ones((128, 16)))[:3])
    assert temp_mib(1024) < 1.5 * temp_mib(128)
