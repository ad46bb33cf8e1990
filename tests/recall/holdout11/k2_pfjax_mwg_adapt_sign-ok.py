# expect: none
# source: https://github.com/mlysy/pfjax/issues/3
# mistake: (fixed) the adaptation direction is computed arithmetically with jnp.sign(accept_rate - targ_acc), so no Python branch depends on the traced acceptance rate.
# kind: 2 traced values in Python control flow and shapes
import jax
import jax.numpy as jnp
from jax import lax, random


class AdaptiveMWG:
    def __init__(self, logpost, rw_sd, targ_acc=0.44, adapt_max=0.01, adapt_rate=0.5):
        self.logpost = logpost
        self.rw_sd = rw_sd
        self.targ_acc = targ_acc
        self.adapt_max = adapt_max
        self.adapt_rate = adapt_rate

    def mwg_adapt(self, rw_sd, accept_rate, n_iter):
        delta = jnp.minimum(self.adapt_max, 1.0 / n_iter ** self.adapt_rate)
        if self.targ_acc <= 0:  # configuration check on a Python float
            raise ValueError("targ_acc must be positive")
        low_acc = jnp.sign(self.targ_acc - accept_rate)
        return jnp.exp(jnp.log(rw_sd) - delta * low_acc)

    def step(self, carry, key):
        theta, rw_sd, n_accept, n_iter = carry
        k1, k2 = random.split(key)
        prop = theta + rw_sd * random.normal(k1, theta.shape)
        accept = jnp.log(random.uniform(k2)) < self.logpost(prop) - self.logpost(theta)
        theta = jnp.where(accept, prop, theta)
        n_accept = n_accept + accept
        n_iter = n_iter + 1
        rw_sd = self.mwg_adapt(rw_sd, n_accept / n_iter, n_iter)
        return (theta, rw_sd, n_accept, n_iter), theta

    def run(self, key, theta0, n_steps):
        keys = random.split(key, n_steps)
        init = (theta0, self.rw_sd, jnp.zeros(()), jnp.zeros(()))
        return lax.scan(self.step, init, keys)


def main():
    logpost = lambda th: -0.5 * jnp.sum((th - 2.0) ** 2)
    sampler = AdaptiveMWG(logpost, rw_sd=jnp.array(1.0))
    (_, rw_sd, _, _), draws = jax.jit(sampler.run, static_argnums=2)(random.PRNGKey(0), jnp.zeros(2), 500)
    print(float(rw_sd), float(draws.mean()))


if __name__ == "__main__":
    main()
