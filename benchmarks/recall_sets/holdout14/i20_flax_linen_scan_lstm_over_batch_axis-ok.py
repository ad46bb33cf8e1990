# expect: none
# source: https://github.com/google/flax/issues/1294
# mistake: (correct) xs carries a leading sequence axis (seq_len, batch_size, features), so the nn.scan-wrapped LSTMCell with the default in_axes=0 steps over time and each step sees the whole batch matching the carry.
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
    seq_len, batch_size, features = 7, 5, 3
    xs = random.uniform(rng_1, (seq_len, batch_size, features))
    carry_0 = nn.LSTMCell(features).initialize_carry(random.PRNGKey(0), (batch_size, features))
    model = SimpleScan(features)
    variables = model.init(rng_2, carry_0, xs)
    out_state, out_val = model.apply(variables, carry_0, xs)
    print("xs", xs.shape, "carry h", out_state[1].shape, "scan outputs", out_val.shape,
          "-> number of scan steps:", out_val.shape[0], "(= seq_len)")
    return out_val


if __name__ == "__main__":
    main()
