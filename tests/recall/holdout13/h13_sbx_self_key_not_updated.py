# expect: bug
# source: https://github.com/araffin/sbx/issues/45
# mistake: The jitted _train returns a new PRNG key but train() never stores it back into self.key, so every gradient phase reuses the same key and draws identical noise.
# kind: 4 PRNG keys reused across loop steps
import functools

import jax
import jax.numpy as jnp


class SAC:
    def __init__(self, seed=0, gradient_steps=4):
        self.key = jax.random.key(seed)
        self.gradient_steps = gradient_steps
        self.actor = jnp.zeros(3)
        self.noise_log = []

    @staticmethod
    @functools.partial(jax.jit, static_argnames=("gradient_steps",))
    def _train(actor, key, gradient_steps):
        def update(carry, _):
            actor, key = carry
            key, noise_key = jax.random.split(key)
            eps = jax.random.normal(noise_key, actor.shape)
            return (actor - 0.1 * (actor - eps), key), eps

        (actor, key), noise = jax.lax.scan(update, (actor, key), None, length=gradient_steps)
        return actor, key, noise

    def train(self):
        self.actor, _, noise = self._train(self.actor, self.key, self.gradient_steps)
        self.noise_log.append(noise)


def main():
    model = SAC()
    for _ in range(3):  # learn(): one train() per rollout
        model.train()
    a, b = model.noise_log[0], model.noise_log[2]
    if bool(jnp.array_equal(a, b)):
        print("SYMPTOM: train() calls 1 and 3 drew bit-identical exploration noise")


if __name__ == "__main__":
    main()
