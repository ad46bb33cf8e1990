# expect: none
# source: https://github.com/google/flax/issues/2918
# mistake: the lifted loop is told to split the dropout stream per iteration (`nn.while_loop(..., split_rngs={'dropout': True})`), so Dropout gets a fresh key on every pass of the loop and the training apply runs.
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
        _, x = nn.while_loop(lambda _, x: x[0] < num_iter, body, self, (0, x),
                             split_rngs={"dropout": True})
        return x


def main():
    root_key = jax.random.PRNGKey(seed=0)
    main_key, params_key, dropout_key = jax.random.split(key=root_key, num=3)
    my_model = MyModel(num_neurons=3)
    x = jnp.ones((3, 4, 4))
    variables = my_model.init(params_key, x, training=False)
    params = variables["params"]
    y = my_model.apply({"params": params}, x, training=True, rngs={"dropout": dropout_key})
    print("applied, output shape", y.shape, "fraction dropped:", float((y == 0).mean()))
