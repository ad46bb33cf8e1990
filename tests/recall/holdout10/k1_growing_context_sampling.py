# expect: bug
# source: https://github.com/jax-ml/jax/issues/837
# mistake: an autoregressive sampler feeds a context that grows by one token per step into a jitted Flax apply, so every step has a new input shape and recompiles.
# kind: 1 recompiles
import numpy as onp
import jax
import jax.numpy as jnp
import flax.linen as nn

_compiles = []
jax.monitoring.register_event_duration_secs_listener(
    lambda e, d, **kw: _compiles.append(e) if e == "/jax/core/compile/backend_compile_duration" else None
)

VOCAB = 11


class TinyLM(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, tokens):
        bag = jax.nn.one_hot(tokens, VOCAB).mean(axis=0)
        return nn.Dense(VOCAB)(jnp.tanh(nn.Dense(self.width)(bag)))


def sample(model, params, prompt, new_tokens):
    logits_fn = jax.jit(model.apply)
    context = onp.asarray(prompt)
    for _ in range(new_tokens):
        logits = logits_fn(params, context)
        nxt = int(onp.argmax(logits))
        context = onp.append(context, nxt)  # length grows every step
    return context


def main():
    model = TinyLM()
    prompt = jnp.array([1, 2, 3])
    params = jax.jit(model.init)(jax.random.key(0), prompt)
    before = len(_compiles)
    steps = 3
    sample(model, params, prompt, steps)
    n = len(_compiles) - before
    if n >= steps:
        print(f"SYMPTOM: {n} compiles while sampling {steps} tokens (one per context length)")


if __name__ == "__main__":
    main()
