# expect: bug
# source: https://github.com/p-doom/jasmine/pull/239
# mistake: mask_and_encode derives its masking keys from jax.random.key(0) inside the model instead of the rng passed in, so every training step (and every batch) masks exactly the same patches.
import jax
import jax.numpy as jnp


def patchify(videos, size):
    B, T, H, W, C = videos.shape
    x = videos.reshape(B, T, H // size, size, W // size, size, C)
    return x.transpose(0, 1, 2, 4, 3, 5, 6).reshape(B, T, (H // size) * (W // size), size * size * C)


class Tokenizer:
    def __init__(self, patch_size=4, max_mask_ratio=0.9):
        self.patch_size = patch_size
        self.max_mask_ratio = max_mask_ratio

    def mask_and_encode(self, params, videos, rng, training=True):
        patch_BTNP = patchify(videos, self.patch_size)
        B, T, N, _ = patch_BTNP.shape
        mask = jnp.zeros((B, T, N), bool)
        if training:
            _rng_prob, _rng_mask = jax.random.split(jax.random.key(0), 2)  # ignores `rng`
            mask_prob = jax.random.uniform(_rng_prob, minval=0.5, maxval=self.max_mask_ratio)
            mask = jax.random.bernoulli(_rng_mask, mask_prob, (B, T, N))
        z = jnp.where(mask[..., None], 0.0, patch_BTNP) @ params["w"]
        return z, mask


def make_train_step(model):
    @jax.jit
    def train_step(params, batch):
        def loss_fn(p):
            z, mask = model.mask_and_encode(p, batch["videos"], batch["rng"])
            return jnp.mean(z**2), mask
        (loss, mask), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, params, grads)
        return params, loss, mask
    return train_step


def main():
    model = Tokenizer()
    params = {"w": jnp.ones((48, 8)) * 0.01}
    train_step = make_train_step(model)
    rng = jax.random.key(42)
    masks = []
    for step in range(4):
        rng, _rng = jax.random.split(rng)
        videos = jax.random.uniform(jax.random.fold_in(rng, 1), (2, 3, 16, 16, 3))
        params, loss, mask = train_step(params, {"videos": videos, "rng": _rng})
        masks.append(mask)
    same = [bool(jnp.array_equal(masks[0], m)) for m in masks[1:]]
    print("fraction masked:", float(masks[0].mean()))
    print("mask identical to step 0 at steps 1..3:", same)
    assert all(same)
