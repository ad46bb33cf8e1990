# expect: bug
# source: https://github.com/google-deepmind/dm-haiku/issues/196
# mistake: the evolutionary search creates one Updater per population member inside the generation loop and each Updater jax.jit-wraps its own init/update, so the same update function is traced and compiled POPULATION_SIZE times (compilation dominates the run).
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


class Updater:
    """A stateless abstraction around an init_fn/update_fn pair (transformer example style)."""

    def __init__(self, lr):
        self._lr = lr
        self.init = jax.jit(self._init)
        self.update = jax.jit(self._update)

    def _init(self, rng):
        return {"w": jax.random.normal(rng, (3,)) * 0.1, "b": jnp.zeros(())}

    def _update(self, params, x, y):
        grads = jax.grad(loss_fn)(params, x, y)
        return jax.tree_util.tree_map(lambda p, g: p - self._lr * g, params, grads)


def main():
    jax.monitoring.register_event_duration_secs_listener(_count)
    x = jnp.ones((8, 3)); y = jnp.ones(8)
    rng = jax.random.PRNGKey(0)
    population = []
    for member in range(POPULATION_SIZE):
        rng, sub = jax.random.split(rng)
        updater = Updater(lr=0.01 * (member + 1))
        params = updater.init(sub)
        params = updater.update(params, x, y)
        population.append(params)
    print("traces of _update:", _TRACES["_update"], "for", POPULATION_SIZE, "members")
