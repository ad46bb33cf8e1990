# expect: bug
# source: https://github.com/bardhh/cbfkit/pull/41
# mistake: The CBF controller closure (and its jax.jit) is regenerated inside the control loop at every time step, so JAX sees a new function object each step and recompiles the controller every iteration (the PR measured ~4000x).
import jax
import jax.numpy as jnp

TRACES = {"controller": 0}


def unicycle_dynamics(x):
    f = jnp.array([jnp.cos(x[2]), jnp.sin(x[2]), 0.0]) * 0.0
    g = jnp.array([[jnp.cos(x[2]), 0.0], [jnp.sin(x[2]), 0.0], [0.0, 1.0]])
    return f, g


def make_barrier(center, radius):
    def h(x):
        return jnp.sum((x[:2] - center) ** 2) - radius**2
    return h


def vanilla_cbf_controller(nominal_gain, barrier, alpha=1.0):
    @jax.jit
    def controller(t, x, goal):
        TRACES["controller"] += 1
        u_nom = nominal_gain * jnp.array([jnp.linalg.norm(goal - x[:2]), 0.1])
        f, g = unicycle_dynamics(x)
        dh = jax.grad(barrier)(x)
        a = dh @ g
        b = -alpha * barrier(x) - dh @ f
        viol = jnp.maximum(0.0, b - a @ u_nom)  # closed-form single-constraint QP
        return u_nom + viol * a / (a @ a + 1e-9)
    return controller


def simulate(x0, goal, n_steps=50, dt=0.05):
    x = x0
    barrier = make_barrier(jnp.array([1.0, 1.0]), 0.5)
    for k in range(n_steps):
        controller = vanilla_cbf_controller(1.0, barrier)  # rebuilt every step
        u = controller(k * dt, x, goal)
        f, g = unicycle_dynamics(x)
        x = x + dt * (f + g @ u)
    return x


def main():
    x_final = simulate(jnp.zeros(3), jnp.array([2.0, 2.0]))
    print("final state:", x_final)
    print("controller traces over 50 steps:", TRACES["controller"])
    assert TRACES["controller"] == 50
