# case: e102-action-set-table-ok
# source: https://github.com/k4ntz/JAXAtari/issues/322
# kind: lookalike
# rules: SCN102
# jax: symptom bool(jnp.any(moves[:, 0] == -1))
# note: an Atari-style environment maps action-set indices to ALE action codes through a
#   table `jnp.array([-1, *ACTION_CODES.values()], dtype=int)` captured by the step used in
#   lax.scan; the table is a constant built from constants. The env stored it as
#   self.ACTION_SET = jnp.array(self.action_set, dtype=jnp.int32).

import jax
import jax.numpy as jnp

ACTION_CODES = {"UP": 2, "RIGHT": 3, "LEFT": 4, "DOWN": 5}
DELTAS = {2: (0, -1), 3: (1, 0), 4: (-1, 0), 5: (0, 1)}


def make_step():
    action_set = jnp.array([-1, *ACTION_CODES.values()], dtype=int)
    codes = jnp.array(list(DELTAS), dtype=int)
    deltas = jnp.array(list(DELTAS.values()), dtype=jnp.int32)

    def step(pos, action_index):
        atari_action = jnp.take(action_set, action_index)
        match = atari_action == codes
        delta = jnp.sum(jnp.where(match[:, None], deltas, 0), axis=0)
        new_pos = jnp.clip(pos + delta, 0, 9)
        return new_pos, jnp.stack([atari_action, new_pos[0]])

    return step


step = make_step()
final, moves = jax.jit(lambda a: jax.lax.scan(step, jnp.array([5, 5]), a))(
    jnp.array([1, 2, 2, 3, 4, 1], dtype=jnp.int32))
print(final, moves)
