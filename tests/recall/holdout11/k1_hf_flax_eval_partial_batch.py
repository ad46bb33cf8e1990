# expect: bug
# source: https://github.com/huggingface/transformers/pull/17863
# mistake: The Flax evaluation loop feeds the final, smaller batch straight into the jitted eval step, so every evaluation pass compiles the step a second time for the remainder batch shape.
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
    return jnp.sum(jnp.argmax(logits, -1) == batch["labels"])


def data_loader(rng, dataset, batch_size, shuffle=False):
    steps = int(np.ceil(len(dataset["inputs"]) / batch_size))
    idx = rng.permutation(len(dataset["inputs"])) if shuffle else np.arange(len(dataset["inputs"]))
    for i in range(steps):
        sl = idx[i * batch_size:(i + 1) * batch_size]
        yield {k: jnp.asarray(v[sl]) for k, v in dataset.items()}


def main():
    rng = np.random.default_rng(0)
    eval_ds = {"inputs": rng.normal(size=(1000, 16)).astype(np.float32),
               "labels": rng.integers(0, 4, size=1000)}
    params = model.init(jax.random.PRNGKey(0), jnp.zeros((1, 16)))["params"]
    eval_batch_size = 128
    for epoch in range(2):
        correct = 0
        for batch in data_loader(rng, eval_ds, eval_batch_size):
            correct += int(eval_step(params, batch))
        accuracy = correct / len(eval_ds["inputs"])
    if EVAL_TRACES[0] > 1:
        print(f"SYMPTOM: eval_step traced {EVAL_TRACES[0]} times (batch sizes 128 and "
              f"{1000 % eval_batch_size}); accuracy={accuracy:.3f}")


if __name__ == "__main__":
    main()
