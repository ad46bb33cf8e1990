# expect: bug
# source: https://github.com/PyAutoLabs/PyAutoFit/issues/1301
# mistake: The nested-sampling update vmaps an inversion-heavy likelihood over every live point at once, so the compiled update must hold one mapping matrix per live point and its memory grows with the number of live points where lax.map(batch_size=...) would bound it.
# kind: 8 memory of vmap / long scan gradients
import jax
import jax.numpy as jnp

N_DATA = 512
N_PIX = 96


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
    return jax.vmap(log_likelihood, in_axes=(0, None, None, None))(live_points, grid, data, noise)


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
    if full > 32 * one:
        print(f"SYMPTOM: compiled update over {live.shape[0]} live points needs {full / 2**20:.1f} MiB of "
              f"temporaries vs {one / 2**20:.2f} MiB for one point ({full / one:.0f}x)")


if __name__ == "__main__":
    main()
