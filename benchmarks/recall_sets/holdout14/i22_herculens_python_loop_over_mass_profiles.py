# expect: bug
# source: https://github.com/Herculens/herculens/pull/52
# mistake: ray_shooting sums the deflection of each mass profile with a Python for loop over the list of components inside the jitted model, so the loop is unrolled once per component and trace/compile time grows with the number of profiles instead of vmapping over stacked parameters.
import jax
import jax.numpy as jnp


class SIS:
    """Singular isothermal sphere."""

    def derivatives(self, x, y, theta_E, center_x, center_y):
        dx, dy = x - center_x, y - center_y
        r = jnp.sqrt(dx ** 2 + dy ** 2) + 1e-6
        return theta_E * dx / r, theta_E * dy / r


class MassModel:
    def __init__(self, profile_list):
        self.profile_list = profile_list

    def alpha(self, x, y, kwargs):
        f_x, f_y = jnp.zeros_like(x), jnp.zeros_like(y)
        for i, func in enumerate(self.profile_list):
            f_x_i, f_y_i = func.derivatives(x, y, **kwargs[i])
            f_x += f_x_i
            f_y += f_y_i
        return f_x, f_y

    def ray_shooting(self, x, y, kwargs):
        ax, ay = self.alpha(x, y, kwargs)
        return x - ax, y - ay


def main():
    x, y = jnp.meshgrid(jnp.linspace(-1, 1, 16), jnp.linspace(-1, 1, 16))
    sizes = {}
    for n in (5, 25, 125):
        mass_model = MassModel([SIS() for _ in range(n)])
        kwargs = [dict(theta_E=0.01, center_x=0.01 * i, center_y=-0.01 * i) for i in range(n)]
        ray_shooting = jax.jit(mass_model.ray_shooting)
        beta_x, beta_y = ray_shooting(x, y, kwargs)
        sizes[n] = len(jax.make_jaxpr(mass_model.ray_shooting)(x, y, kwargs).jaxpr.eqns)
    print("jaxpr equations per number of mass profiles:", sizes)
    return sizes


if __name__ == "__main__":
    main()
