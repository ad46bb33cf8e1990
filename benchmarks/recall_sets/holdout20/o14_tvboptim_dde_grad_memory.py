# expect: bug
# source: https://virtual-twin.github.io/tvboptim/advanced/gradient_checkpointing.html
# mistake: a long delay-coupled network simulation is one `jax.lax.scan` whose carry holds the delay history buffer, and the loss is differentiated through it without checkpointing, so backward memory grows linearly with the number of steps.
import jax
import jax.numpy as jnp


class Heun:
    def __init__(self, dt=1.0):
        self.dt = dt

    def integrate(self, dfun, state0, history0, params, n_steps):
        dt = self.dt

        def step(carry, _):
            x, history = carry
            delayed = history[-1]
            d1 = dfun(x, delayed, params)
            x_pred = x + dt * d1
            d2 = dfun(x_pred, history[-2], params)
            x_new = x + 0.5 * dt * (d1 + d2)
            history = jnp.concatenate([x_new[None], history[:-1]], axis=0)
            return (x_new, history), x_new[0].mean()

        (_, _), trace = jax.lax.scan(step, (state0, history0), None, length=n_steps)
        return trace


def network_dfun(x, delayed, params):
    coupling = params["G"] * (params["W"] @ delayed.T).T
    return -x + jnp.tanh(params["a"] * x + coupling) * 0.1


def loss(params, solver, n_steps, state0, history0):
    trace = solver.integrate(network_dfun, state0, history0, params, n_steps)
    return jnp.mean(trace ** 2)


def backward_temp_mib(n_steps, solver):
    n_nodes, n_states, hist = 80, 2, 20
    params = {"G": jnp.array(0.5), "a": jnp.array(1.2), "W": jnp.ones((n_nodes, n_nodes)) / n_nodes}
    state0 = jnp.zeros((n_states, n_nodes))
    history0 = jnp.zeros((hist, n_states, n_nodes))
    g = jax.jit(jax.grad(loss), static_argnums=(1, 2))
    compiled = g.lower(params, solver, n_steps, state0, history0).compile()
    return compiled.memory_analysis().temp_size_in_bytes / 2**20


def main():
    solver = Heun(dt=0.1)
    for n_steps in (1000, 4000, 16000):
        print(f"n_steps={n_steps}: backward temp memory = {backward_temp_mib(n_steps, solver):.1f} MiB")


if __name__ == "__main__":
    main()
