# expect: none
# source: https://github.com/google-deepmind/dm-haiku/issues/196
# mistake: following the maintainer's advice there is a single top-level init function and a single jitted update function that takes the member's params and learning rate as arguments, so the population loop compiles update once.
import collections

import jax
import jax.numpy as jnp
import jax.monitoring

POPULATION_SIZE = 6
_TRACES = collections.Counter()


def _count(event, duration, **kw):
    if event == "/jax/core/compile/jaxpr_trace_duration":
        _TRACES[kw.get("fun_name")] += 1


def loss_fn(params, x, y):
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


@jax.jit
def init_member(rng):
    return {"w": jax.random.normal(rng, (3,)) * 0.1, "b": jnp.zeros(())}


@jax.jit
def update_member(params, lr, x, y):
    grads = jax.grad(loss_fn)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def main():
    jax.monitoring.register_event_duration_secs_listener(_count)
    x = jnp.ones((8, 3)); y = jnp.ones(8)
    rng = jax.random.PRNGKey(0)
    population = []
    for member in range(POPULATION_SIZE):
        rng, sub = jax.random.split(rng)
        params = init_member(sub)
        params = update_member(params, jnp.float32(0.01 * (member + 1)), x, y)
        population.append(params)
    print("traces of update_member:", _TRACES["update_member"], "for", POPULATION_SIZE, "members")
