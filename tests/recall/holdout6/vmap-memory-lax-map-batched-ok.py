# expect: none
# source: https://github.com/kokabsc/gwkokab/issues/451
# mistake: Looks like the same per-sample mapping over all samples, but it uses jax.lax.map with
#   batch_size, which vmaps only one chunk at a time inside a scan, so the largest intermediate is
#   [batch, M, D] rather than [N, M, D].
# case: vmap-memory-lax-map-batched-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT > 10_000_000
# pair: vmap-memory-pairwise-rate
# note: The fix (jax.lax.map instead of jax.vmap, via PR #452) plus the batch_size argument
#   suggested in jax#11319. RESULT is the largest intermediate's element count in the jaxpr.
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
    h = jnp.tanh((sample[None, :] - injections) @ weights)
    return jax.nn.logsumexp(h.sum(-1))


def population_log_rates(samples, injections, weights):
    return jax.lax.map(lambda s: log_rate(s, injections, weights), samples, batch_size=64)


def main():
    samples = jax.ShapeDtypeStruct((4096, 32), jnp.float32)
    injections = jax.ShapeDtypeStruct((2048, 32), jnp.float32)
    weights = jax.ShapeDtypeStruct((32, 32), jnp.float32)
    jaxpr = jax.make_jaxpr(population_log_rates)(samples, injections, weights)
    return largest_intermediate(jaxpr.jaxpr)


if __name__ == "__main__":
    RESULT = main()
