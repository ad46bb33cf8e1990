# expect: none
# source: https://github.com/blackjax-devs/blackjax/pull/656
# mistake: looks like the same base key is used in every iteration of a fori_loop body, but each step derives its own subkey with jax.random.fold_in(key, step), so the draws are independent
# kind: 4 prng-reuse
import jax
import jax.numpy as jnp


@jax.jit
def random_walk(key, x0, num_steps: int = 5):
    def body(step, carry):
        x, trace = carry
        subkey = jax.random.fold_in(key, step)
        values = jax.random.normal(subkey, x.shape)
        x = x + values
        return x, trace.at[step].set(values[0])

    trace = jnp.zeros(num_steps)
    return jax.lax.fori_loop(0, num_steps, body, (x0, trace))


def main():
    key = jax.random.key(42)
    x, trace = random_walk(key, jnp.zeros(3))
    print("increments:", trace)
    assert len(set(trace.tolist())) == trace.shape[0]


if __name__ == "__main__":
    main()
