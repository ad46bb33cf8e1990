# expect: bug
# source: https://github.com/energnn/energnn/pull/75
# mistake: The trainer defines and nnx.jit-wraps its forward/backward/update function inside
#   training_step, so every step creates a new function and NNX/JAX retrace and recompile it.
# case: recompile-nnx-jit-in-train-step
# kind: mistake
# rules: SCN306
# jax: symptom RESULT >= 3
# note: The PR moved the jitted forward+VJP and optimizer-update functions from inside
#   training_step/eval_step into Trainer.__init__; reproduced with a tiny nnx.Linear regressor.
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


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def training_step(self, x, y):
        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        @nnx.jit
        def _step(model, optimizer):
            loss, grads = nnx.value_and_grad(loss_fn)(model)
            optimizer.update(model, grads)
            return loss

        return _step(self.model, self.optimizer)


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
