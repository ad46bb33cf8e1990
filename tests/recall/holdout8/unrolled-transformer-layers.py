# expect: bug
# source: https://github.com/google-deepmind/dm-haiku/issues/639
# mistake: the jitted transformer applies 24 identical blocks with a Python `for layer in layers` loop, so every block is traced and compiled separately and compile time grows with depth instead of scanning over stacked layer params
# kind: 6 unrolled-loop
import jax
import jax.numpy as jnp

N_LAYERS = 24
D = 16


def init_layers(key):
    layers = []
    for k in jax.random.split(key, N_LAYERS):
        k1, k2 = jax.random.split(k)
        layers.append({
            "w_attn": jax.random.normal(k1, (D, D)) / jnp.sqrt(D),
            "w_mlp": jax.random.normal(k2, (D, D)) / jnp.sqrt(D),
        })
    return layers


def block(layer, x):
    scores = jax.nn.softmax((x @ layer["w_attn"]) @ x.T / jnp.sqrt(D), axis=-1)
    x = x + scores @ x
    x = x + jax.nn.gelu(x @ layer["w_mlp"])
    return x / jnp.linalg.norm(x, axis=-1, keepdims=True)


def transformer(layers, x):
    for layer in layers:
        x = block(layer, x)
    return x


forward = jax.jit(transformer)


def main():
    layers = init_layers(jax.random.PRNGKey(0))
    x = jnp.ones((4, D))
    y = forward(layers, x)
    n_eqns = len(jax.make_jaxpr(transformer)(layers, x).jaxpr.eqns)
    per_block = len(jax.make_jaxpr(block)(layers[0], x).jaxpr.eqns)
    print("equations: total %d, one block %d" % (n_eqns, per_block), y.shape)
    if n_eqns >= N_LAYERS * per_block:
        print("SYMPTOM: all %d blocks are unrolled into the compiled program" % N_LAYERS)


if __name__ == "__main__":
    main()
