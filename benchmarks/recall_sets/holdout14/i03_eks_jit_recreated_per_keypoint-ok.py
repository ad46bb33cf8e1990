# expect: none
# source: https://github.com/paninski-lab/eks/pull/80
# mistake: (correct) all keypoints' arrays are stacked and passed as arguments (not closures) to a single _optimize_one function, and jit(vmap(_optimize_one)) is compiled once for all keypoints.
import jax
import jax.numpy as jnp
import optax

TRACES = [0]


def _nll(log_s, yB, AB, QB):
    s = jnp.exp(log_s)

    def step(m, y):
        m = AB @ m
        r = y - m
        return m + 0.5 * r, jnp.sum(r ** 2) / (s + jnp.trace(QB)) + jnp.log(s)

    _, terms = jax.lax.scan(step, jnp.zeros(2), yB)
    return terms.sum()


def _optimize_one(yB, AB, QB, n_iters=15, lr=0.05):
    TRACES[0] += 1
    optimizer = optax.adam(lr)
    log_s = jnp.array(0.0)
    opt_state = optimizer.init(log_s)

    def body(carry, _):
        log_s, opt_state = carry
        g = jax.grad(_nll)(log_s, yB, AB, QB)
        updates, opt_state = optimizer.update(g, opt_state)
        return (optax.apply_updates(log_s, updates), opt_state), None

    (log_s, _), _ = jax.lax.scan(body, (log_s, opt_state), None, length=n_iters)
    return jnp.exp(log_s)


_optimize_all = jax.jit(jax.vmap(_optimize_one))


def main():
    ys_all = jax.random.normal(jax.random.PRNGKey(0), (6, 50, 2))
    K = ys_all.shape[0]
    ABs = jnp.broadcast_to(jnp.eye(2) * 0.99, (K, 2, 2))
    QBs = jnp.broadcast_to(jnp.eye(2) * 0.1, (K, 2, 2))
    s = _optimize_all(ys_all, ABs, QBs)
    print("keypoints:", K, "traces:", TRACES[0], "s:", s)
    return s


if __name__ == "__main__":
    main()
