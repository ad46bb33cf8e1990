# expect: bug
# source: https://github.com/Joshuaalbert/jaxns/issues/85
# mistake: with 64-bit mode on, the slice-sampling proposal while_loop carries the user's float32 point_U0 but the body builds the new point from a float64 random direction, so the carry changes dtype and while_loop raises a type-mismatch TypeError
# kind: 5 carry-dtype
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax, random


class UniDimProposalState(NamedTuple):
    key: jax.Array
    proposal_count: jax.Array
    point_U: jax.Array
    log_L: jax.Array


def log_likelihood(U):
    return -jnp.sum((U - 0.5) ** 2)


def uni_dim_proposal(key, point_U0, log_L_constraint, max_proposals=10):
    def cond(state):
        return (state.proposal_count < max_proposals) & (state.log_L <= log_L_constraint)

    def body(state):
        key, key_dir, key_t = random.split(state.key, 3)
        direction = random.normal(key_dir, point_U0.shape)
        direction = direction / jnp.linalg.norm(direction)
        t = random.uniform(key_t, (), minval=-0.1, maxval=0.1)
        point_U = jnp.clip(point_U0 + t * direction, 0.0, 1.0)
        return UniDimProposalState(key, state.proposal_count + 1, point_U, log_likelihood(point_U))

    init = UniDimProposalState(key, jnp.asarray(0), point_U0, log_likelihood(point_U0))
    return lax.while_loop(cond, body, init)


def main():
    with jax.enable_x64(True):
        point_U0 = jnp.array([0.3], dtype=jnp.float32)
        # raises TypeError: while_loop body function carry input and carry output must have equal types
        out = uni_dim_proposal(random.PRNGKey(0), point_U0, -0.01)
        print(out.point_U)


if __name__ == "__main__":
    main()
