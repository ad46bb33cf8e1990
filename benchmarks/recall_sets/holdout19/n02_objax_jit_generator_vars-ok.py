# expect: none
# source: https://github.com/google/objax/issues/208
# mistake: the default Generator's variables are passed to Jit (DEFAULT_GENERATOR.vars()), so the key is an input and output of the compiled function and advances on every call in the loop, giving fresh numbers each time.
import jax
import jax.numpy as jnp


class RandomState:
    def __init__(self, seed=0):
        self.value = jax.random.PRNGKey(seed)

    def split(self, n=1):
        values = jax.random.split(self.value, n + 1)
        self.value = values[0]
        return values[1:]


class Generator:
    def __init__(self, seed=0):
        self.key = RandomState(seed)

    def __call__(self):
        return self.key.split(1)[0]

    def vars(self):
        return VarCollection({"Generator.key": self.key})


class VarCollection(dict):
    def tensors(self):
        return [v.value for v in self.values()]

    def assign(self, tensors):
        for v, t in zip(self.values(), tensors):
            v.value = t


DEFAULT_GENERATOR = Generator(0)


def uniform(shape, generator=DEFAULT_GENERATOR):
    return jax.random.uniform(generator(), shape)


class Jit:
    def __init__(self, f, vc):
        self.vc = vc

        def pure(tensors, *args):
            original = self.vc.tensors()
            self.vc.assign(tensors)
            out = f(*args)
            new = self.vc.tensors()
            self.vc.assign(original)
            return out, new

        self._call = jax.jit(pure)

    def __call__(self, *args):
        out, new = self._call(self.vc.tensors(), *args)
        self.vc.assign(new)
        return out


def function():
    d = uniform((1,))
    return d


def main():
    function_jit = Jit(function, DEFAULT_GENERATOR.vars())
    jitted = [float(function_jit()[0]) for _ in range(3)]
    print("jitted calls:", jitted)
    print("jitted calls all identical:", len(set(jitted)) == 1)
