# expect: bug
# source: https://github.com/jax-ml/jax/issues/14597
# mistake: the Student-t sampler splits its key into key_n and key_g but draws both the normal and the gamma component from key_n, so the two components are correlated; a Metropolis loop using it for heavy-tailed proposals gets proposals whose variance is far from the Student-t variance.
import jax
import jax.numpy as jnp
from jax import lax


def student_t(key, df, shape=(), dtype=jnp.float32):
    df = lax.convert_element_type(df, dtype)
    key_n, key_g = jax.random.split(key)
    n = jax.random.normal(key_n, shape, dtype)
    half_df = df / 2
    g = jax.random.gamma(key_n, half_df, shape, dtype)
    return n * jnp.sqrt(half_df / g)


def propose_all(key, num_steps, df):
    def body(carry, step_key):
        x = carry
        return x, student_t(step_key, df, (1000,))
    _, proposals = jax.lax.scan(body, 0.0, jax.random.split(key, num_steps))
    return proposals


def main():
    df = 5.0
    props = jax.jit(propose_all, static_argnums=(1,))(jax.random.key(0), 200, df)
    print(f"Student-t(df={df}) proposal variance {float(jnp.var(props)):.3f}, theoretical {df / (df - 2):.3f}")
    jax.config.update("jax_debug_key_reuse", True)
    try:
        jax.jit(propose_all, static_argnums=(1,))(jax.random.key(1), 200, df)
        print("no key reuse detected")
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0][:150])
    finally:
        jax.config.update("jax_debug_key_reuse", False)
