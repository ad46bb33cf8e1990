# expect: bug
# source: https://github.com/brentyi/egoallo/issues/17
# mistake: the iteration count travels inside the guidance-params pytree, so under jit it is a tracer and jnp.zeros((num_iters,)) for the per-iteration loss buffer fails with a non-concrete shape
# kind: 2 traced-control-flow
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class GuidanceParams(NamedTuple):
    step_size: float
    num_iters: int


def _loss(x, target):
    return jnp.sum((x - target) ** 2)


@jax.jit
def _optimize(x0, target, guidance_params: GuidanceParams):
    losses = jnp.zeros((guidance_params.num_iters,))

    def body(i, carry):
        x, losses = carry
        val, g = jax.value_and_grad(_loss)(x, target)
        return x - guidance_params.step_size * g, losses.at[i].set(val)

    return lax.fori_loop(0, guidance_params.num_iters, body, (x0, losses))


def main():
    x0 = jnp.zeros(3)
    target = jnp.array([1.0, 2.0, 3.0])
    # raises TypeError: Shapes must be 1D sequences of concrete values of integer type
    x, losses = _optimize(x0, target, GuidanceParams(step_size=0.1, num_iters=20))
    print(x, losses[-1])


if __name__ == "__main__":
    main()
