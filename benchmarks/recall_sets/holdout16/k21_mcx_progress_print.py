# expect: bug
# source: https://github.com/rlouf/mcx/issues/69
# mistake: the sampler's scan body reports progress with a plain Python print, which only runs while the body is traced; the compiled inference loop prints a single line (showing a tracer) instead of one per iteration, so progress is never reported.
import io
import contextlib

import jax
import jax.numpy as jnp


def progress_bar_scan(num_samples, print_rate):
    def _progress_bar_scan(func):
        def wrapper_progress_bar(carry, x):
            iter_num = x
            print(f"Running for {num_samples:,} iterations: {iter_num}")
            return func(carry, x)
        return wrapper_progress_bar
    return _progress_bar_scan


def logdensity(x):
    return -0.5 * jnp.sum(x ** 2)


def sample_scan(rng_key, init_position, num_samples, step_size=0.5):
    @progress_bar_scan(num_samples, print_rate=100)
    def one_step(state, i):
        position, key = state
        key, k1, k2 = jax.random.split(key, 3)
        prop = position + step_size * jax.random.normal(k1, position.shape)
        accept = jnp.log(jax.random.uniform(k2)) < logdensity(prop) - logdensity(position)
        position = jnp.where(accept, prop, position)
        return (position, key), position

    _, samples = jax.lax.scan(one_step, (init_position, rng_key), jnp.arange(num_samples))
    return samples


def main():
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        samples = jax.jit(sample_scan, static_argnums=(2,))(jax.random.PRNGKey(0), jnp.zeros(2), 1000)
        samples.block_until_ready()
    lines = buf.getvalue().splitlines()
    print(f"1000 scan iterations printed {len(lines)} progress line(s): {lines[:1]}")
