# expect: none
# source: https://github.com/google/brax/issues/167
# mistake: None: the auto-reset wrapper keeps a key in the state, splits it at every episode end and resets with the fresh subkey, so episodes start from different states.
# kind: 4 PRNG reuse
import jax
import jax.numpy as jnp


class Hopper:
    def reset(self, rng):
        q = jax.random.uniform(rng, (3,), minval=-0.5, maxval=0.5)
        return {"q": q, "t": jnp.zeros((), jnp.int32), "done": jnp.array(False), "info": {}}

    def step(self, state, action):
        q = state["q"] + 0.1 * action
        t = state["t"] + 1
        return {"q": q, "t": t, "done": t >= 5, "info": state["info"]}


class AutoResetWrapper:
    def __init__(self, env):
        self.env = env

    def reset(self, rng):
        rng, sub = jax.random.split(rng)
        state = self.env.reset(sub)
        state["info"] = {"rng": rng}
        return state

    def step(self, state, action):
        state = self.env.step(state, action)
        rng, sub = jax.random.split(state["info"]["rng"])
        fresh = self.env.reset(sub)
        q = jnp.where(state["done"], fresh["q"], state["q"])
        t = jnp.where(state["done"], 0, state["t"])
        return {**state, "q": q, "t": t, "info": {"rng": rng}}


def main():
    env = AutoResetWrapper(Hopper())
    step = jax.jit(env.step)
    state = env.reset(jax.random.PRNGKey(0))
    starts = [state["q"]]
    key = jax.random.PRNGKey(1)
    for _ in range(20):
        key, sub = jax.random.split(key)
        state = step(state, jax.random.normal(sub, (3,)))
        if int(state["t"]) == 0:
            starts.append(state["q"])
    starts = jnp.stack(starts)
    assert not bool(jnp.all(starts == starts[0]))


if __name__ == "__main__":
    main()
