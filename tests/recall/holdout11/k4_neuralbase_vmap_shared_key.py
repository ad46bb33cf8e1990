# expect: bug
# source: https://theneuralbase.com/jax/learn/intermediate/best-practices-for-key-management/
# mistake: Each scan step splits a fresh key but hands that one key to all vmapped workers (in_axes=None), so the 32 parallel random walks draw identical noise at every step.
# kind: 4 PRNG keys reused across loop steps
import jax
import jax.numpy as jnp
from jax import lax, random


def worker_step(position, key, drift):
    noise = random.normal(key, position.shape)
    return position + drift + 0.1 * noise


def simulate(key, drifts, n_steps=50):
    positions = jnp.zeros((drifts.shape[0], 2))

    def step(carry, _):
        positions, key = carry
        key, subkey = random.split(key)
        positions = jax.vmap(worker_step, in_axes=(0, None, 0))(positions, subkey, drifts)
        return (positions, key), positions

    (_, _), path = lax.scan(step, (positions, key), None, length=n_steps)
    return path


def main():
    drifts = jnp.zeros((32, 2))  # same drift: only the noise can tell the workers apart
    path = jax.jit(simulate)(random.PRNGKey(0), drifts)
    final = path[-1]
    same = bool(jnp.all(final == final[0]))
    if same:
        print(f"SYMPTOM: after 50 steps all 32 workers sit at the same point "
              f"{final[0].round(4).tolist()} (per-worker noise was identical at every step)")


if __name__ == "__main__":
    main()
