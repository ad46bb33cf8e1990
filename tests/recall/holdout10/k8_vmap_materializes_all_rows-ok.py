# expect: none
# source: https://github.com/jax-ml/jax/issues/1923
# mistake: none: the per-point contraction is applied with lax.map(batch_size=16), a sequential loop over vmapped chunks, so only one chunk of intermediates is live at a time.
# kind: 8 vmap out of memory where lax.map(batch_size) serves
import jax
import jax.numpy as jnp
from jax import lax


def per_point(phi):
    outer = jnp.sin(phi[:, None, None] * phi[None, :, None] * phi[None, None, :])
    return jnp.einsum("ijk,j,k->i", outer, phi, phi)


@jax.jit
def all_points(phis):
    return lax.map(per_point, phis, batch_size=16)


def main():
    n, d = 256, 32
    phis = jnp.linspace(0.0, 1.0, n * d).reshape(n, d)
    out = all_points(phis)
    assert out.shape == (n, d)


if __name__ == "__main__":
    main()
