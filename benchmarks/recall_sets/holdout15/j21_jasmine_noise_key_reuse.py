# expect: bug
# source: https://github.com/p-doom/jasmine/pull/214
# mistake: The dynamics model draws the per-sample noise levels and the Gaussian noise tensor from the same `_rng_noise` key, so the two "independent" random draws share their underlying random bits and are strongly correlated.
import jax
import jax.numpy as jnp


class DynamicsMaskGIT:
    def __init__(self, max_noise_level=0.7, mask_limit=0.5):
        self.max_noise_level = max_noise_level
        self.mask_limit = mask_limit

    def __call__(self, params, vid_embed_BTNM, rng, training=True):
        B, T, N, M = vid_embed_BTNM.shape
        rng, _rng_mask = jax.random.split(rng)
        mask = jax.random.bernoulli(_rng_mask, self.mask_limit, (B, T, N))
        # --- Sample noise ---
        rng, _rng_noise = jax.random.split(rng)
        noise_level_B = jax.random.uniform(_rng_noise, shape=(B,), minval=0.0,
                                           maxval=self.max_noise_level)
        noise_BTNM = jax.random.normal(_rng_noise, shape=(B, T, N, M))
        noisy = vid_embed_BTNM + noise_level_B[:, None, None, None] * noise_BTNM
        x = jnp.where(mask[..., None], params["mask_token"], noisy)
        return x @ params["w"], (noise_level_B, noise_BTNM)


def main():
    B, T, N, M = 256, 2, 8, 16
    model = DynamicsMaskGIT()
    params = {"mask_token": jnp.zeros(M), "w": jnp.eye(M)}
    step = jax.jit(lambda p, v, r: model(p, v, r))
    rng = jax.random.key(0)
    corrs = []
    for it in range(3):  # training steps
        rng, _rng = jax.random.split(rng)
        vids = jnp.zeros((B, T, N, M))
        _, (levels, noise) = step(params, vids, _rng)
        corrs.append(float(jnp.corrcoef(levels, noise.reshape(-1)[:B])[0, 1]))
    print("corr(noise_level_B, first B noise entries) per step:", [round(c, 3) for c in corrs])
    assert min(corrs) > 0.9
