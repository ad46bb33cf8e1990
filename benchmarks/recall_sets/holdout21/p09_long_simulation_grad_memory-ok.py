# expect: none
# source: https://github.com/jaxleyverse/jaxley/issues/762
# mistake: The simulation is split into checkpointed chunks (an outer scan over jax.checkpoint-ed inner scans), so reverse mode keeps one carry per chunk and recomputes inside a chunk; memory no longer grows with every step's intermediates.
import jax
import jax.numpy as jnp

N_COMP = 1000
DT = 0.025
CHUNK = 50


def channel_currents(v, m, h, n, params):
    gna, gk, gl = params
    alpha_m = 0.1 * (v + 40.0) / (1.0 - jnp.exp(-(v + 40.0) / 10.0))
    beta_m = 4.0 * jnp.exp(-(v + 65.0) / 18.0)
    alpha_h = 0.07 * jnp.exp(-(v + 65.0) / 20.0)
    beta_h = 1.0 / (1.0 + jnp.exp(-(v + 35.0) / 10.0))
    alpha_n = 0.01 * (v + 55.0) / (1.0 - jnp.exp(-(v + 55.0) / 10.0))
    beta_n = 0.125 * jnp.exp(-(v + 65.0) / 80.0)
    m = m + DT * (alpha_m * (1 - m) - beta_m * m)
    h = h + DT * (alpha_h * (1 - h) - beta_h * h)
    n = n + DT * (alpha_n * (1 - n) - beta_n * n)
    i_ion = gna * m**3 * h * (v - 50.0) + gk * n**4 * (v + 77.0) + gl * (v + 54.4)
    return i_ion, m, h, n


def step(params, carry, i_ext):
    v, m, h, n = carry
    i_ion, m, h, n = channel_currents(v, m, h, n, params)
    v = v + DT * (i_ext - i_ion)
    return (v, m, h, n), v[0]


def integrate(params, i_ext):
    init = (jnp.full((N_COMP,), -65.0), jnp.full((N_COMP,), 0.05), jnp.full((N_COMP,), 0.6), jnp.full((N_COMP,), 0.32))

    @jax.checkpoint
    def chunk(carry, i_chunk):
        return jax.lax.scan(lambda c, x: step(params, c, x), carry, i_chunk)

    _, trace = jax.lax.scan(chunk, init, i_ext.reshape(-1, CHUNK))
    return trace.reshape(-1)


def loss(params, i_ext, target):
    return jnp.mean((integrate(params, i_ext) - target) ** 2)


def main():
    params = jnp.array([120.0, 36.0, 0.3])
    for n_steps in (1000, 4000):
        i_ext = jnp.full((n_steps,), 10.0)
        target = jnp.zeros((n_steps,))
        compiled = jax.jit(jax.grad(loss)).lower(params, i_ext, target).compile()
        mb = compiled.memory_analysis().temp_size_in_bytes / 2**20
        print(f"steps={n_steps} grad temp memory={mb:.1f} MiB")


if __name__ == "__main__":
    main()
