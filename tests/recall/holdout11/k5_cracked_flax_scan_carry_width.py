# expect: bug
# source: https://crackedaicode.com/problems/flax-lax-scan-in-module
# mistake: Inside a Flax module the raw lax.scan carry is initialised with the input vector itself (width D) while the body returns a hidden state of width H, so the carry changes shape after one step.
# kind: 5 carry structure / dtype mismatch
import flax.linen as nn
import jax
import jax.numpy as jnp


class LaxScanModule(nn.Module):
    hidden: int
    T: int

    @nn.compact
    def __call__(self, x):
        W = self.param("W", nn.initializers.lecun_normal(), (x.shape[-1], self.hidden))

        def body(carry, _):
            new_carry = jnp.tanh(carry @ W)
            return new_carry, new_carry

        init_carry = x  # start the recurrence from the observation
        final, states = jax.lax.scan(body, init_carry, jnp.arange(self.T))
        return final


def main():
    model = LaxScanModule(hidden=8, T=5)
    x = jnp.ones((4,))
    variables = model.init(jax.random.PRNGKey(0), x)
    print(model.apply(variables, x).shape)


if __name__ == "__main__":
    main()
