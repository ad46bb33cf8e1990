# expect: bug
# source: https://github.com/jax-ml/jax/issues/15338
# mistake: jax.jit is applied to a bound method of a pytree object inside the sampling loop, so each iteration wraps a fresh bound method and compiles again.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class

_compile_log = []


def _on_duration(event, duration, **kwargs):
    if event == "/jax/core/compile/backend_compile_duration":
        _compile_log.append(duration)


jax.monitoring.register_event_duration_secs_listener(_on_duration)


@register_pytree_node_class
class NoiseSource:
    def __init__(self, scale):
        self.scale = scale

    def draw(self, key, shape):
        return self.scale * jax.random.uniform(key, shape)

    def tree_flatten(self):
        return (self.scale,), None

    @classmethod
    def tree_unflatten(cls, aux, leaves):
        return cls(*leaves)


def collect(source, key, steps):
    samples = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        # re-wrapping the bound method every step
        samples.append(jax.jit(source.draw, static_argnums=1)(subkey, (2, 3)))
    return jnp.stack(samples)


def main():
    source = NoiseSource(jnp.float32(0.5))
    key = jax.random.key(7)
    key, _ = jax.random.split(key)  # warm up eager split
    start = len(_compile_log)
    steps = 5
    out = collect(source, key, steps)
    out.block_until_ready()
    compiles = len(_compile_log) - start
    if compiles >= steps:
        print(f"SYMPTOM: {compiles} backend compiles for {steps} identical-shape draws "
              f"(bound method re-jitted each step)")


if __name__ == "__main__":
    main()
