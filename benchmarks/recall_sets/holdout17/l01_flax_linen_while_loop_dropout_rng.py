# expect: bug
# source: https://github.com/google/flax/issues/2918
# mistake: a Dropout layer is applied repeatedly in the body of `nn.while_loop` without telling the lifted loop how to handle the 'dropout' RNG stream (no `split_rngs`), so the apply call with `rngs={'dropout': dropout_key}` fails with InvalidRngError inside the loop.
import jax
import jax.numpy as jnp
from flax import linen as nn


class MyModel(nn.Module):
    num_neurons: int

    @nn.compact
    def __call__(self, x, training: bool):
        x = nn.Dense(self.num_neurons)(x)

        def fn(mdl, x):
            return nn.Dropout(rate=0.5, deterministic=not training)(x)

        body = lambda mdl, inp: (inp[0] + 1, fn(mdl, inp[1]))
        num_iter = 3
        _, x = nn.while_loop(lambda _, x: x[0] < num_iter, body, self, (0, x))
        return x


def main():
    root_key = jax.random.PRNGKey(seed=0)
    main_key, params_key, dropout_key = jax.random.split(key=root_key, num=3)
    my_model = MyModel(num_neurons=3)
    x = jnp.empty((3, 4, 4))
    variables = my_model.init(params_key, x, training=False)
    params = variables["params"]
    try:
        y = my_model.apply({"params": params}, x, training=True, rngs={"dropout": dropout_key})
        print("applied, output shape", y.shape)
    except Exception as e:
        print("apply failed:", type(e).__name__, "-", str(e).split("(")[0])
