# expect: bug
# source: https://github.com/jax-ml/jax/issues/1923
# mistake: a per-point tensor contraction is vmapped over every point at once, so XLA materializes the intermediate for all points simultaneously where lax.map(batch_size=...) would bound it.
# kind: 8 vmap out of memory where lax.map(batch_size) serves
import jax
import jax.numpy as jnp


def per_point(phi):
    outer = jnp.sin(phi[:, None, None] * phi[None, :, None] * phi[None, None, :])  # (d, d, d)
    return jnp.einsum("ijk,j,k->i", outer, phi, phi)


@jax.jit
def all_points(phis):
    return jax.vmap(per_point)(phis)


def temp_bytes(fn, arg):
    return jax.jit(fn).lower(arg).compile().memory_analysis().temp_size_in_bytes


def main():
    n, d = 256, 32
    phis = jnp.linspace(0.0, 1.0, n * d).reshape(n, d)
    all_points(phis).block_until_ready()
    batched = temp_bytes(all_points, phis)
    single = temp_bytes(per_point, phis[0])
    if batched > 32 * max(single, 1):
        print(f"SYMPTOM: vmap temp buffer {batched} B vs {single} B for one point ({n} points held at once)")


if __name__ == "__main__":
    main()
