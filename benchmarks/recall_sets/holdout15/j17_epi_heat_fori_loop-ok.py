# expect: none
# source: https://github.com/Systems-Theory-in-Systems-Biology/EPI/pull/66
# mistake: Resembles j17 (heat-equation time stepping inside a jitted, differentiated model) and a fori_loop under grad, but it steps with lax.fori_loop over Python-int bounds (len(t) is static), so the loop is not unrolled and, having a static trip count, is reverse-mode differentiable.
import jax
import jax.numpy as jnp


class HeatArtificial:
    def __init__(self, n_x=16, n_t=200, t_end=0.05):
        self.x = jnp.linspace(0.0, 1.0, n_x)
        self.t = jnp.linspace(0.0, t_end, n_t)
        self.forward = jax.jit(self._forward)

    def _forward(self, param):
        kappa = param[0]
        n_x, n_t = self.x.shape[0], self.t.shape[0]
        dx, dt = self.x[1] - self.x[0], self.t[1] - self.t[0]
        u = jnp.zeros((n_x, n_x))
        u = u.at[:, -1].set(1.0).at[0, :].set(1.0)

        def step(n, u):
            lap = (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * u[1:-1, 1:-1]) / dx**2
            return u.at[1:-1, 1:-1].set(u[1:-1, 1:-1] + kappa * dt * lap)

        u = jax.lax.fori_loop(0, n_t - 1, step, u)  # static Python-int bounds
        return u[n_x // 2, n_x // 2]


def count_eqns(n_t):
    model = HeatArtificial(n_t=n_t)
    return len(jax.make_jaxpr(model._forward)(jnp.array([1.0])).jaxpr.eqns)


def main():
    counts = {n_t: count_eqns(n_t) for n_t in (25, 100, 400)}
    print("jaxpr equations by number of time steps:", counts)
    model = HeatArtificial(n_t=200)
    val, g = jax.value_and_grad(lambda p: model.forward(p))(jnp.array([1.0]))
    print(f"u(center, t_end) = {float(val):.4f}, d/dkappa = {float(g[0]):.4f}")
    assert len(set(counts.values())) == 1
