# expect: bug
# source: https://github.com/blackjax-devs/blackjax/issues/1009
# mistake: Pathfinder evaluates the ELBO of every L-BFGS path with one jax.vmap, so the per-path Monte Carlo draws for all paths are materialised at once where lax.map with a batch_size would bound peak memory.
# kind: 8 vmap out of memory where lax.map(batch_size) serves
import jax
import jax.numpy as jnp

NUM_PATHS, NUM_DRAWS, DIM = 512, 256, 64


def logdensity(x):
    return -0.5 * jnp.sum(x**2, axis=-1)


def path_finder_body_fn(key, mean, log_diag):
    draws = mean + jnp.exp(log_diag) * jax.random.normal(key, (NUM_DRAWS, DIM))
    logq = -0.5 * jnp.sum(((draws - mean) / jnp.exp(log_diag)) ** 2, axis=-1) - jnp.sum(log_diag)
    return jnp.mean(logdensity(draws) - logq)


def approximate(key, means, log_diags):
    keys = jax.random.split(key, NUM_PATHS)
    elbo = jax.vmap(path_finder_body_fn)(keys, means, log_diags)
    return jnp.argmax(elbo)


def largest_intermediate_bytes(jaxpr):
    best = 0
    for eqn in jaxpr.eqns:
        for v in eqn.outvars:
            aval = v.aval
            if hasattr(aval, "shape"):
                best = max(best, aval.size * aval.dtype.itemsize)
        for p in eqn.params.values():
            sub = getattr(p, "jaxpr", None)
            if sub is not None:
                best = max(best, largest_intermediate_bytes(getattr(sub, "jaxpr", sub)))
    return best


def main():
    means = jnp.zeros((NUM_PATHS, DIM))
    log_diags = jnp.zeros((NUM_PATHS, DIM))
    jaxpr = jax.make_jaxpr(approximate)(jax.random.key(0), means, log_diags).jaxpr
    peak = largest_intermediate_bytes(jaxpr)
    budget = 16 * NUM_DRAWS * DIM * 4  # 16 paths' worth of draws
    if peak > budget:
        print(f"SYMPTOM: largest intermediate is {peak / 2**20:.0f} MiB "
              f"({peak // (NUM_DRAWS * DIM * 4)} paths of draws at once)")


if __name__ == "__main__":
    main()
