# expect: bug
# source: https://github.com/kokabsc/gwkokab/pull/452
# mistake: The selection-function integral `vmap`s a per-sample quadrature over all posterior samples at once, materialising a samples-by-grid intermediate that lax.map with a batch size would avoid.
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
    return jax.vmap(log_vt)(samples)


def main():
    samples = jnp.stack([jnp.linspace(1.0, 3.0, 256), jnp.linspace(0.0, 1.0, 256)], axis=1)
    compiled = jax.jit(population_log_vt).lower(samples).compile()
    stats = compiled.memory_analysis()
    temp = stats.temp_size_in_bytes
    per_sample = GRID.size * 256 * 4
    if temp >= 64 * per_sample:
        print(f"SYMPTOM: vmapped logVT needs {temp / 2**20:.1f} MiB of temporaries "
              f"(one {per_sample / 2**20:.1f} MiB grid per sample, all {samples.shape[0]} at once)")


if __name__ == "__main__":
    main()
