"""Streaming metric accumulators for the evaluation loop."""
import collections
import jax.numpy as jnp


class MetricBank:
    def __init__(self, dim, names=()):
        self.dim = dim
        self.sums = collections.defaultdict(lambda: jnp.zeros(dim), {n: jnp.zeros(dim) for n in names})
        self.counts = collections.Counter({n: 0 for n in names})

    def add(self, name, value):
        self.sums[name] = self.sums[name] + value
        self.counts[name] += 1
        return self.sums[name]

    def mean(self, name):
        return self.sums[name] / max(self.counts[name], 1)

    def summary(self):
        return {n: self.mean(n) for n in sorted(self.sums)}


def batch_errors(preds, labels):
    err = (jnp.argmax(preds, axis=-1) != labels).astype(jnp.float32)
    return jnp.stack([jnp.mean(err), jnp.sum(err)])
