# expect: none
# source: https://github.com/huggingface/diffusers/issues/927
# mistake: guidance_scale is turned into a replicated array and passed as a mapped (traced) argument, so only shape-defining arguments stay static and sweeping guidance_scale in the generation loop reuses one compiled denoising loop.
from functools import partial

import jax
import jax.numpy as jnp

TRACE_COUNT = {"n": 0}


def unet_apply(params, latents, t, text_embeddings):
    return jnp.tanh(latents @ params["w"] + t * 1e-3 + text_embeddings.mean())


class FlaxStableDiffusionPipeline:
    def __init__(self, latent_dim=8):
        self.latent_dim = latent_dim

    def _generate(self, prompt_ids, params, prng_seed, num_inference_steps, height, width, guidance_scale):
        TRACE_COUNT["n"] += 1
        batch_size = prompt_ids.shape[0]
        text_embeddings = prompt_ids.astype(jnp.float32) / 100.0
        uncond_embeddings = jnp.zeros_like(text_embeddings)
        latents = jax.random.normal(prng_seed, (batch_size, height // 8 * width // 8 // 8, self.latent_dim))

        def loop_body(step, latents):
            noise_uncond = unet_apply(params, latents, step, uncond_embeddings)
            noise_text = unet_apply(params, latents, step, text_embeddings)
            noise_pred = noise_uncond + guidance_scale * (noise_text - noise_uncond)
            return latents - 0.1 * noise_pred

        latents = jax.lax.fori_loop(0, num_inference_steps, loop_body, latents)
        return latents

    def __call__(self, prompt_ids, params, prng_seed, num_inference_steps=4, height=64, width=64,
                 guidance_scale=7.5):
        n_dev = prompt_ids.shape[0]
        guidance_scale = jnp.full((n_dev,), guidance_scale, dtype=jnp.float32)
        return _p_generate(self, prompt_ids, params, prng_seed, num_inference_steps, height, width,
                           guidance_scale)


@partial(jax.pmap, in_axes=(None, 0, 0, 0, None, None, None, 0), static_broadcasted_argnums=(0, 4, 5, 6))
def _p_generate(pipe, prompt_ids, params, prng_seed, num_inference_steps, height, width, guidance_scale):
    return pipe._generate(prompt_ids, params, prng_seed, num_inference_steps, height, width, guidance_scale)


def main():
    n_dev = jax.local_device_count()
    pipe = FlaxStableDiffusionPipeline()
    params = {"w": jnp.eye(8)[None].repeat(n_dev, 0) * 0.5}
    prompt_ids = jnp.arange(n_dev * 2 * 8).reshape(n_dev, 2, 8)
    rng = jax.random.split(jax.random.PRNGKey(0), n_dev)
    for guidance_scale in [7.5, 8.0, 9.0, 10.5]:
        images = pipe(prompt_ids, params, rng, guidance_scale=guidance_scale)
    print("generation calls: 4, traces/compiles of _generate:", TRACE_COUNT["n"])
