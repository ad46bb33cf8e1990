# expect: none
# source: https://github.com/araffin/sbx/issues/45
# mistake: Look-alike: train() stores the key returned by the jitted _train back into self.key, so each call continues the random stream.
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
        self.actor, self.key, noise = self._train(self.actor, self.key, self.gradient_steps)
        self.noise_log.append(noise)


def main():
    model = SAC()
    for _ in range(3):  # learn(): one train() per rollout
        model.train()
    a, b = model.noise_log[0], model.noise_log[2]
    assert not bool(jnp.array_equal(a, b))


if __name__ == "__main__":
    main()
