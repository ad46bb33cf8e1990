# expect: none
# source: https://github.com/jax-ml/jax/issues/15338
# mistake: none: the thread's free-function variant passes the pytree object as an argument, so jax.jit of the same module-level function inside the loop hits the cache.
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


def draw_from(source, key, shape):
    return source.draw(key, shape)


def collect(source, key, steps):
    samples = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        samples.append(jax.jit(draw_from, static_argnums=2)(source, subkey, (2, 3)))
    return jnp.stack(samples)


def main():
    source = NoiseSource(jnp.float32(0.5))
    key = jax.random.key(7)
    key, _ = jax.random.split(key)
    start = len(_compile_log)
    steps = 5
    out = collect(source, key, steps)
    out.block_until_ready()
    compiles = len(_compile_log) - start
    assert compiles < steps, compiles


if __name__ == "__main__":
    main()
