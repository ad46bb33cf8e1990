# expect: none
# source: https://github.com/google/dopamine/issues/189
# mistake: (fixed) the noise key is an argument of __call__ and the acting loop splits a fresh key every step, as the full Rainbow network does.
# kind: 4 PRNG keys reused across loop steps
import flax.linen as nn
import jax
import jax.numpy as jnp


class NoisyNetwork(nn.Module):
    features: int
    eval_mode: bool = False

    @nn.compact
    def __call__(self, x, rng_key):
        def f(v):
            return jnp.sign(v) * jnp.sqrt(jnp.abs(v))

        in_dim = x.shape[-1]
        mu_w = self.param("mu_w", nn.initializers.lecun_uniform(), (in_dim, self.features))
        sigma_w = self.param("sigma_w", nn.initializers.constant(0.5 / jnp.sqrt(in_dim)), (in_dim, self.features))
        mu_b = self.param("mu_b", nn.initializers.zeros, (self.features,))
        sigma_b = self.param("sigma_b", nn.initializers.constant(0.5 / jnp.sqrt(in_dim)), (self.features,))
        if self.eval_mode:
            return x @ mu_w + mu_b
        p_key, q_key = jax.random.split(rng_key)
        p = f(jax.random.normal(p_key, (in_dim, 1)))
        q = f(jax.random.normal(q_key, (1, self.features)))
        w = mu_w + sigma_w * (p * q)
        b = mu_b + sigma_b * jnp.squeeze(q)
        return x @ w + b


def main():
    net = NoisyNetwork(features=3)
    obs = jnp.ones((1, 4))
    rng = jax.random.PRNGKey(42)
    rng, init_key, noise_key = jax.random.split(rng, 3)
    params = net.init(init_key, obs, noise_key)

    @jax.jit
    def act(params, obs, key):
        return net.apply(params, obs, key)

    q_values = []
    for _ in range(5):
        rng, step_key = jax.random.split(rng)
        q_values.append(act(params, obs, step_key))
    print("std across steps:", float(jnp.max(jnp.std(jnp.stack(q_values), axis=0))))


if __name__ == "__main__":
    main()
