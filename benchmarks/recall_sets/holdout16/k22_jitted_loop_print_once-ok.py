# expect: none
# source: https://github.com/jax-ml/jax/issues/4763
# mistake: the loop is a lax.fori_loop and the progress report uses jax.debug.print under lax.cond, so the message is emitted at run time on every call and the loop body is traced once.
import jax
import jax.numpy as jnp


def progress_bar(i, n_iter, print_rate):
    jax.lax.cond(i % print_rate == 0,
                 lambda: jax.debug.print("Iteration {i}/{n}", i=i, n=n_iter),
                 lambda: None)


@jax.jit
def my_loop(a):
    n_iter, print_rate = 100, 10

    def body(i, a):
        progress_bar(i, n_iter=n_iter, print_rate=print_rate)
        return a + jnp.sin(a) * 0.01

    return jax.lax.fori_loop(0, n_iter, body, a)


def main():
    a = jnp.ones(3)
    for call in range(2):
        a = my_loop(a)
        a.block_until_ready()
    jax.effects_barrier()
    print("final", a)
