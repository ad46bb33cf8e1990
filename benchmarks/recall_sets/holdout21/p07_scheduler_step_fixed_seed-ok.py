# expect: none
# source: https://github.com/huggingface/diffusers/pull/508
# mistake: The scheduler step takes a PRNG key from the caller; the denoising loop carries the key in its state and splits it every iteration, so each step draws fresh noise.
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import random


class DDIMSchedulerState(NamedTuple):
    alphas_cumprod: jnp.ndarray
    timesteps: jnp.ndarray


class FlaxDDIMLikeScheduler:
    def __init__(self, num_train_timesteps=50):
        betas = jnp.linspace(1e-4, 0.02, num_train_timesteps)
        self.alphas_cumprod = jnp.cumprod(1.0 - betas)

    def create_state(self, num_inference_steps):
        timesteps = jnp.arange(num_inference_steps)[::-1] * (50 // num_inference_steps)
        return DDIMSchedulerState(self.alphas_cumprod, timesteps)

    def step(self, state, model_output, timestep, sample, key, eta=1.0):
        alpha_prod_t = state.alphas_cumprod[timestep]
        alpha_prod_t_prev = jnp.where(timestep > 0, state.alphas_cumprod[timestep - 1], 1.0)
        beta_prod_t = 1 - alpha_prod_t
        pred_original_sample = (sample - beta_prod_t ** 0.5 * model_output) / alpha_prod_t ** 0.5
        variance = (1 - alpha_prod_t_prev) / (1 - alpha_prod_t) * (1 - alpha_prod_t / alpha_prod_t_prev)
        std_dev_t = eta * variance ** 0.5
        pred_sample_direction = (1 - alpha_prod_t_prev - std_dev_t ** 2) ** 0.5 * model_output
        prev_sample = alpha_prod_t_prev ** 0.5 * pred_original_sample + pred_sample_direction
        noise = random.normal(key, shape=model_output.shape)
        return prev_sample + std_dev_t * noise, noise


def fake_unet(latents, t):
    return 0.1 * latents


def sample_loop(scheduler, latents, prng_seed, num_inference_steps=10):
    state = scheduler.create_state(num_inference_steps)
    noises = jnp.zeros((num_inference_steps,) + latents.shape)

    def loop_body(step, args):
        latents, noises, key = args
        key, step_key = random.split(key)
        t = state.timesteps[step]
        noise_pred = fake_unet(latents, t)
        latents, noise = scheduler.step(state, noise_pred, t, latents, step_key)
        return latents, noises.at[step].set(noise), key

    latents, noises, _ = jax.lax.fori_loop(0, num_inference_steps, loop_body, (latents, noises, prng_seed))
    return latents, noises


def main():
    scheduler = FlaxDDIMLikeScheduler()
    latents = jnp.ones((4,))
    _, noises = jax.jit(lambda l, k: sample_loop(scheduler, l, k))(latents, random.PRNGKey(0))
    same = bool(jnp.all(noises == noises[0]))
    print(f"steps={noises.shape[0]} noise identical across steps={same} step0={noises[0][:2]} step5={noises[5][:2]}")


if __name__ == "__main__":
    main()
