# expect: none
# source: https://github.com/jax-ml/jax/issues/817
# mistake: opponent arrays are padded to a fixed maximum length with a mask, so every player's call has the same shape and the jitted likelihood compiles once.
import time

import jax
import jax.numpy as jnp
import numpy as np

TRACES = {"likelihood": 0}
Q = jnp.log(10.0) / 400.0
MAX_OPPONENTS = 32


def g(phi):
    return 1.0 / jnp.sqrt(1.0 + 3.0 * Q ** 2 * phi ** 2 / jnp.pi ** 2)


def expected_score(mu, mu_j, phi_j):
    return 1.0 / (1.0 + 10.0 ** (-g(phi_j) * (mu - mu_j) / 400.0))


@jax.jit
def calculate_approximate_likelihood(mu, phi, opponent_mus, opponent_phis, scores, mask):
    TRACES["likelihood"] += 1
    e = expected_score(mu, opponent_mus, opponent_phis)
    gj = g(opponent_phis)
    d2 = 1.0 / (Q ** 2 * jnp.sum(mask * gj ** 2 * e * (1 - e)))
    delta = Q / (1.0 / phi ** 2 + 1.0 / d2) * jnp.sum(mask * gj * (scores - e))
    return mu + delta, jnp.sqrt(1.0 / (1.0 / phi ** 2 + 1.0 / d2))


def pad(x, n):
    return jnp.concatenate([x, jnp.zeros((n - x.shape[0],), x.dtype)])


def update_ratings(ratings, rds, matches):
    new_ratings, new_rds = [], []
    for player, (opponents, scores) in enumerate(matches):
        k = opponents.shape[0]
        mask = pad(jnp.ones((k,), jnp.float32), MAX_OPPONENTS)
        opp = pad(opponents, MAX_OPPONENTS)
        mu, phi = calculate_approximate_likelihood(
            ratings[player], rds[player], ratings[opp], rds[opp], pad(scores, MAX_OPPONENTS), mask)
        new_ratings.append(mu)
        new_rds.append(phi)
    return jnp.stack(new_ratings), jnp.stack(new_rds)


def main():
    rng = np.random.default_rng(0)
    n_players = 30
    ratings = jnp.asarray(1500 + 100 * rng.standard_normal(n_players), jnp.float32)
    rds = jnp.full((n_players,), 200.0)
    matches = []
    for p in range(n_players):
        k = int(rng.integers(1, 25))
        opps = rng.choice([i for i in range(n_players) if i != p], size=k, replace=False)
        matches.append((jnp.asarray(opps), jnp.asarray(rng.integers(0, 2, k), jnp.float32)))
    t0 = time.perf_counter()
    r, d = update_ratings(ratings, rds, matches)
    r.block_until_ready()
    print(f"{n_players} players padded to {MAX_OPPONENTS}: likelihood traced {TRACES['likelihood']} time(s), "
          f"{time.perf_counter() - t0:.2f}s")
