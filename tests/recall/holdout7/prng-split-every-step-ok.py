# expect: none
# source: https://openillumi.com/en/en-jax-rngkey-iteration-best-practice
# mistake: Looks like one key reused across a Python training loop, but it is split at every iteration into a carry key
#   and a fresh subkey, and only the subkey is consumed, so each step draws new noise.
# case: prng-split-every-step-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT is True
# note: The Stack Overflow question behind the article compares split-and-discard, fold_in and split-with-subkey
#   patterns; this uses the recommended `key, subkey = split(key)` in a noisy SGD loop and checks no two steps drew
#   the same noise.
import jax
import jax.numpy as jnp
import numpy as np


def noisy_sgd_step(w, x, y, key, lr=0.1, noise=0.01):
    g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    eps = noise * jax.random.normal(key, w.shape)
    return w - lr * g + eps, eps


def main():
    key = jax.random.key(0)
    x = jnp.ones((8, 3))
    y = jnp.ones(8)
    w = jnp.zeros(3)
    noises = []
    for step in range(6):
        key, subkey = jax.random.split(key)
        w, eps = noisy_sgd_step(w, x, y, subkey)
        noises.append(np.asarray(eps))
    repeated = any(np.array_equal(a, b) for i, a in enumerate(noises) for b in noises[i + 1:])
    return repeated


if __name__ == "__main__":
    RESULT = main()
