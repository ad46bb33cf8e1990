# expect: none
# source: https://github.com/lenstronomy/JAXtronomy/pull/29
# mistake: none; as in the PR, the series always sums a fixed number of terms with `fori_loop` over static bounds, which lowers to a scan and is reverse-mode differentiable.
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


def hyp2f1_series(a, b, c, z, num_terms=60):
    """Sum_n (a)_n (b)_n / (c)_n z^n / n! with a fixed number of terms."""

    def body_fun(n, state):
        term, total = state
        term = term * (a + n) * (b + n) / ((c + n) * (n + 1.0)) * z
        return term, total + term

    init = (jnp.array(1.0, dtype=z.dtype), jnp.array(1.0, dtype=z.dtype))
    _, total = jax.lax.fori_loop(0, num_terms, body_fun, init)
    return total


class EPL:
    def deflection_magnitude(self, r, theta_E, gamma, q):
        t = gamma - 1.0
        z = -(1.0 - q) / (1.0 + q)
        f = hyp2f1_series(1.0, t / 2.0, 2.0 - t / 2.0, z)
        return 2.0 * q / (1.0 + q) * theta_E * (theta_E / r) ** (t - 1.0) * f


def loss(params, r_obs, alpha_obs):
    model = EPL()
    alpha = model.deflection_magnitude(r_obs, params["theta_E"], params["gamma"], params["q"])
    return jnp.sum((alpha - alpha_obs) ** 2)


def main():
    params = {"theta_E": jnp.array(1.1), "gamma": jnp.array(2.1), "q": jnp.array(0.8)}
    r_obs = jnp.linspace(0.5, 2.0, 8)
    alpha_obs = jnp.ones(8)
    print("loss:", float(loss(params, r_obs, alpha_obs)))
    try:
        g = jax.grad(loss)(params, r_obs, alpha_obs)
        print("d loss / d gamma:", float(g["gamma"]))
    except Exception as e:  # noqa: BLE001
        print(f"{type(e).__name__}: {str(e).splitlines()[0]}")


if __name__ == "__main__":
    main()
