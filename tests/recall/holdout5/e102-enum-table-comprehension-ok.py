# case: e102-enum-table-comprehension-ok
# source: https://github.com/jax-ml/jax/issues/805
# kind: lookalike
# rules: SCN102
# jax: symptom int(counts.sum()) != 40
# note: a lookup table of step types built with jnp.array([... for i in range(n)]) from an
#   IntEnum's members and used inside a fori_loop body; it is an integer constant built
#   from constants. The issue only reported that jnp.array did not accept Enum members yet.

import enum

import jax
import jax.numpy as jnp


class StepType(enum.IntEnum):
    FIRST = 0
    MID = 1
    LAST = 2


def count_step_types(step_types):
    table = jnp.array([int(StepType(i)) for i in range(len(StepType))])

    def body(i, counts):
        onehot = step_types[i] == table
        return counts + onehot.astype(jnp.int32)

    return jax.lax.fori_loop(0, step_types.shape[0], body, jnp.zeros(len(StepType), jnp.int32))


step_types = jnp.array([StepType.FIRST] + [StepType.MID] * 38 + [StepType.LAST])
counts = jax.jit(count_step_types)(step_types)
print(counts)
