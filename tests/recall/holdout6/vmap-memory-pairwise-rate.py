# expect: bug
# source: https://github.com/kokabsc/gwkokab/issues/451
# mistake: A per-sample rate function is jax.vmap'ed over every sample at once, so the batched program
#   materialises an [N, M, D] intermediate for all samples together; lax.map with batch_size would
#   bound it.
# case: vmap-memory-pairwise-rate
# kind: mistake
# rules: none
# jax: symptom RESULT > 10_000_000
# note: The issue (citing the Stack Overflow memory-debugging answer and jax#11319) switched logVT
#   evaluations from jax.vmap to jax.lax.map; the population model here is a toy kernel-density rate.
#   RESULT is the element count of the largest intermediate in the jaxpr (not executed, to stay fast).
import math

import jax
import jax.numpy as jnp


def largest_intermediate(jaxpr):
    best = 0
    for eqn in jaxpr.eqns:
        for v in eqn.outvars:
            best = max(best, math.prod(getattr(v.aval, "shape", ())))
        for p in eqn.params.values():
            for sub in p if isinstance(p, (list, tuple)) else [p]:
                inner = getattr(sub, "jaxpr", sub)
                if hasattr(inner, "eqns"):
                    best = max(best, largest_intermediate(inner))
    return best


def log_rate(sample, injections, weights):
    # sample: [D]; injections: [M, D]
    h = jnp.tanh((sample[None, :] - injections) @ weights)
    return jax.nn.logsumexp(h.sum(-1))


def population_log_rates(samples, injections, weights):
    return jax.vmap(log_rate, in_axes=(0, None, None))(samples, injections, weights)


def main():
    samples = jax.ShapeDtypeStruct((4096, 32), jnp.float32)
    injections = jax.ShapeDtypeStruct((2048, 32), jnp.float32)
    weights = jax.ShapeDtypeStruct((32, 32), jnp.float32)
    jaxpr = jax.make_jaxpr(population_log_rates)(samples, injections, weights)
    return largest_intermediate(jaxpr.jaxpr)


if __name__ == "__main__":
    RESULT = main()
