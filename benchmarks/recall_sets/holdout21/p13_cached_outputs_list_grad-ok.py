# expect: none
# source: https://github.com/jax-ml/jax/issues/5264
# mistake: The encoder returns its outputs and the loop collects them in a local list, so nothing traced is stored in global state and the loss differentiates cleanly.
import jax
import jax.numpy as jnp


@jax.jit
def encode(params, x):
    return jnp.tanh(params["w_enc"] @ x)


@jax.jit
def decode_logits(params, h):
    return params["w_dec"] @ h


def loss_fn(params, batch):
    encoded = [encode(params, x) for x in batch]
    total = 0.0
    for h, x in zip(encoded, batch):
        logits = decode_logits(params, h)
        total = total + jnp.sum((logits - x) ** 2)
    return total


def main():
    key = jax.random.PRNGKey(0)
    params = {"w_enc": jax.random.normal(key, (4, 6)), "w_dec": jax.random.normal(key, (6, 4))}
    batch = [jnp.ones(6) * i for i in range(3)]
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    print(f"loss={float(loss):.3f} grad_norm={float(jnp.linalg.norm(grads['w_enc'])):.3f}")


if __name__ == "__main__":
    main()
