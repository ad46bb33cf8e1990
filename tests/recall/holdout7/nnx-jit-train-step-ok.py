# expect: none
# source: https://www.tt.run/en/p/2452754
# mistake: Looks like a jitted NNX step that mutates the module and optimizer in place, but it is decorated with
#   nnx.jit, which propagates the state updates back out, so the loss decreases across the loop.
# case: nnx-jit-train-step-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT is True
# pair: nnx-jax-jit-train-step-drops-updates
# note: The post's fix: replace @jax.jit with @nnx.jit.
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(jax.nn.relu(self.l1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


def main():
    model = MLP(3, 16, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jnp.linspace(-1, 1, 24).reshape(8, 3)
    y = jnp.sum(x, axis=1, keepdims=True)
    losses = [float(train_step(model, optimizer, x, y)) for _ in range(5)]
    return len(set(losses)) == 1


if __name__ == "__main__":
    RESULT = main()
