# expect: bug
# source: https://github.com/patrick-kidger/diffrax/issues/685
# mistake: the 2-D reaction-diffusion ODE is integrated with a hand-written RK4 lax.scan over all max_steps and differentiated without any checkpointing, so reverse mode stores every stage of every step; the gradient's temporary memory grows linearly with max_steps and the 256x256 problem runs out of device memory.
import jax
import jax.numpy as jnp

GRID = 64
MAX_STEPS = 400


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
    ts = jnp.arange(max_steps) * dt
    y1, _ = jax.lax.scan(lambda c, t: rk4_step(c, t, args, dt), y0, ts)
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
