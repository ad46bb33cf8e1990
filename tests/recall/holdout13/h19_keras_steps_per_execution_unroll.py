# expect: bug
# source: https://github.com/keras-team/keras/pull/20412
# mistake: The jitted multi-step train function loops over steps_per_execution batches with a Python for loop, so the train step is unrolled once per step and the traced program grows with steps_per_execution.
# kind: 6 Python loops unrolled under jit
import functools

import jax
import jax.numpy as jnp


def train_step(state, batch):
    w, opt = state
    x, y = batch
    grads = jax.grad(lambda w: jnp.mean((jnp.tanh(x @ w) - y) ** 2))(w)
    opt = 0.9 * opt + grads
    return (w - 1e-2 * opt, opt)


class JAXTrainer:
    def __init__(self, steps_per_execution):
        self.steps_per_execution = steps_per_execution

    def make_train_function(self):
        def multi_step_on_data(state, data):
            for i in range(self.steps_per_execution):
                state = train_step(state, (data[0][i], data[1][i]))
            return state

        return jax.jit(multi_step_on_data)


def count_eqns(jaxpr):
    n = 0
    for eqn in jaxpr.eqns:
        n += 1
        for v in eqn.params.values():
            if hasattr(v, "jaxpr"):
                n += count_eqns(v.jaxpr if hasattr(v.jaxpr, "eqns") else v.jaxpr.jaxpr)
    return n


def main():
    sizes = {}
    for spe in (1, 10):
        fn = JAXTrainer(spe).make_train_function()
        state = (jnp.zeros((8, 1)), jnp.zeros((8, 1)))
        data = (jnp.ones((spe, 32, 8)), jnp.ones((spe, 32, 1)))
        fn(state, data)
        sizes[spe] = count_eqns(jax.make_jaxpr(fn)(state, data).jaxpr)
    if sizes[10] > 3 * sizes[1]:
        print(f"SYMPTOM: traced train function has {sizes[1]} equations at steps_per_execution=1 "
              f"and {sizes[10]} at 10")


if __name__ == "__main__":
    main()
