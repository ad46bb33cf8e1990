# expect: bug
# source: https://github.com/anh-tong/signax/pull/73
# mistake: A path signature is accumulated with lax.scan over thousands of tiny increments using the
#   default unroll=1, so the compiled while loop runs one trip per increment and per-iteration loop
#   overhead dominates a body of a few small ops.
# case: scan-unroll-signature-tiny-body
# kind: mistake
# rules: none
# jax: symptom RESULT > 1000
# note: The PR exposes scan's unroll parameter in signax's signature computation because non-default
#   values run faster; this is a depth-2 signature written from scratch. RESULT is the while loop's
#   known trip count in the compiled HLO (timing is avoided to keep the check deterministic).
import re

import jax
import jax.numpy as jnp


def signature_depth2(path):
    increments = jnp.diff(path, axis=0)
    dim = path.shape[1]

    def step(carry, dx):
        s1, s2 = carry
        s2 = s2 + jnp.outer(s1, dx) + 0.5 * jnp.outer(dx, dx)
        s1 = s1 + dx
        return (s1, s2), None

    (s1, s2), _ = jax.lax.scan(step, (jnp.zeros(dim), jnp.zeros((dim, dim))), increments)
    return s1, s2


def compiled_trip_count(fn, *args):
    text = jax.jit(fn).lower(*args).compile().as_text()
    counts = [int(n) for n in re.findall(r'known_trip_count":\{"n":"(\d+)"', text)]
    return max(counts) if counts else 0


def main():
    path = jnp.cumsum(jax.random.normal(jax.random.key(0), (4097, 3)) * 0.01, axis=0)
    return compiled_trip_count(signature_depth2, path)


if __name__ == "__main__":
    RESULT = main()
