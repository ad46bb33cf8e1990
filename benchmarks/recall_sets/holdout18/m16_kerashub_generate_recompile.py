# expect: bug
# source: https://github.com/keras-team/keras-hub/issues/779
# mistake: GPT2CausalLM.generate() builds a new sampler object and a freshly jit-compiled sample() each call, passing the Python next-token function as an argument, so every generate() in the benchmark loop recompiles instead of reusing the compiled sampler.
import collections

import jax
import jax.numpy as jnp
import jax.monitoring

_TRACES = collections.Counter()


def _count(event, duration, **kw):
    if event == "/jax/core/compile/jaxpr_trace_duration":
        _TRACES[kw.get("fun_name")] += 1


class GreedySampler:
    def __call__(self, next_fn, prompt, max_length):
        def sample(prompt):
            def body(i, tokens):
                logits = next_fn(tokens, i)
                return tokens.at[i + 1].set(jnp.argmax(logits).astype(tokens.dtype))
            return jax.lax.fori_loop(0, max_length - 1, body, prompt)
        sample = jax.jit(sample)          # recompiled on every call
        return sample(prompt)


class GPT2CausalLM:
    def __init__(self, vocab=32):
        self.w = jax.random.normal(jax.random.PRNGKey(0), (vocab, vocab))

    def generate(self, prompt, sampler="greedy", max_length=8):
        sampler = GreedySampler()        # regenerated each call

        def next_fn(tokens, i):
            return self.w[tokens[i]]

        tokens = jnp.zeros((max_length,), jnp.int32).at[0].set(prompt)
        return sampler(next_fn, tokens, max_length)


def main():
    jax.monitoring.register_event_duration_secs_listener(_count)
    gpt2_lm = GPT2CausalLM()
    gpt2_lm.generate(3)  # first call: compile
    for i in range(5):
        gpt2_lm.generate(3)
    print("generate() calls: 6, sample traces:", _TRACES["sample"])
