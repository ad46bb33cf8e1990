# expect: bug
# source: https://openillumi.com/en/en-jax-jit-dynamic-loop-error-fix
# mistake: The jitted function draws its iteration count with jax.random.randint and passes it to Python range(); the
#   draw is a tracer, so range() cannot convert it to an int.
# case: traced-range-random-count
# kind: mistake
# rules: none
# jax: raises The __index__() method was called on traced array
# note: The Stack Overflow question behind the article loops a random number of times inside @jax.jit; here the loop
#   is a random number of leapfrog steps in a toy HMC proposal.
import jax
import jax.numpy as jnp


def grad_U(q):
    return q  # standard normal target


@jax.jit
def hmc_proposal(q, p, key, step_size):
    n_leapfrog = jax.random.randint(key, (), 1, 10)     # traced
    p = p - 0.5 * step_size * grad_U(q)
    for _ in range(n_leapfrog):                        # range() on a tracer
        q = q + step_size * p
        p = p - step_size * grad_U(q)
    return q, p


def main():
    q, p = jnp.ones(3), jnp.zeros(3)
    return hmc_proposal(q, p, jax.random.key(0), 0.1)


if __name__ == "__main__":
    RESULT = main()
