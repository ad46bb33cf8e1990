# expect: none
# source: https://github.com/jax-ml/jax/pull/19614
# mistake: None: the per-sample integral is mapped with `lax.map(..., batch_size=16)`, which vmaps inside fixed-size batches and keeps the intermediate bounded.
# kind: 8 memory
import jax
import jax.numpy as jnp

GRID = jnp.linspace(1.0, 100.0, 1024)
QUAD_W = jnp.linspace(0.5, 1.5, 256)


def log_vt(params):
    m1 = GRID[:, None]
    m2 = GRID[None, :256]
    alpha, beta = params
    integrand = jnp.exp(-alpha * jnp.log(m1) - beta * jnp.log(m2)) * (m2 < m1)
    return jnp.sum(jnp.log1p(integrand @ QUAD_W))


def population_log_vt(samples):
    return jax.lax.map(log_vt, samples, batch_size=16)


def main():
    samples = jnp.stack([jnp.linspace(1.0, 3.0, 256), jnp.linspace(0.0, 1.0, 256)], axis=1)
    out = jax.jit(population_log_vt)(samples)
    assert out.shape == (256,)


if __name__ == "__main__":
    main()
