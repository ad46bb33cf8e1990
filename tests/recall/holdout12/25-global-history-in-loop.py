# expect: bug
# source: https://github.com/jax-ml/jax/issues/5233
# mistake: The optimisation loop body appends each loss to a module-level history list and bumps a global step counter, side effects that run once at trace time instead of once per `fori_loop` iteration.
# kind: 7 side effects in loop body
import jax
import jax.numpy as jnp
from jax import lax

loss_history = []
n_steps_taken = 0


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def fit(w, x, y):
    def body(i, w):
        global n_steps_taken
        loss, g = jax.value_and_grad(loss_fn)(w, x, y)
        loss_history.append(loss)
        n_steps_taken += 1
        return w - 0.1 * g

    return lax.fori_loop(0, 100, body, w)


def main():
    x = jnp.linspace(-1, 1, 40).reshape(20, 2)
    y = x @ jnp.array([1.5, -0.5])
    fit(jnp.zeros(2), x, y)
    if len(loss_history) != 100 or n_steps_taken != 100:
        print(f"SYMPTOM: 100 loop iterations recorded {len(loss_history)} losses and "
              f"counted {n_steps_taken} steps")


if __name__ == "__main__":
    main()
