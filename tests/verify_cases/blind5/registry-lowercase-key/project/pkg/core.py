import jax

ACTIVATIONS = {}


def register(name):
    def deco(fn):
        ACTIVATIONS[name] = fn
        return fn

    return deco


@register("relu")
def relu(x):
    return jax.nn.relu(x)


@register("gelu")
def gelu(x):
    return jax.nn.gelu(x)


@register("Swish")
def swish(x):
    return jax.nn.swish(x)


def get(name):
    return ACTIVATIONS[name]
