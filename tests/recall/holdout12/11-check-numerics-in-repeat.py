# expect: bug
# source: https://github.com/apple/axlearn/issues/815
# mistake: A numerics check `assert bool(jnp.isfinite(x).all())` is called from a layer that is run under `lax.scan`, so it tries to turn a tracer into a Python bool.
# kind: 2 traced control flow
import jax
import jax.numpy as jnp

_enable_numeric_checks = True


def check_numerics(x, msg_fmt="", **msg_kwargs):
    if _enable_numeric_checks:
        assert bool(jnp.isfinite(x).all()), f"Check numerics {msg_fmt.format(**msg_kwargs)}: {x}"


class RepeatedLayer:
    def __init__(self, num_layers, dim, key):
        self.weights = jax.random.normal(key, (num_layers, dim, dim)) / jnp.sqrt(dim)

    def _layer(self, x, w):
        y = jnp.tanh(x @ w)
        check_numerics(y, "layer output {name}", name="ffn")
        return y, None

    def __call__(self, x):
        out, _ = jax.lax.scan(self._layer, x, self.weights)
        return out


def main():
    layer = RepeatedLayer(4, 8, jax.random.PRNGKey(0))
    print(layer(jnp.ones((2, 8))))


if __name__ == "__main__":
    main()
