# expect: bug
# source: https://github.com/jax-ml/jax/issues/5264
# mistake: A jitted encoder appends its outputs to a module-level list while looping over the inputs, and a later differentiated loss reads from that list, so traced values escape through global state.
import jax
import jax.numpy as jnp

_encoded_cache = []


@jax.jit
def encode(params, x):
    h = jnp.tanh(params["w_enc"] @ x)
    _encoded_cache.append(h)  # keep for the decoder pass
    return h


@jax.jit
def decode_logits(params, h):
    return params["w_dec"] @ h


def loss_fn(params, batch):
    _encoded_cache.clear()
    for x in batch:
        encode(params, x)
    total = 0.0
    for h, x in zip(_encoded_cache, batch):
        logits = decode_logits(params, h)
        total = total + jnp.sum((logits - x) ** 2)
    return total


def main():
    key = jax.random.PRNGKey(0)
    params = {"w_enc": jax.random.normal(key, (4, 6)), "w_dec": jax.random.normal(key, (6, 4))}
    batch = [jnp.ones(6) * i for i in range(3)]
    try:
        loss, grads = jax.value_and_grad(loss_fn)(params, batch)
        print("loss", float(loss))
    except jax.errors.UnexpectedTracerError as e:
        print(f"UnexpectedTracerError: {str(e).splitlines()[0][:90]}")


if __name__ == "__main__":
    main()
