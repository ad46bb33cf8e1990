# expect: none
# source: https://github.com/patrick-kidger/equinox/issues/1071
# mistake: the loop threads the new_state returned by the jitted Counter.__call__ into the next iteration (the stateful-API contract), so the counter advances 0,1,2,3 even though the invalidation flag does not survive jit.
import jax
import jax.numpy as jnp

_sentinel = object()


class StateIndex:
    def __init__(self, init):
        self.init = init
        self.marker = id(self)


@jax.tree_util.register_pytree_node_class
class State:
    def __init__(self, values):
        self._state = dict(values)

    def get(self, index):
        if self._state is _sentinel:
            raise ValueError("Attempted to use old `State`. Use the new one returned by `set`.")
        return self._state[index.marker]

    def set(self, index, value):
        if self._state is _sentinel:
            raise ValueError("Attempted to use old `State`. Use the new one returned by `set`.")
        new = dict(self._state)
        new[index.marker] = value
        self._state = _sentinel
        return State(new)

    def tree_flatten(self):
        keys = tuple(self._state)
        return tuple(self._state[k] for k in keys), keys

    @classmethod
    def tree_unflatten(cls, keys, leaves):
        return cls(dict(zip(keys, leaves)))


class Counter:
    def __init__(self):
        self.index = StateIndex(jnp.array(0))

    def make_state(self):
        return State({self.index.marker: self.index.init})

    def __call__(self, x, state):
        value = state.get(self.index)
        new_x = x + value
        new_state = state.set(self.index, value + 1)
        return new_x, new_state


def main():
    counter = Counter()
    state = counter.make_state()
    call = jax.jit(lambda x, s: counter(x, s))
    x = jnp.array(0)
    xs = []
    for _ in range(4):
        new_x, state = call(x, state)
        xs.append(int(new_x))
    print("outputs:", xs, "counter in state:", int(state.get(counter.index)))
    print("counter advanced:", xs != [0, 0, 0, 0])
