# expect: bug
# source: https://github.com/jax-ml/jax/issues/575
# mistake: The jitted Metropolis-Hastings sampler runs Python for-loops whose body branches with `if dE < 0:` / `if rand < exp(-dE):` on traced energies (and appends states to a Python list), so tracing fails with a boolean-conversion error.
import itertools as it
from functools import partial

import jax.numpy as np
from jax import jit, random

N = 6

marg_1 = lambda i, x: x[i]
marg_2 = lambda i, j, x: x[i] * x[j]

marg_1s = [jit(partial(marg_1, i)) for i in range(N)]
marg_2s = [jit(partial(marg_2, i, j)) for i, j in it.combinations(range(N), r=2)]
funcs = marg_1s + marg_2s


@jit
def calc_e(factors, word):
    return np.sum(np.array([factor * func(word) for factor, func in zip(factors, funcs)]))


@partial(jit, static_argnums=(1, 2, 3))
def sample(factors, N=N, seed=0, n_samps=20):
    key = random.PRNGKey(seed)
    key, subkey = random.split(key)
    state = random.randint(subkey, minval=0, maxval=2, shape=(N,))
    all_states = []
    for _ in range(n_samps):
        all_states.append(state)
        for i in range(N):
            state_flipped = state.at[i].set(1 - state[i])
            dE = calc_e(factors, state_flipped) - calc_e(factors, state)
            if dE < 0:
                state = state_flipped
            else:
                key, subkey = random.split(key)
                rand = random.uniform(subkey, shape=(1,))
                if rand < np.exp(-dE):
                    state = state_flipped
    return all_states


def main():
    factors = random.normal(random.PRNGKey(1), (len(funcs),))
    samples = sample(factors)  # raises TracerBoolConversionError at `if dE < 0`
    print(len(samples))
