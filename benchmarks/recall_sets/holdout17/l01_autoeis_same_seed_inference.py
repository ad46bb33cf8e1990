# expect: bug
# source: https://github.com/AUTODIAL/AutoEIS/issues/46
# mistake: `perform_bayesian_inference` builds its key with `jax.random.PRNGKey(0)` inside the function, so the loop that runs inference for each candidate circuit (and each repeat) reuses the identical random stream: every MCMC run starts from the same draws and the "independent" repeats are copies of each other.
import jax
import jax.numpy as jnp


def circuit_impedance(params, freq):
    R0, R1, C1 = params[0], params[1], params[2]
    w = 2 * jnp.pi * freq
    return R0 + R1 / (1 + 1j * w * R1 * C1)


def log_likelihood(params, freq, Z):
    Zp = circuit_impedance(jnp.exp(params), freq)
    return -0.5 * jnp.sum(jnp.abs(Z - Zp) ** 2) / 0.01


def perform_bayesian_inference(freq, Z, num_warmup=100, num_samples=200):
    rng_key = jax.random.PRNGKey(0)
    key_init, key_chain = jax.random.split(rng_key)
    init = jax.random.normal(key_init, (3,))

    def step(carry, key):
        p, lp = carry
        k1, k2 = jax.random.split(key)
        prop = p + 0.05 * jax.random.normal(k1, p.shape)
        lp_prop = log_likelihood(prop, freq, Z)
        acc = jnp.log(jax.random.uniform(k2)) < lp_prop - lp
        p = jnp.where(acc, prop, p)
        return (p, jnp.where(acc, lp_prop, lp)), p

    _, samples = jax.lax.scan(step, (init, log_likelihood(init, freq, Z)),
                              jax.random.split(key_chain, num_warmup + num_samples))
    return samples[num_warmup:]


def main():
    freq = jnp.logspace(-1, 4, 30)
    Z = circuit_impedance(jnp.array([10.0, 100.0, 1e-4]), freq)
    runs = []
    for repeat in range(3):
        runs.append(perform_bayesian_inference(freq, Z))
    print("repeats 1,2 identical to repeat 0:", [bool(jnp.array_equal(runs[0], r)) for r in runs[1:]])
