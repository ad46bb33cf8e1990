# expect: none
# source: https://github.com/patrick-kidger/diffrax/issues/685
# mistake: the same RK4 integration with two-level checkpointing (an outer scan over segments whose inner scan is wrapped in jax.checkpoint), so reverse mode only keeps segment boundaries plus one segment of intermediates, cutting gradient memory by a large factor.
import jax
import jax.numpy as jnp

GRID = 64
MAX_STEPS = 400
SEGMENT = 20


def laplacian(u):
    return (jnp.roll(u, 1, 0) + jnp.roll(u, -1, 0) + jnp.roll(u, 1, 1) + jnp.roll(u, -1, 1) - 4 * u)


def vector_field(t, y, args):
    D, k = args
    return D * laplacian(y) - k * y ** 3 + jnp.sin(t) * 0.01


def rk4_step(carry, t, args, dt):
    y = carry
    k1 = vector_field(t, y, args)
    k2 = vector_field(t + dt / 2, y + dt / 2 * k1, args)
    k3 = vector_field(t + dt / 2, y + dt / 2 * k2, args)
    k4 = vector_field(t + dt, y + dt * k3, args)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4), None


def simulate(y0, args, dt=0.01, max_steps=MAX_STEPS):
    ts = (jnp.arange(max_steps) * dt).reshape(max_steps // SEGMENT, SEGMENT)

    @jax.checkpoint
    def segment(y, seg_ts):
        y, _ = jax.lax.scan(lambda c, t: rk4_step(c, t, args, dt), y, seg_ts)
        return y, None

    y1, _ = jax.lax.scan(segment, y0, ts)
    return y1


def loss(args, y0, target):
    return jnp.mean((simulate(y0, args) - target) ** 2)


def main():
    y0 = jax.random.normal(jax.random.PRNGKey(0), (GRID, GRID))
    target = jnp.zeros((GRID, GRID))
    args = (jnp.float32(0.1), jnp.float32(0.5))
    grad_fn = jax.jit(jax.grad(loss))
    mem = grad_fn.lower(args, y0, target).compile().memory_analysis()
    g = grad_fn(args, y0, target)
    state_bytes = GRID * GRID * 4
    print(f"grad temp memory {mem.temp_size_in_bytes / 2**20:.1f} MiB "
          f"(= {mem.temp_size_in_bytes / state_bytes:.0f} copies of the state) for {MAX_STEPS} steps; grad={[float(x) for x in g]}")
