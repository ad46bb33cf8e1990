# expect: none
# source: https://github.com/rlouf/mcx/issues/69
# mistake: progress is reported through jax.debug.callback inside lax.cond on the iteration counter, so the host print runs at run time every print_rate iterations of the compiled scan.
import jax
import jax.numpy as jnp

PROGRESS = []


def progress_bar_scan(num_samples, print_rate):
    def _print_consumer(iter_num):
        PROGRESS.append(int(iter_num))

    def _progress_bar_scan(func):
        def wrapper_progress_bar(carry, x):
            iter_num = x
            jax.lax.cond(iter_num % print_rate == 0,
                         lambda i: jax.debug.callback(_print_consumer, i),
                         lambda i: None, iter_num)
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
    samples = jax.jit(sample_scan, static_argnums=(2,))(jax.random.PRNGKey(0), jnp.zeros(2), 1000)
    samples.block_until_ready()
    jax.effects_barrier()
    print(f"1000 scan iterations reported progress {len(PROGRESS)} times: {PROGRESS}")
