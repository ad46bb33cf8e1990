# expect: bug
# source: https://github.com/dfm/tinygp/issues/239
# mistake: The convergence-check loop builds a new sampler (and with it a new jitted closure over the GP model) every round, so each extra batch of MCMC samples retraces and recompiles the whole chain.
# kind: 1 recompiles
import functools

import jax
import jax.numpy as jnp
from jax import lax, random


def gp_loglike(theta, t, y):
    # damped random walk (Celerite-like) likelihood in innovations form
    amp, ell = jnp.exp(theta[0]), jnp.exp(theta[1])
    phi = jnp.exp(-jnp.diff(t) / ell)
    resid = y[1:] - phi * y[:-1]
    var = amp * (1.0 - phi**2) + 0.1
    return -0.5 * jnp.sum(resid**2 / var + jnp.log(2 * jnp.pi * var))


class RandomWalkMCMC:
    def __init__(self, logdensity, num_samples, step=0.1):
        self.logdensity = logdensity
        self.num_samples = num_samples
        self.step = step

    def run(self, key, init):
        def one_step(theta, k):
            k1, k2 = random.split(k)
            prop = theta + self.step * random.normal(k1, theta.shape)
            accept = jnp.log(random.uniform(k2)) < self.logdensity(prop) - self.logdensity(theta)
            theta = jnp.where(accept, prop, theta)
            return theta, theta

        @jax.jit
        def sample(key, init):
            return lax.scan(one_step, init, random.split(key, self.num_samples))

        return sample(key, init)


def main():
    t = jnp.linspace(0.0, 10.0, 12)
    y = jnp.sin(t)
    traces = []
    logdensity = functools.partial(gp_loglike, t=t, y=y)

    def on_event(name, secs, **kw):
        if name == "/jax/core/compile/jaxpr_trace_duration":
            traces.append(secs)

    jax.monitoring.register_event_duration_secs_listener(on_event)
    key = random.key(0)
    theta = jnp.zeros(2)
    chain = []
    for rnd in range(3):  # "run until R-hat < 1.01"
        key, sub = random.split(key)
        mcmc = RandomWalkMCMC(logdensity, num_samples=20)
        theta, samples = mcmc.run(sub, theta)
        chain.append(samples)
        if rnd == 0:
            n_after_first = len(traces)
    extra = len(traces) - n_after_first
    if extra:
        print(f"SYMPTOM: {extra} new traces in the last 2 convergence rounds (same shapes, expected 0)")


if __name__ == "__main__":
    main()
