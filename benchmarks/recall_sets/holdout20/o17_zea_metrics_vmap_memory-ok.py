# expect: none
# source: https://github.com/tue-bmd/zea/pull/227
# mistake: none; as in the PR, `Metrics.__call__` takes a `mapped_batch_size` and evaluates frames with `jax.lax.map(..., batch_size=...)`, so only one chunk of frames is live at a time.
import jax
import jax.numpy as jnp


def gaussian_window(size=11, sigma=1.5):
    x = jnp.arange(size) - size // 2
    g = jnp.exp(-(x ** 2) / (2 * sigma ** 2))
    return g / g.sum()


def ssim_2d(y_true, y_pred, data_range=1.0):
    """Separable-Gaussian SSIM on one 2D frame."""
    w = gaussian_window()
    H, W = y_true.shape
    # banded filter matrices, applied as matmuls
    Kh = jax.vmap(lambda i: jnp.zeros(H).at[jnp.clip(i + jnp.arange(11) - 5, 0, H - 1)].add(w))(jnp.arange(H))
    Kw = jax.vmap(lambda i: jnp.zeros(W).at[jnp.clip(i + jnp.arange(11) - 5, 0, W - 1)].add(w))(jnp.arange(W))
    blur = lambda img: Kh @ img @ Kw.T
    mu_x, mu_y = blur(y_true), blur(y_pred)
    sxx = blur(y_true * y_true) - mu_x ** 2
    syy = blur(y_pred * y_pred) - mu_y ** 2
    sxy = blur(y_true * y_pred) - mu_x * mu_y
    c1, c2 = (0.01 * data_range) ** 2, (0.03 * data_range) ** 2
    s = ((2 * mu_x * mu_y + c1) * (2 * sxy + c2)) / ((mu_x ** 2 + mu_y ** 2 + c1) * (sxx + syy + c2))
    return s.mean()


class Metrics:
    def __init__(self, metrics=("ssim",)):
        self.fns = {"ssim": ssim_2d}
        self.metrics = metrics

    def __call__(self, y_true, y_pred, mapped_batch_size=8):
        # y: [frames, depth, H, W]: flatten the leading axes and map in chunks
        batch_shape = y_true.shape[:-2]
        yt = y_true.reshape((-1,) + y_true.shape[-2:])
        yp = y_pred.reshape((-1,) + y_pred.shape[-2:])
        results = {}
        for name in self.metrics:
            fn = self.fns[name]
            vals = jax.lax.map(lambda args: fn(*args), (yt, yp), batch_size=mapped_batch_size)
            results[name] = vals.reshape(batch_shape)
        return results


def main():
    metrics = Metrics()
    shape = (6, 32, 128, 96)  # sequence of 3D volumes
    y = jax.ShapeDtypeStruct(shape, jnp.float32)
    compiled = jax.jit(metrics.__call__).lower(y, y).compile()
    print(f"input {shape}: peak temp memory = {compiled.memory_analysis().temp_size_in_bytes / 2**20:.1f} MiB")
    out = jax.jit(metrics.__call__)(jnp.ones(shape), jnp.ones(shape))
    print("ssim shape:", out["ssim"].shape)


if __name__ == "__main__":
    main()
