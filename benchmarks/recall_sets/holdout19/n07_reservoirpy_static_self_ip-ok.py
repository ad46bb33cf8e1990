# expect: none
# source: https://github.com/reservoirpy/reservoirpy/issues/235
# mistake: the jitted step is a pure function that receives the trainable gain a and bias b as array arguments, so each call in the fit and run loops sees the current a/b values.
import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def _ip_step(W, Win, a, b, state, x):
    pre = W @ state + Win @ x
    return jnp.tanh(a * pre + b), pre


class IPReservoir:
    def __init__(self, units=5, input_dim=3, mu=0.0, sigma=1.0, learning_rate=5e-3, seed=0):
        rng = np.random.default_rng(seed)
        self.W = jnp.asarray(rng.normal(0, 0.3, size=(units, units)))
        self.Win = jnp.asarray(rng.choice([-1.0, 1.0], size=(units, input_dim)))
        self.a = jnp.ones(units)
        self.b = jnp.zeros(units)
        self.mu, self.sigma, self.learning_rate = mu, sigma, learning_rate
        self.state = jnp.zeros(units)

    def _step(self, state, x):
        return _ip_step(self.W, self.Win, self.a, self.b, state, x)

    def _ip_update(self, post, pre):
        mu, sigma, eta = self.mu, self.sigma, self.learning_rate
        delta_b = -eta * (-(mu / sigma**2) + (post / sigma**2) * (2 * sigma**2 + 1 - post**2 + mu * post))
        self.b = self.b + delta_b
        self.a = self.a + eta / self.a + delta_b * pre

    def partial_fit(self, X):
        for x in X:
            self.state, pre = self._step(self.state, x)
            self._ip_update(self.state, pre)
        return self

    def run(self, X):
        state = jnp.zeros_like(self.state)
        out = []
        for x in X:
            state, _ = self._step(state, x)
            out.append(state)
        return jnp.stack(out)


def main():
    x = np.random.default_rng(0).normal(size=(10, 3))
    node = IPReservoir()
    before = node.run(x)
    node.partial_fit(np.tile(x, (20, 1)))
    after = node.run(x)
    print("a moved from 1.0 by:", float(jnp.abs(node.a - 1.0).max()))
    print("states changed after intrinsic-plasticity training:", not bool(jnp.allclose(before, after)))
