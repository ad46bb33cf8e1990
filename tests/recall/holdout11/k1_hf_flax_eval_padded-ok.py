# expect: none
# source: https://github.com/huggingface/transformers/pull/17863
# mistake: (fixed) the remainder batch is padded up to the eval batch size and masked out of the metric, so eval_step keeps one input shape and the whole eval set is still counted.
# kind: 1 recompiles
import numpy as np

import flax.linen as nn
import jax
import jax.numpy as jnp

EVAL_TRACES = [0]


class Classifier(nn.Module):
    num_labels: int = 4

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(32)(x))
        return nn.Dense(self.num_labels)(x)


model = Classifier()


@jax.jit
def eval_step(params, batch):
    EVAL_TRACES[0] += 1
    logits = model.apply({"params": params}, batch["inputs"])
    hits = (jnp.argmax(logits, -1) == batch["labels"]) * batch["mask"]
    return jnp.sum(hits)


def pad_to_batch(batch, batch_size):
    n = len(batch["labels"])
    pad = batch_size - n
    out = {k: np.concatenate([v, np.zeros((pad,) + v.shape[1:], v.dtype)]) for k, v in batch.items()}
    out["mask"] = np.concatenate([np.ones(n, np.float32), np.zeros(pad, np.float32)])
    return {k: jnp.asarray(v) for k, v in out.items()}


def data_loader(dataset, batch_size):
    n = len(dataset["inputs"])
    for i in range(int(np.ceil(n / batch_size))):
        sl = slice(i * batch_size, (i + 1) * batch_size)
        yield pad_to_batch({k: v[sl] for k, v in dataset.items()}, batch_size)


def main():
    rng = np.random.default_rng(0)
    eval_ds = {"inputs": rng.normal(size=(1000, 16)).astype(np.float32),
               "labels": rng.integers(0, 4, size=1000)}
    params = model.init(jax.random.PRNGKey(0), jnp.zeros((1, 16)))["params"]
    for epoch in range(2):
        correct = 0.0
        for batch in data_loader(eval_ds, 128):
            correct += float(eval_step(params, batch))
    print(f"eval traces: {EVAL_TRACES[0]}, accuracy={correct / 1000:.3f}")


if __name__ == "__main__":
    main()
