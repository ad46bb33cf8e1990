import jax.numpy as jnp


class Conv1D:
    def __init__(self, kernel):
        self.kernel = jnp.asarray(kernel)

    def _apply(self, x):
        return jnp.convolve(x, self.kernel, mode="same")

    def __call__(self, x):
        return self._apply(x)
