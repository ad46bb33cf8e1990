# case: e302-list-of-decoded-states
# source: https://github.com/google-deepmind/PGMax/issues/8
# kind: mistake
# rules: SCN302
# jax: symptom as_list_size > 20 * as_array_size
# jax[jax>=0.12]: symptom len(jax.make_jaxpr(decode_as_list)(unaries, pairwise).out_avals)
#   == N_VARS and as_list_size > 5 * as_array_size
# note: max-product belief propagation on a chain run under jax.jit, ending with
#   `res = list(map_states)` on the traced decoded states, which slices the array into
#   one traced scalar per variable; the function built a PGMax factor graph first.
#   Until jax 0.12 each scalar is a `slice` and a `squeeze` (jax 0.10.2: the program 34
#   times the size); jax 0.12.0.1 makes them one `unstack`, so the program is still one
#   output per variable but only 7 times the size.

import jax
import jax.numpy as jnp

N_VARS, N_STATES = 400, 4


def run_max_product(unaries, pairwise, num_iters=10, damping=0.5):
    def bp_iter(msgs, _):
        fwd, bwd = msgs
        incoming = unaries + fwd + bwd
        new_fwd = jnp.max(incoming[:-1, :, None] + pairwise, axis=1)
        new_bwd = jnp.max(incoming[1:, None, :] + pairwise, axis=2)
        new_fwd = jnp.concatenate([jnp.zeros((1, N_STATES)), new_fwd])
        new_bwd = jnp.concatenate([new_bwd, jnp.zeros((1, N_STATES))])
        return (damping * fwd + (1 - damping) * new_fwd,
                damping * bwd + (1 - damping) * new_bwd), None

    zeros = jnp.zeros((N_VARS, N_STATES))
    (fwd, bwd), _ = jax.lax.scan(bp_iter, (zeros, zeros), None, length=num_iters)
    beliefs = unaries + fwd + bwd
    return jnp.argmax(beliefs, axis=-1)


@jax.jit
def decode_as_list(unaries, pairwise):
    map_states = run_max_product(unaries, pairwise)
    res = list(map_states)
    return res


@jax.jit
def decode_as_array(unaries, pairwise):
    return run_max_product(unaries, pairwise)


key = jax.random.PRNGKey(0)
unaries = jax.random.normal(key, (N_VARS, N_STATES))
pairwise = 0.5 * jnp.eye(N_STATES)
as_list_size = len(str(jax.make_jaxpr(decode_as_list)(unaries, pairwise)))
as_array_size = len(str(jax.make_jaxpr(decode_as_array)(unaries, pairwise)))
print(decode_as_array(unaries, pairwise)[:10], as_list_size, as_array_size)
