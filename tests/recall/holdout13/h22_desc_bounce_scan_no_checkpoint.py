# expect: bug
# source: https://github.com/PlasmaControl/DESC/issues/1347
# mistake: Reverse-mode AD through a long lax.scan over field-line points stores every per-step intermediate (a dense quadrature matrix per step) as a residual, because the scan body is not wrapped in jax.checkpoint.
# kind: 8 memory of gradient of a long scan without checkpoint
import jax
import jax.numpy as jnp
from jax import lax

N_POINTS, N_QUAD = 200, 96


def bounce_integrand(B, x):
    # dense (N_QUAD, N_QUAD) kernel per field-line point
    w = jnp.cos(jnp.outer(x, B[:N_QUAD]))
    return jnp.tanh(w @ B[:N_QUAD])


def surface_average(B, xs):
    def body(acc, x):
        return acc + bounce_integrand(B, x), None

    acc, _ = lax.scan(body, jnp.zeros(N_QUAD), xs)
    return jnp.sum(acc**2) / xs.shape[0]


def residual_bytes(f, *args):
    _, vjp_fn = jax.vjp(f, *args)
    return sum(l.nbytes for l in jax.tree_util.tree_leaves(vjp_fn) if hasattr(l, "nbytes"))


def main():
    B = jnp.linspace(0.5, 1.5, 128)
    xs = jnp.linspace(0.0, 1.0, N_POINTS * N_QUAD).reshape(N_POINTS, N_QUAD)
    saved = residual_bytes(surface_average, B, xs)
    carry_bytes = N_POINTS * N_QUAD * 4
    if saved > 8 * carry_bytes:
        print(f"SYMPTOM: gradient keeps {saved / 2**20:.1f} MiB of residuals for a "
              f"{carry_bytes / 2**10:.0f} KiB carry history ({saved // carry_bytes}x)")


if __name__ == "__main__":
    main()
