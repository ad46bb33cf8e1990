# expect: none
# source: https://github.com/PennyLaneAI/pennylane/pull/5515
# mistake: Looks like the device passing one prng_key into the shot loop, but the key is split into one key per
#   circuit and one per shot before sampling, so outcomes vary from shot to shot.
# case: prng-same-key-per-shot-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT == 1
# pair: prng-same-key-per-shot
# note: The PR's fix: split the key into n keys for n circuits and s keys for s shots.
import jax
import jax.numpy as jnp


class ToyDevice:
    def __init__(self, shots, prng_key):
        self.shots = shots
        self.prng_key = prng_key

    def _measure(self, theta, key):
        p1 = jnp.sin(theta / 2) ** 2
        return int(jax.random.bernoulli(key, p1))

    def simulate_one_shot(self, circuit, key):
        return self._measure(circuit["theta"], key)

    def execute(self, circuits):
        results = []
        circuit_keys = jax.random.split(self.prng_key, len(circuits))
        for circuit, ckey in zip(circuits, circuit_keys):
            shot_keys = jax.random.split(ckey, self.shots)
            results.append([self.simulate_one_shot(circuit, k) for k in shot_keys])
        return results


def main():
    dev = ToyDevice(shots=20, prng_key=jax.random.key(123))
    results = dev.execute([{"theta": jnp.pi / 2}, {"theta": jnp.pi / 3}])
    return len({o for shots in results for o in shots})


if __name__ == "__main__":
    RESULT = main()
