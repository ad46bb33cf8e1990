# expect: bug
# source: https://github.com/PennyLaneAI/pennylane/pull/5515
# mistake: A simulator samples every shot (and every circuit in a batch) with the same PRNG key passed down from
#   execute(), so all shots return the same mid-circuit measurement outcome and the statistics are degenerate.
# case: prng-same-key-per-shot
# kind: mistake
# rules: none
# jax: symptom RESULT == 1
# note: The PR splits the device's prng_key per circuit and per shot for native mid-circuit measurements ("If the
#   splitting is not performed, all samples will be either 0 or 1"); this reproduces the unsplit path with a toy
#   one-qubit device.
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
        outcome = self._measure(circuit["theta"], key)          # mid-circuit measurement
        return outcome

    def execute(self, circuits):
        results = []
        for circuit in circuits:
            shots = [self.simulate_one_shot(circuit, self.prng_key) for _ in range(self.shots)]
            results.append(shots)
        return results


def main():
    dev = ToyDevice(shots=20, prng_key=jax.random.key(123))
    results = dev.execute([{"theta": jnp.pi / 2}, {"theta": jnp.pi / 3}])
    return len({o for shots in results for o in shots})      # distinct outcomes across all shots


if __name__ == "__main__":
    RESULT = main()
