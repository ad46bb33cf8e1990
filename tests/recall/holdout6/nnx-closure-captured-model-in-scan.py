# expect: bug
# source: https://github.com/google/flax/issues/4722
# mistake: The body given to nnx.scan closes over the NNX model (and its running-statistics Variable)
#   instead of receiving it as an explicit argument, then mutates it; NNX refuses to mutate a Variable
#   captured from an outer trace.
# case: nnx-closure-captured-model-in-scan
# kind: mistake
# rules: none
# jax: raises from a different trace level
# note: In the thread a maintainer notes that passing the model as a capture to an nnx.scan-ed function
#   is not a good idea because any mutation raises; reproduced with a model whose running mean is
#   updated per scanned batch.
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
    def body(total, batch):
        out = model(batch)
        return total + out.sum(), out.mean()

    return nnx.scan(body)(jnp.float32(0.0), batches)


def main():
    model = RunningNorm(4)
    batches = jnp.ones((6, 8, 4))
    return stream_batches(model, batches)


if __name__ == "__main__":
    RESULT = main()
