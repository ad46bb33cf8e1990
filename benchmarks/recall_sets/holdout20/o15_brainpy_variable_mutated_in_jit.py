# expect: bug
# source: https://github.com/brainpy/BrainPy/pull/195
# mistake: a jitted update step mutates `.value` on Python state objects as a side effect; when the step fails part-way the state is left holding a leaked tracer, and later steps of the loop use it.
import jax
import jax.numpy as jnp


class Variable:
    def __init__(self, value):
        self.value = jnp.asarray(value)

    def __repr__(self):
        return f"Variable({self.value!r})"


class LIF:
    def __init__(self, n):
        self.V = Variable(jnp.zeros(n))
        self.spike = Variable(jnp.zeros(n, dtype=bool))
        self.t_last_spike = jnp.full(n, -1e7)  # plain array, not a Variable

    def update(self, t, I):
        V = self.V.value + 0.1 * (-self.V.value + I)
        spike = V > 1.0
        self.V.value = jnp.where(spike, 0.0, V)
        self.spike.value = spike
        # mistake in the user's model: this field was never declared as a Variable
        if not isinstance(self.t_last_spike, Variable):
            raise TypeError("t_last_spike created outside of the jit function cannot be updated in JIT mode")
        self.t_last_spike.value = jnp.where(spike, t, self.t_last_spike.value)


def main():
    neu = LIF(4)

    @jax.jit
    def step(t):
        neu.update(t, 2.0)

    for t in range(3):
        try:
            step(float(t))
        except TypeError as e:
            print(f"step {t}: TypeError: {e}")
        print(f"  after step {t}: V holds {type(neu.V.value).__name__}")
    try:
        print(jnp.sum(neu.V.value))
    except Exception as e:  # noqa: BLE001
        print(f"{type(e).__name__}: {str(e).splitlines()[0][:160]}")


if __name__ == "__main__":
    main()
