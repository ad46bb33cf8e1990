# expect: none
# source: https://github.com/michael-0brien/cryojax/pull/320
# mistake: atoms are processed in fixed-size batches with jax.lax.map, each batch vmapped and summed to one voxel grid, so only a (batch, n_voxels) block is live at a time and memory stays bounded as n_atoms grows.
import jax
import jax.numpy as jnp

N_ATOMS = 2000
GRID = 32
BATCH = 100


def make_coordinate_grid(shape, voxel_size):
    axes = [(jnp.arange(n) - n / 2) * voxel_size for n in shape]
    return jnp.stack(jnp.meshgrid(*axes, indexing="ij"), axis=-1)


def gaussian_density(atom_position, amplitude, b_factor, grid):
    r2 = jnp.sum((grid - atom_position) ** 2, axis=-1)
    density = jnp.exp(-4 * jnp.pi ** 2 * r2 / b_factor)
    return amplitude * density / (jnp.sum(density) + 1e-12)


class GaussianMixtureAtomicPotential:
    def __init__(self, positions, amplitudes, b_factors):
        self.positions, self.amplitudes, self.b_factors = positions, amplitudes, b_factors

    def as_real_voxel_grid(self, grid, batch_size=BATCH):
        n_batches = self.positions.shape[0] // batch_size

        def batch_fn(batch):
            pos, amp, b = batch
            per_atom = jax.vmap(gaussian_density, in_axes=(0, 0, 0, None))(pos, amp, b, grid)
            return jnp.sum(per_atom, axis=0)

        batches = (self.positions.reshape(n_batches, batch_size, 3),
                   self.amplitudes.reshape(n_batches, batch_size),
                   self.b_factors.reshape(n_batches, batch_size))
        return jnp.sum(jax.lax.map(batch_fn, batches), axis=0)


def main():
    key = jax.random.PRNGKey(0)
    positions = 4 * jax.random.normal(key, (N_ATOMS, 3))
    amplitudes = jnp.ones(N_ATOMS)
    b_factors = jnp.full((N_ATOMS,), 300.0)
    grid = make_coordinate_grid((GRID, GRID, GRID), 1.0)

    def voxelize(positions, amplitudes, b_factors, grid):
        return GaussianMixtureAtomicPotential(positions, amplitudes, b_factors).as_real_voxel_grid(grid)

    f = jax.jit(voxelize)
    mem = f.lower(positions, amplitudes, b_factors, grid).compile().memory_analysis()
    out = f(positions, amplitudes, b_factors, grid)
    print(f"{N_ATOMS} atoms on {GRID}^3 grid: temp memory {mem.temp_size_in_bytes / 2**20:.1f} MiB, "
          f"output {out.nbytes / 2**20:.2f} MiB, total density {float(out.sum()):.1f}")
