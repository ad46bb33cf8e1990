# expect: none
# source: https://pytroubles.com/en/ampposts/id403-jax-lax-scan-parameterization-closure-lambda-def-vs-carry-performance-parity-and-clarity
# mistake: Looks like a scan body that closes over parameters (a lambda/def inside the jitted function) instead of
#   threading them through the carry, but closures over traced values are captured as scan constants and compile to
#   the same program, traced once.
# case: scan-closure-captured-params-ok
# kind: lookalike
# rules: none
# jax: symptom TRACES[0] > 1
# note: The question compared a lambda closure, a nested def and carrying parameters in lax.scan and found identical
#   performance; this runs the closure form repeatedly through one jitted rollout.
import jax
import jax.numpy as jnp
from jax import lax

TRACES = [0]
STEPS = 100


def evolve(s, a, dtau, damp):
    v = jnp.array([jnp.cos(s[2]) * a[0], jnp.sin(s[2]) * a[0], a[1]])
    return s + v * dtau - damp * v


@jax.jit
def rollout(s0, actions, dtau, damp):
    TRACES[0] += 1

    def step_fn(carry, _):
        s, t = carry
        s_next = evolve(s, actions[:, t], dtau, damp)      # actions/dtau/damp captured by closure
        return (s_next, t + 1), s_next

    _, traj = lax.scan(step_fn, (s0, 0), None, length=STEPS)
    return traj


def main():
    s0 = jnp.array([2.0, 3.0, 4.0])
    key = jax.random.key(0)
    for i in range(3):
        actions = jax.random.uniform(jax.random.fold_in(key, i), (2, STEPS))
        traj = rollout(s0, actions, 0.01, 1e-6)
    return float(traj[-1, 0])


if __name__ == "__main__":
    RESULT = main()
