# expect: none
# source: https://github.com/google/flax/issues/4722
# mistake: Looks like the same nnx.scan over batches that mutates the model's running statistics, but
#   the model is passed through the scan as part of the carry, so NNX lifts its state into the loop and
#   the mutation is legal and propagated back.
# case: nnx-closure-model-as-carry-ok
# kind: lookalike
# rules: none
# jax: runs
# pair: nnx-closure-captured-model-in-scan
# note: The maintainer's advice in the thread was to pass the model as an explicit input to the
#   nnx.scan-ed function rather than capture it; here it rides in the carry.
import jax
import jax.numpy as jnp
from flax import nnx


class RunningNorm(nnx.Module):
    def __init__(self, dim, momentum=0.9):
        self.mean = nnx.BatchStat(jnp.zeros(dim))
        self.momentum = momentum

    def __call__(self, x):
        m = self.momentum
        self.mean[...] = m * self.mean[...] + (1 - m) * x.mean(0)
        return x - self.mean[...]


def stream_batches(model, batches):
    def body(carry, batch):
        model, total = carry
        out = model(batch)
        return (model, total + out.sum()), out.mean()

    (model, total), means = nnx.scan(body)((model, jnp.float32(0.0)), batches)
    return total, means


def main():
    model = RunningNorm(4)
    batches = jnp.ones((6, 8, 4))
    total, means = stream_batches(model, batches)
    assert float(model.mean[...][0]) > 0.0  # running mean was updated through the scan
    return total, means


if __name__ == "__main__":
    RESULT = main()
