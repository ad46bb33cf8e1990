# expect: bug
# source: https://github.com/asantini29/phentax/pull/28
# mistake: The number of time steps is computed as int(jnp.ceil(T / delta_t)) inside a jitted
#   waveform generator where T is a traced argument; int() cannot concretize the tracer.
# case: traced-control-flow-int-ceil-steps
# kind: mistake
# rules: SCN211
# jax: raises Abstract tracer value encountered where concrete value is expected
# note: The PR fixed initial_processing in IMRPhenomTHM by replacing int(jnp.ceil(T / delta_t)) with
#   math.ceil on concrete Python floats; here the waveform is a damped chirp and T is an argument of
#   the jitted entry point rather than an attribute.
import jax
import jax.numpy as jnp


class ChirpWaveform:
    def __init__(self, f0=20.0, tau=0.5):
        self.f0 = f0
        self.tau = tau

    def initial_processing(self, T, delta_t):
        n_steps = int(jnp.ceil(T / delta_t))
        return n_steps

    def generate(self, T, delta_t=1.0 / 256):
        n_steps = self.initial_processing(T, delta_t)
        t = jnp.arange(n_steps) * delta_t
        return jnp.exp(-t / self.tau) * jnp.sin(2 * jnp.pi * self.f0 * t * (1 + t))


def main():
    wf = ChirpWaveform()
    generate = jax.jit(wf.generate)
    return generate(jnp.float32(2.0))


if __name__ == "__main__":
    RESULT = main()
