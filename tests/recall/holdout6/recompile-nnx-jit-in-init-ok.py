# expect: none
# source: https://github.com/energnn/energnn/pull/75
# mistake: Looks like the trainer that jits inside its step, but the nnx.jit-wrapped update is built
#   once in Trainer.__init__ from a module-level function and reused, so it is traced once.
# case: recompile-nnx-jit-in-init-ok
# kind: lookalike
# rules: SCN306
# jax: symptom RESULT >= 3
# pair: recompile-nnx-jit-in-train-step
# note: This is the PR's fix (cache the jitted functions in __init__), with the data passed as
#   explicit arguments instead of closed over.
import jax
import jax.monitoring as _mon
import jax.numpy as jnp
import optax
from flax import nnx

_COMPILES = [0]


def _on_event(name, secs, **kw):
    if name == "/jax/core/compile/backend_compile_duration":
        _COMPILES[0] += 1


_mon.register_event_duration_secs_listener(_on_event)


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(8, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(jax.nn.relu(self.hidden(x)))


def _train_step(model, optimizer, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)
        self._jitted_step = nnx.jit(_train_step)

    def training_step(self, x, y):
        return self._jitted_step(self.model, self.optimizer, x, y)


def main():
    trainer = Trainer(Regressor(nnx.Rngs(0)))
    x = jnp.ones((32, 8))
    y = jnp.zeros((32, 1))
    trainer.training_step(x, y)  # warm-up
    before = _COMPILES[0]
    for _ in range(4):
        trainer.training_step(x, y)
    return _COMPILES[0] - before


if __name__ == "__main__":
    RESULT = main()
