# expect: bug
# source: https://github.com/google/dopamine/issues/189
# mistake: The NoisyNet layer keeps its PRNG key as a module attribute fixed at construction, so every acting step of the loop draws exactly the same weight noise and exploration collapses to a fixed linear map.
# kind: 4 PRNG keys reused across loop steps
import flax.linen as nn
import jax
import jax.numpy as jnp


class NoisyNetwork(nn.Module):
    features: int
    rng_key: jax.Array
    eval_mode: bool = False

    @nn.compact
    def __call__(self, x):
        def f(v):
            return jnp.sign(v) * jnp.sqrt(jnp.abs(v))

        in_dim = x.shape[-1]
        mu_w = self.param("mu_w", nn.initializers.lecun_uniform(), (in_dim, self.features))
        sigma_w = self.param("sigma_w", nn.initializers.constant(0.5 / jnp.sqrt(in_dim)), (in_dim, self.features))
        mu_b = self.param("mu_b", nn.initializers.zeros, (self.features,))
        sigma_b = self.param("sigma_b", nn.initializers.constant(0.5 / jnp.sqrt(in_dim)), (self.features,))
        if self.eval_mode:
            return x @ mu_w + mu_b
        p_key, q_key = jax.random.split(self.rng_key)
        p = f(jax.random.normal(p_key, (in_dim, 1)))
        q = f(jax.random.normal(q_key, (1, self.features)))
        w = mu_w + sigma_w * (p * q)
        b = mu_b + sigma_b * jnp.squeeze(q)
        return x @ w + b


def main():
    net = NoisyNetwork(features=3, rng_key=jax.random.PRNGKey(42))
    obs = jnp.ones((1, 4))
    params = net.init(jax.random.PRNGKey(0), obs)

    @jax.jit
    def act(params, obs):
        return net.apply(params, obs)

    q_values = [act(params, obs) for _ in range(5)]  # five acting steps, same params
    n_identical = sum(bool(jnp.array_equal(q, q_values[0])) for q in q_values[1:])
    if n_identical == len(q_values) - 1:
        print(f"SYMPTOM: {len(q_values)} noisy forward passes gave bitwise identical Q-values "
              f"{q_values[0].round(4).tolist()}")


if __name__ == "__main__":
    main()
