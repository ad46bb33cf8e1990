# expect: bug
# source: https://github.com/pyro-ppl/numpyro/issues/2
# mistake: the minipyro-style SVI.step method wraps a freshly defined loss closure in jax.jit on every call, so the jitted function is compiled again at every optimisation step instead of being cached
# kind: 1 recompile
import jax
import jax.numpy as jnp

TRACES = 0


def model(data, loc):
    return -0.5 * jnp.sum((data - loc) ** 2)


def guide_params_init():
    return {"loc": jnp.zeros(())}


class SVI:
    def __init__(self, model, lr=0.1):
        self.model = model
        self.lr = lr
        self.params = guide_params_init()

    def step(self, data):
        def loss(params):
            global TRACES
            TRACES += 1
            return -self.model(data, params["loc"])

        jitted = jax.jit(jax.value_and_grad(loss))
        value, grads = jitted(self.params)
        self.params = jax.tree_util.tree_map(lambda p, g: p - self.lr * g, self.params, grads)
        return value


def main():
    data = jnp.array([0.5, 1.0, 1.5])
    svi = SVI(model)
    for _ in range(6):
        svi.step(data)
    print("loc:", float(svi.params["loc"]), "traces:", TRACES)
    if TRACES > 1:
        print("SYMPTOM: the step's jitted loss recompiled at every step")


if __name__ == "__main__":
    main()
