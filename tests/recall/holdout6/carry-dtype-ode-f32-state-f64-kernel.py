# expect: bug
# source: https://github.com/google/neural-tangents/issues/112
# mistake: Under jax_enable_x64 the gradient-flow integrator's state starts as the network's float32
#   outputs, but the kernel matrix is float64, so each Euler step returns float64 and the fori_loop
#   carry changes dtype.
# case: carry-dtype-ode-f32-state-f64-kernel
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: The traceback runs from nt.predict.gradient_descent into odeint's loop; the thread text
#   visible to me did not show the user's dtypes, so the float32-outputs/float64-kernel mix is an
#   assumption. The ODE solver is replaced by a fixed-step fori_loop.
import numpy as np

import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp  # noqa: E402


def make_kernel(x):
    # NTK-like RBF kernel computed with NumPy (float64)
    d2 = ((x[:, None, :] - x[None, :, :]) ** 2).sum(-1)
    return np.exp(-0.5 * d2)


def gradient_descent_mse(k_train_train, y_train, learning_rate=0.5):
    def predict_fn(n_steps, fx_train_0):
        def euler(_, fx):
            return fx - learning_rate * k_train_train @ (fx - y_train)

        return jax.lax.fori_loop(0, n_steps, euler, fx_train_0)

    return predict_fn


def main():
    rng = np.random.default_rng(0)
    x_train = rng.normal(size=(10, 3))
    y_train = np.sin(x_train[:, :1])
    fx_train_0 = jnp.zeros((10, 1), dtype=jnp.float32)  # network outputs at init
    predict = gradient_descent_mse(make_kernel(x_train), y_train, 0.05)
    return predict(100, fx_train_0)


if __name__ == "__main__":
    RESULT = main()
