# expect: bug
# source: https://github.com/kokabsc/gwkokab/pull/594
# mistake: the analytical likelihood sums series terms in a jax.lax.while_loop until the next term drops below an error threshold, so jax.grad of the log-likelihood (needed by the sampler) raises the while_loop reverse-mode error
# kind: 3 grad-through-while
import jax
import jax.numpy as jnp


def integrate_until_threshold(alpha, x, threshold=1e-6, max_terms=200):
    """sum_k x**k / (k + alpha) until the term is below threshold."""

    def cond(state):
        k, total, term = state
        return (jnp.abs(term) > threshold) & (k < max_terms)

    def body(state):
        k, total, _ = state
        term = x ** k / (k + alpha)
        return k + 1, total + term, term

    _, total, _ = jax.lax.while_loop(cond, body, (0, 0.0, jnp.inf))
    return total


def log_likelihood(alpha, data):
    norm = integrate_until_threshold(alpha, 0.5)
    return jnp.sum(-alpha * data) - data.shape[0] * jnp.log(norm)


def main():
    data = jnp.array([0.3, 0.7, 1.1])
    print("loglik:", log_likelihood(2.0, data))
    # raises ValueError: Reverse-mode differentiation does not work for lax.while_loop ...
    print(jax.grad(log_likelihood)(2.0, data))


if __name__ == "__main__":
    main()
