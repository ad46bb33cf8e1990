# expect: bug
# source: https://github.com/google/flax/issues/1294
# mistake: the nn.scan-wrapped LSTMCell is applied to xs of shape (batch_size, features) with the default in_axes=0, so the loop scans over the batch dimension (each step sees one example broadcast against the whole batch carry) instead of over a sequence axis, silently producing batch_size time steps.
import flax.linen as nn
import jax
from jax import random


class SimpleScan(nn.Module):
    features: int

    @nn.compact
    def __call__(self, c, xs):
        LSTM = nn.scan(nn.LSTMCell, variable_broadcast="params", split_rngs={"params": False})
        return LSTM(self.features)(c, xs)


def main():
    rng_1, rng_2 = random.split(random.PRNGKey(0))
    batch_size, features = 5, 3
    xs = random.uniform(rng_1, (batch_size, features))
    carry_0 = nn.LSTMCell(features).initialize_carry(random.PRNGKey(0), (batch_size, features))
    model = SimpleScan(features)
    variables = model.init(rng_2, carry_0, xs)
    out_state, out_val = model.apply(variables, carry_0, xs)
    print("xs", xs.shape, "carry h", out_state[1].shape, "scan outputs", out_val.shape,
          "-> number of scan steps:", out_val.shape[0], "(= batch_size)")
    return out_val


if __name__ == "__main__":
    main()
