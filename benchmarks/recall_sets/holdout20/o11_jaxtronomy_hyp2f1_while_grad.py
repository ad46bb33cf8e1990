# expect: bug
# source: https://github.com/lenstronomy/JAXtronomy/pull/29
# mistake: the hypergeometric series used by the EPL lens profile sums terms in a `while_loop` until they drop below a tolerance, so the reverse-mode gradient the optimizer needs cannot be taken.
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


def hyp2f1_series(a, b, c, z, tol=1e-12, max_terms=500):
    """Sum_n (a)_n (b)_n / (c)_n z^n / n!, stopping when the term is small."""

    def cond_fun(state):
        n, term, total = state
        return jnp.logical_and(jnp.abs(term) > tol, n < max_terms)

    def body_fun(state):
        n, term, total = state
        term = term * (a + n) * (b + n) / ((c + n) * (n + 1.0)) * z
        return n + 1, term, total + term

    init = (jnp.array(0.0), jnp.array(1.0, dtype=z.dtype), jnp.array(1.0, dtype=z.dtype))
    _, _, total = jax.lax.while_loop(cond_fun, body_fun, init)
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
