# expect: none
# source: https://github.com/google-deepmind/optax/issues/197
# mistake: Looks like the same sweep passing an optax transformation as a static argument, but the
#   transformation is built once before the loop, so the same object (same hash) is passed every run
#   and the jitted fit compiles only once.
# case: recompile-optax-hoisted-ok
# kind: lookalike
# rules: SCN308
# jax: symptom RESULT >= 3
# pair: recompile-optax-rebuilt-static
# note: The thread explained the recompiles by the fresh closures of each adam(); constructing the
#   optimizer once outside the loop is the straightforward fix used here.
from functools import partial

import jax
import jax.monitoring as _mon
import jax.numpy as jnp
import optax

_COMPILES = [0]


def _on_event(name, secs, **kw):
    if name == "/jax/core/compile/backend_compile_duration":
        _COMPILES[0] += 1


_mon.register_event_duration_secs_listener(_on_event)


def quadratic_loss(params, target):
    return jnp.sum((params - target) ** 2)


@partial(jax.jit, static_argnums=0)
def fit(tx, params0, target):
    def one_step(carry, _):
        params, opt_state = carry
        grads = jax.grad(quadratic_loss)(params, target)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, opt_state), quadratic_loss(params, target)

    (params, _), losses = jax.lax.scan(one_step, (params0, tx.init(params0)), None, length=50)
    return params, losses


def run_sweep(seeds, tx):
    finals = []
    for seed in seeds:
        target = jax.random.normal(jax.random.key(seed), (4,))
        params, losses = fit(tx, jnp.zeros(4), target)
        finals.append(losses[-1])
    return finals


def main():
    tx = optax.adam(0.05)
    run_sweep([0], tx)  # warm-up
    before = _COMPILES[0]
    run_sweep([1, 2, 3, 4], tx)
    return _COMPILES[0] - before


if __name__ == "__main__":
    RESULT = main()
