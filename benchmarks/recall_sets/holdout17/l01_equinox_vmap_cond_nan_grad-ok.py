# expect: none
# source: https://github.com/patrick-kidger/equinox/issues/588
# mistake: as recommended in the thread, the branch input is replaced by a safe dummy value (`safe_x = jnp.where(pred, 1, x)`) before both branches are evaluated and selected with jnp.where, so the unused `1 / x` branch never sees zero and the vmapped gradient stays finite.
import jax
import jax.numpy as jnp


def true_fn(x):
    return jnp.zeros_like(x)


def false_fn(x):
    return 1 / x


def f(x):
    pred = x == 0
    safe_x = jnp.where(pred, 1.0, x)
    return jnp.where(pred, true_fn(safe_x), false_fn(safe_x))


def loss(xs):
    return jnp.sum(jax.vmap(f)(xs))


def main():
    xs = jnp.array([0.0, 1.0, 2.0, 4.0])
    print("loss:", float(loss(xs)))
    print("grad:", jax.grad(loss)(xs).tolist())
