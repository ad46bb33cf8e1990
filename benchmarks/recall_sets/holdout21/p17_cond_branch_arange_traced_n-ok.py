# expect: none
# source: https://github.com/LouisDesdoigts/dLux/issues/260
# mistake: The pixel count stays a Python int (static layer configuration) and coordinates are built with linspace between computed end points, so the cond branch has static shapes.
import jax
import jax.numpy as np


def pixel_fn(n, offset, scale):
    start = -(n - 1) / 2.0 * scale - offset
    end = (n - 1) / 2.0 * scale - offset
    return np.linspace(start, end, n)


def nd_coords(npixels, pixel_scales, offsets):
    return np.array(np.meshgrid(*[pixel_fn(n, o, s) for n, o, s in zip(npixels, offsets, pixel_scales)]))


class ApplyJitter:
    def __init__(self, npixels, pixel_scale, enabled):
        self.npixels = npixels
        self.pixel_scale = pixel_scale
        self.enabled = enabled

    def __call__(self, image, shift):
        def jitter(image):
            coords = nd_coords((self.npixels, self.npixels), (self.pixel_scale,) * 2, (shift, shift))
            return image * np.exp(-np.sum(coords**2, axis=0))

        return jax.lax.cond(self.enabled, jitter, lambda im: im, image)


def main():
    image = np.ones((16, 16))
    try:
        layer = ApplyJitter(16, 0.1, np.array(True))
        out = jax.jit(lambda im: layer(im, 0.01))(image)
        print("sum", float(out.sum()))
    except jax.errors.ConcretizationTypeError as e:
        print(f"ConcretizationTypeError: {str(e).splitlines()[0][:100]}")


if __name__ == "__main__":
    main()
