# expect: bug
# source: https://github.com/jax-ml/jax/issues/6905
# mistake: jax.jit(functools.partial(model.apply, params)) is rebuilt inside the evaluation loop, so each batch compiles a new program with the parameters baked in as constants.
# kind: 1 recompiles
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

_compile_count = []
jax.monitoring.register_event_duration_secs_listener(
    lambda e, d, **kw: _compile_count.append(d) if e == "/jax/core/compile/backend_compile_duration" else None
)


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(16)(x))
        return nn.Dense(4)(x)


def evaluate(model, params, batches):
    total = 0.0
    for xb in batches:
        predict = jax.jit(functools.partial(model.apply, params))
        total += float(predict(xb).sum())
    return total


def main():
    model = MLP()
    x = jnp.ones((16, 8))
    params = jax.jit(model.init)(jax.random.key(1), x)
    batches = [x * i for i in range(1, 5)]
    before = len(_compile_count)
    evaluate(model, params, batches)
    n = len(_compile_count) - before
    if n >= len(batches):
        print(f"SYMPTOM: {n} compiles for {len(batches)} same-shape eval batches")


if __name__ == "__main__":
    main()
