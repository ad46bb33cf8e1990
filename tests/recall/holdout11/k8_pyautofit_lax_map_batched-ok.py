# expect: none
# source: https://github.com/PyAutoLabs/PyAutoFit/issues/1301
# mistake: (fixed) the likelihood is mapped over live points with lax.map(batch_size=16), a sequential loop over vmapped chunks, so the temporaries are bounded by the chunk size rather than the number of live points.
# kind: 8 memory of vmap / long scan gradients
import jax
import jax.numpy as jnp

N_DATA = 512
N_PIX = 96
CHUNK = 16


def mapping_matrix(params, grid):
    centres = jnp.linspace(-1, 1, N_PIX)
    width = 0.05 + jnp.abs(params[0])
    return jnp.exp(-0.5 * ((grid[:, None] - params[1] - centres[None, :]) / width) ** 2)


def log_likelihood(params, grid, data, noise):
    f = mapping_matrix(params, grid) / noise[:, None]
    curvature = f.T @ f + 1e-3 * jnp.eye(N_PIX)
    data_vector = f.T @ (data / noise)
    reconstruction = jnp.linalg.solve(curvature, data_vector)
    model = mapping_matrix(params, grid) @ reconstruction
    return -0.5 * jnp.sum(((data - model) / noise) ** 2)


def update_live_points(live_points, grid, data, noise):
    return jax.lax.map(lambda p: log_likelihood(p, grid, data, noise), live_points, batch_size=CHUNK)


def temp_bytes(fn, *args):
    return jax.jit(fn).lower(*args).compile().memory_analysis().temp_size_in_bytes


def main():
    grid = jnp.linspace(-1, 1, N_DATA)
    data = jnp.sin(3 * grid)
    noise = jnp.full(N_DATA, 0.1)
    live = jax.random.normal(jax.random.PRNGKey(0), (256, 2)) * 0.1
    logls = jax.jit(update_live_points)(live, grid, data, noise)
    one = temp_bytes(lambda p: log_likelihood(p, grid, data, noise), live[0])
    full = temp_bytes(lambda lp: update_live_points(lp, grid, data, noise), live)
    print(f"temporaries: {full / 2**20:.1f} MiB for 256 points, {one / 2**20:.2f} MiB for one point")


if __name__ == "__main__":
    main()
