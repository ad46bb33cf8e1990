# expect: bug
# source: https://www.tt.run/en/p/2452754
# mistake: A Flax NNX training loop decorates the step with jax.jit instead of nnx.jit; the in-place optimizer.update
#   inside the step mutates traced copies of the module, so the parameter updates never reach the real model and the
#   loss stays constant across steps.
# case: nnx-jax-jit-train-step-drops-updates
# kind: mistake
# rules: none
# jax: symptom RESULT is True
# note: The blog post (a tiny-LLM build whose loss was stuck at 10.82) found the bug by hashing parameters between
#   steps; the reproduction is a small NNX MLP regression with optax and the same jax.jit decorator.
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


@jax.jit                                            # should be nnx.jit
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
    return len(set(losses)) == 1                     # loss never moves


if __name__ == "__main__":
    RESULT = main()
