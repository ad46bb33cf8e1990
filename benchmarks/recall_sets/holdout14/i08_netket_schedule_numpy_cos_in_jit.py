# expect: bug
# source: https://github.com/netket/netket/issues/908
# mistake: the SGD-with-restarts schedule uses np.cos on the step count, and the driver's jitted parameter update evaluates the schedule on a traced step inside the optimisation loop, so NumPy is handed a tracer and the run fails.
import jax
import jax.numpy as jnp
import numpy as np
import optax

eta = 0.05
pi = np.pi


def schedule(n):
    restart = 100
    return (1 + np.cos(pi * (n % restart) / restart)) * eta


class VariationalDriver:
    def __init__(self, optimizer, params, energy_fn):
        self._optimizer = optimizer
        self.params = params
        self.optimizer_state = optimizer.init(params)
        self._energy_fn = energy_fn

        @jax.jit
        def update_parameters(optimizer_state, params, grads):
            updates, optimizer_state = optimizer.update(grads, optimizer_state, params)
            return optimizer_state, optax.apply_updates(params, updates)

        self._update_parameters = update_parameters

    def iter(self, n_iter):
        for step in range(n_iter):
            energy, grads = jax.value_and_grad(self._energy_fn)(self.params)
            self.optimizer_state, self.params = self._update_parameters(self.optimizer_state, self.params, grads)
            yield step, energy

    def run(self, n_iter):
        return [float(e) for _, e in self.iter(n_iter)]


def main():
    op = optax.sgd(schedule)
    energy_fn = lambda p: jnp.sum((p["a"] - 0.5) ** 2)
    gs = VariationalDriver(op, {"a": jnp.ones(3)}, energy_fn)
    energies = gs.run(n_iter=5)
    print(energies)
    return energies


if __name__ == "__main__":
    main()
