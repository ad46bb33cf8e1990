# expect: none
# source: https://github.com/jax-ml/jax/issues/14597
# mistake: the fixed sampler draws the gamma component from key_g, so each split key is used once; the scan over proposals passes the key-reuse checker.
import jax
import jax.numpy as jnp
from jax import lax


def student_t(key, df, shape=(), dtype=jnp.float32):
    df = lax.convert_element_type(df, dtype)
    key_n, key_g = jax.random.split(key)
    n = jax.random.normal(key_n, shape, dtype)
    half_df = df / 2
    g = jax.random.gamma(key_g, half_df, shape, dtype)
    return n * jnp.sqrt(half_df / g)


def propose_all(key, num_steps, df):
    def body(carry, step_key):
        x = carry
        return x, student_t(step_key, df, (1000,))
    _, proposals = jax.lax.scan(body, 0.0, jax.random.split(key, num_steps))
    return proposals


def main():
    df = 5.0
    jax.config.update("jax_debug_key_reuse", True)
    try:
        props = jax.jit(propose_all, static_argnums=(1,))(jax.random.key(0), 200, df)
        print(f"no key reuse; proposal variance {float(jnp.var(props)):.3f}, theoretical {df / (df - 2):.3f}")
    finally:
        jax.config.update("jax_debug_key_reuse", False)
