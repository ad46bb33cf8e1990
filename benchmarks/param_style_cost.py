"""What the carry style costs against the closure style, per jitted call, on the reference
article's example (scan) and a fori_loop version of it, measured with `scanlint verify --bench`.

    python benchmarks/param_style_cost.py

Prints outputs' equality and the carry/closure time ratio per call (median of 5 x 200 calls).
"""

from __future__ import annotations

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scanlint.verify.cli import Subject, verify_subjects  # noqa: E402
from scanlint.verify.runs import RunOptions  # noqa: E402

COMMON = '''
import jax
import jax.numpy as jnp

STEPS = 100

def evolve(s, a, dtau, damp):
    v = jnp.array([jnp.cos(s[2]) * a[0], jnp.sin(s[2]) * a[0], a[1]])
    return s + v * dtau - damp * v

s0 = jnp.array([2.0, 3.0, 4.0])
a = jax.random.uniform(jax.random.PRNGKey(0), shape=(2, STEPS))
dtau = 0.01
damp = 1e-6
'''

CLOSURE = COMMON + '''
def rollout(s0, a, dtau, damp):
    def step(carry, _):
        s, t = carry
        s_next = evolve(s, a[:, t], dtau, damp)
        return (s_next, t + 1), s_next
    return jax.lax.scan(step, (s0, 0), None, length=STEPS)

def rollout_fori(s0, a, dtau, damp):
    def body(t, s):
        return evolve(s, a[:, t], dtau, damp)
    return jax.lax.fori_loop(0, STEPS, body, s0)
'''

CARRY = COMMON + '''
def step_all(buf, _):
    s, t, a, dtau, damp = buf
    s_next = evolve(s, a[:, t], dtau, damp)
    return (s_next, t + 1, a, dtau, damp), s_next

def rollout(s0, a, dtau, damp):
    return jax.lax.scan(step_all, (s0, 0, a, dtau, damp), None, length=STEPS)

def body_all(t, buf):
    s, a, dtau, damp = buf
    return (evolve(s, a[:, t], dtau, damp), a, dtau, damp)

def rollout_fori(s0, a, dtau, damp):
    return jax.lax.fori_loop(0, STEPS, body_all, (s0, a, dtau, damp))[0]
'''


def main() -> int:
    folder = tempfile.mkdtemp(prefix="scanlint-cost-")
    path = os.path.join(folder, "article.py")
    calls = ["rollout(s0, a, dtau, damp)", "rollout_fori(s0, a, dtau, damp)"]
    # "before" is the closure style, "after" the carry style: the ratio is carry / closure.
    with open(path, "w", encoding="utf-8") as out:
        out.write(CARRY)
    [report] = verify_subjects([Subject(path, CLOSURE, CARRY)], calls, None,
                               RunOptions(bench=True, bench_calls=500)).values()
    if report.error:
        print(report.error)
        return 1
    notes = {"differs": " (expected: the carry style also returns the threaded values)"}
    for call in report.verdicts:
        if call.speed_ratio is None:
            continue
        print(f"{call.label}: outputs {call.status}{notes.get(call.status, '')}; "
              f"carry/closure per call {call.speed_ratio:.2f}x, "
              f"trace+compile {call.compile_ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
