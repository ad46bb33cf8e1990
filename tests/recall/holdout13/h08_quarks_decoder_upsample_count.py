# expect: bug
# source: https://github.com/EiffL/Quarks2CosmosDataChallenge/pull/6
# mistake: The decoder derives its number of upsampling blocks from a jnp array, which is staged out under jit, so range(int(...)) on it raises a tracer-to-integer conversion error.
# kind: 2 traced values in Python control flow
import jax
import jax.numpy as jnp
import flax.linen as nn


class Decoder(nn.Module):
    image_size: int = 32
    base_size: int = 4
    channels: int = 8

    @nn.compact
    def __call__(self, z):
        sizes = jnp.array([self.base_size, self.image_size])
        n_up = jnp.log2(sizes[1] / sizes[0])
        x = nn.Dense(self.base_size * self.base_size * self.channels)(z)
        x = x.reshape(z.shape[0], self.base_size, self.base_size, self.channels)
        for _ in range(int(n_up)):
            b, h, w, c = x.shape
            x = jax.image.resize(x, (b, 2 * h, 2 * w, c), "nearest")
            x = nn.relu(nn.Conv(self.channels, (3, 3))(x))
        return nn.Conv(1, (3, 3))(x)


def main():
    dec = Decoder()
    z = jnp.zeros((2, 16))
    params = jax.jit(dec.init)(jax.random.key(0), z)
    out = jax.jit(dec.apply)(params, z)
    print(out.shape)


if __name__ == "__main__":
    main()
