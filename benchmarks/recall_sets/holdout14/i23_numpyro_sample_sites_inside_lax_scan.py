# expect: bug
# source: https://github.com/pyro-ppl/numpyro/issues/566
# mistake: the state-space model calls the effectful sample primitive inside the lax.scan transition, so the trace handler on the global handler stack records the scan body's traced values as a side effect and Predictive later reads those escaped tracers, failing with UnexpectedTracerError.
import jax
import jax.numpy as jnp
from jax.random import PRNGKey

_HANDLER_STACK = []


class trace:
    def __enter__(self):
        self.trace = {}
        _HANDLER_STACK.append(self)
        return self.trace

    def __exit__(self, *exc):
        _HANDLER_STACK.pop()

    def process_message(self, msg):
        self.trace[msg["name"]] = msg.copy()


def sample(name, loc, scale, rng_key):
    value = loc + scale * jax.random.normal(rng_key)
    msg = {"name": name, "value": value}
    for handler in reversed(_HANDLER_STACK):
        handler.process_message(msg)
    return msg["value"]


def target(rng_key, T=10, q=1.0, r=1.0, phi=0.5, beta=0.5):
    k0, k1, k2 = jax.random.split(rng_key, 3)

    def transition(state, xs):
        i, key = xs
        key1, key2 = jax.random.split(key)
        x0, mu0 = state
        x1 = sample(f"x_{i}", phi * x0, q, key1)
        mu1 = beta * mu0 + x1
        y1 = sample(f"y_{i}", mu1, r, key2)
        return (x1, mu1), (x1, y1)

    mu0 = x0 = sample("x_0", 0.0, q, k0)
    y0 = sample("y_0", mu0, r, k1)
    _, xy = jax.lax.scan(transition, (x0, mu0), (jnp.arange(1, T), jax.random.split(k2, T - 1)))
    x, y = xy
    return jnp.append(x0, x), jnp.append(y0, y)


def predictive(model, rng_key, num_samples, **kwargs):
    samples = []
    for key in jax.random.split(rng_key, num_samples):
        with trace() as tr:
            model(key, **kwargs)
        samples.append({name: jnp.asarray(site["value"]) + 0.0 for name, site in tr.items()})
    return samples


def main():
    prior_samples = predictive(target, PRNGKey(2), num_samples=3, T=10)
    print(list(prior_samples[0]))
    return prior_samples


if __name__ == "__main__":
    main()
