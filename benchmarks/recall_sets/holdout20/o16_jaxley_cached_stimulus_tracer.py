# expect: bug
# source: https://github.com/jaxleyverse/jaxley/issues/74
# mistake: the simulator lazily builds and caches its time-stepping closure (over the stimulus currents) on a module-level network object the first time `solve` runs, which is inside `jit(vmap(simulate))`, so the later un-jitted loss reuses a closure holding leaked tracers.
import jax
import jax.numpy as jnp
from jax import jit, vmap

N_T = 199


class Stimuli:
    def __init__(self):
        self.currents = None

    def set_currents(self, currents):
        self.currents = currents
        return self


class Network:
    def __init__(self, n_comp):
        self.n_comp = n_comp
        self._step_fn = None  # cached after first use

    def _build_step(self, stimuli):
        currents = stimuli.currents

        def step(v, t):
            i_ext = currents[t]
            v = v + 0.025 * (-(v + 70.0) / 10.0 + i_ext)
            return v, v

        return step

    def solve(self, init_v, stimuli):
        if self._step_fn is None:
            self._step_fn = self._build_step(stimuli)
        _, vs = jax.lax.scan(self._step_fn, init_v, jnp.arange(N_T))
        return vs


network = Network(n_comp=784)
stimuli = Stimuli()
init_v = -70.0 * jnp.ones(784)
i_amp = 0.1


def simulate(mem_params, image):
    new_current = jnp.zeros((N_T, 784))
    new_current = new_current.at[80:, :].set(i_amp / 255 * image * mem_params * jnp.ones((784,)))
    stims = stimuli.set_currents(new_current)
    return network.solve(init_v, stims)


def main():
    train_images = jax.random.uniform(jax.random.PRNGKey(0), (4, 784)) * 255
    train_labels = jnp.zeros(4)
    mem_params = jnp.array(1.0)

    jitted_sim = jit(vmap(simulate, in_axes=(None, 0)))
    traces = jitted_sim(mem_params, train_images)
    print("jitted simulation:", traces.shape)

    def loss(mem_params, image, label):
        s = simulate(mem_params, image)
        return jnp.abs(s[-1, 0] - label)

    try:
        l = vmap(loss, in_axes=(None, 0, 0))(mem_params, train_images, train_labels)
        print("loss:", l)
    except Exception as e:  # noqa: BLE001
        print(f"{type(e).__name__}: {str(e).splitlines()[0][:160]}")


if __name__ == "__main__":
    main()
