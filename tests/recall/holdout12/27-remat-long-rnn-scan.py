# expect: bug
# source: https://github.com/jax-ml/jax/pull/1749
# mistake: Reverse-mode through a long `lax.scan` RNN stores every step's wide hidden activations as residuals because the step function is not wrapped in `jax.checkpoint`.
# kind: 8 memory
import jax
import jax.numpy as jnp
from jax import lax

T, B, D, H = 256, 4, 64, 512


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w_in": jax.random.normal(k1, (D, H)) * 0.05,
            "w_out": jax.random.normal(k2, (H, D)) * 0.05}


def cell(params, h, x):
    z = jnp.tanh((h + x) @ params["w_in"])
    z = jax.nn.gelu(z * 1.5)
    return jnp.tanh(z @ params["w_out"])


def sequence_loss(params, xs):
    def step(h, x):
        h = cell(params, h, x)
        return h, None

    h, _ = lax.scan(step, jnp.zeros((B, D)), xs)
    return jnp.sum(h ** 2)


def residual_bytes(fn, *args):
    _, vjp_fn = jax.vjp(fn, *args)
    return sum(leaf.nbytes for leaf in jax.tree.leaves(vjp_fn))


def main():
    params = init(jax.random.PRNGKey(0))
    xs = jnp.ones((T, B, D))
    saved = residual_bytes(lambda p: sequence_loss(p, xs), params)
    carry_per_step = B * D * 4
    if saved > 8 * T * carry_per_step:
        print(f"SYMPTOM: grad of the {T}-step scan keeps {saved / 2**20:.1f} MiB of residuals, "
              f"{saved / (T * carry_per_step):.0f}x the size of the per-step carry")


if __name__ == "__main__":
    main()
