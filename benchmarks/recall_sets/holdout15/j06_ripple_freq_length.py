# expect: bug
# source: https://github.com/tedwards2412/ripple/issues/4
# mistake: The waveform generator is jitted by default and is called with frequency arrays whose length changes from call to call (heterodyne/relative binning grids), so XLA recompiles it for every new length.
import jax
import jax.numpy as jnp
import numpy as np

TRACES = {"phenomd": 0}


@jax.jit
def gen_IMRPhenomD_polar(f, theta, f_ref):
    TRACES["phenomd"] += 1
    m1, m2, chi1, chi2, dist, tc, phic, inc = theta
    mc = (m1 * m2) ** 0.6 / (m1 + m2) ** 0.2
    amp = mc ** (5.0 / 6.0) * f ** (-7.0 / 6.0) / dist
    psi = 2 * jnp.pi * f * tc - phic + 3.0 / 128.0 * (jnp.pi * mc * f) ** (-5.0 / 3.0)
    h0 = amp * jnp.exp(-1j * psi)
    hp = h0 * (1 + jnp.cos(inc) ** 2) / 2
    hc = -1j * h0 * jnp.cos(inc)
    return hp, hc


def heterodyne_grid(fmin, fmax, n_bins):
    # relative-binning grid: number of frequency nodes depends on the band
    return jnp.asarray(np.geomspace(fmin, fmax, n_bins))


def log_likelihood(theta, fmin, fmax):
    # number of bins chosen from the proposal's chirp mass (dynamic length)
    m1, m2 = float(theta[0]), float(theta[1])
    n_bins = int(40 + 2 * (m1 * m2) ** 0.6 / (m1 + m2) ** 0.2)
    f = heterodyne_grid(fmin, fmax, n_bins)
    hp, hc = gen_IMRPhenomD_polar(f, theta, 20.0)
    return jnp.sum(jnp.abs(hp) ** 2 + jnp.abs(hc) ** 2)


def main():
    theta = jnp.array([30.0, 25.0, 0.1, -0.1, 400.0, 0.0, 0.3, 0.5])
    key = jax.random.key(1)
    for step in range(8):  # sampler proposals
        key, sub = jax.random.split(key)
        proposal = theta.at[:2].add(3.0 * jax.random.normal(sub, (2,)))
        ll = log_likelihood(proposal, 20.0, 1024.0)
    print("log-likelihood proxy:", float(ll))
    print("compiled variants of gen_IMRPhenomD_polar after 8 proposals:",
          gen_IMRPhenomD_polar._cache_size())
    print("traces:", TRACES["phenomd"])
    assert gen_IMRPhenomD_polar._cache_size() > 3
