# expect: none
# source: https://github.com/anh-tong/signax/pull/73
# mistake: Looks like the same long scan with a tiny body, but unroll=16 is passed, so the compiled
#   loop makes one sixteenth as many trips, each covering sixteen increments.
# case: scan-unroll-signature-unrolled-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT > 1000
# pair: scan-unroll-signature-tiny-body
# note: What the PR enables (a non-default unroll for the signature scan). RESULT is the while loop's
#   known trip count in the compiled HLO.
import re

import jax
import jax.numpy as jnp


def signature_depth2(path, unroll=16):
    increments = jnp.diff(path, axis=0)
    dim = path.shape[1]

    def step(carry, dx):
        s1, s2 = carry
        s2 = s2 + jnp.outer(s1, dx) + 0.5 * jnp.outer(dx, dx)
        s1 = s1 + dx
        return (s1, s2), None

    (s1, s2), _ = jax.lax.scan(step, (jnp.zeros(dim), jnp.zeros((dim, dim))), increments,
                               unroll=unroll)
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
