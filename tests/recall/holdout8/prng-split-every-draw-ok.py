# expect: none
# source: https://github.com/GALVINLAI/lai_PSR_RCBCD
# mistake: looks like a key threaded through a Python loop, but each iteration splits it into new_key/subkey, consumes only the subkey and carries new_key forward, so every draw is fresh
# kind: 4 prng-reuse
from jax import random


def main():
    key = random.PRNGKey(12)
    draws = []
    for i in range(3):
        new_key, subkey = random.split(key)
        del key  # the old key is consumed by split()

        val = random.normal(subkey)
        del subkey  # the subkey is consumed by normal()

        print(f"draw {i}: {val}")
        draws.append(float(val))
        key = new_key  # new_key is safe to use in the next iteration
    assert len(set(draws)) == 3


if __name__ == "__main__":
    main()
