# expect: bug
# source: https://github.com/patrick-kidger/equinox/issues/588
# mistake: following the 'lax.cond under vmap evaluates both branches' advice, the per-sample function computes both branches and selects with `jnp.where(pred, true_fn(x), false_fn(x))` without a dummy value, so `false_fn`'s `1 / x` is still evaluated and differentiated at x == 0 and the NaN from the unused branch poisons the batch gradient.
import jax
import jax.numpy as jnp


def true_fn(x):
    return jnp.zeros_like(x)


def false_fn(x):
    return 1 / x  # something that explodes at zero


def f(x):
    pred = x == 0
    return jnp.where(pred, true_fn(x), false_fn(x))


def loss(xs):
    return jnp.sum(jax.vmap(f)(xs))


def main():
    xs = jnp.array([0.0, 1.0, 2.0, 4.0])
    print("loss:", float(loss(xs)))
    print("grad:", jax.grad(loss)(xs).tolist())
