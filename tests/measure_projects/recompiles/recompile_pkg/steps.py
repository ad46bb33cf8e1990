"""Functions that the tests make jax compile again and again."""

from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


def scale_each(x, factors):
    out = []
    for f in factors:
        out.append(jax.jit(lambda v: v * f + 1.0)(x))  # a new lambda jitted per call
    return out


@partial(jax.jit, static_argnames="power")
def powered(x, power):
    return x ** power + 1.0


def powers(x, n):
    return [powered(x, power=p) for p in range(n)]  # a new static value per call


@jax.jit
def normalized(x):
    return x / jnp.sum(x)


def by_length(n):
    return [normalized(jnp.ones(k)) for k in range(1, n + 1)]  # a new shape per call


def cumulative(xs, c):
    # lax.scan outside jit with a new body each call: traced and compiled each time
    return jax.lax.scan(lambda carry, x: (carry + x * c, carry), 0.0, xs)[1]


@jax.jit
def cached(x):
    return jnp.cos(x) * 2.0


@dataclass(eq=False)
class Config:  # equal only to itself: a new one per call is a new static value to jit
    scale: float


@partial(jax.jit, static_argnums=1)
def configured(x, config):
    return x * config.scale


def sweep(x, n):
    return [configured(x, Config(2.0)) for _ in range(n)]  # the same repr, a new object


@jax.jit
def product(x, y):
    return x @ y


def precisions(x):
    out = []
    for precision in ("bfloat16", "tensorfloat32", "float32"):
        with jax.default_matmul_precision(precision):  # jit's cache keys on the config
            out.append(product(x, x))
    return out


def padded(lengths):
    # every input padded to 8: one shape, one compile
    return [normalized(jnp.pad(jnp.ones(k), (0, 8 - k), constant_values=1.0))
            for k in lengths]


@jax.jit
def shifted(x):
    return x + 1.0


def warmed_up(values):
    shifted(jnp.asarray(0.0))  # a weak type: the float32 values that follow compile again
    return [shifted(v) for v in values]
