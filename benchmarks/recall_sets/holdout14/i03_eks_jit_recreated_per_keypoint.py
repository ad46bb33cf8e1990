# expect: bug
# source: https://github.com/paninski-lab/eks/pull/80
# mistake: the sequential per-keypoint Adam loop re-creates @jax.jit functions on every iteration that close over that keypoint's concrete arrays (yB, AB, QB), which JAX bakes in as constants, so every keypoint triggers a fresh trace and XLA compilation.
import jax
import jax.numpy as jnp
import optax

TRACES = [0]


def optimize_smooth_param(ys_all, n_iters=15, lr=0.05):
    s_finals = []
    for k in range(ys_all.shape[0]):
        yB = ys_all[k]
        AB = jnp.eye(2) * 0.99
        QB = jnp.eye(2) * 0.1

        @jax.jit
        def nll(log_s):
            TRACES[0] += 1
            s = jnp.exp(log_s)

            def step(m, y):
                m = AB @ m
                r = y - m
                return m + 0.5 * r, jnp.sum(r ** 2) / (s + jnp.trace(QB)) + jnp.log(s)

            _, terms = jax.lax.scan(step, jnp.zeros(2), yB)
            return terms.sum()

        grad_fn = jax.jit(jax.grad(nll))
        optimizer = optax.adam(lr)
        log_s = jnp.array(0.0)
        opt_state = optimizer.init(log_s)
        for _ in range(n_iters):
            g = grad_fn(log_s)
            updates, opt_state = optimizer.update(g, opt_state)
            log_s = optax.apply_updates(log_s, updates)
        s_finals.append(jnp.exp(log_s))
    return jnp.stack(s_finals)


def main():
    ys_all = jax.random.normal(jax.random.PRNGKey(0), (6, 50, 2))
    s = optimize_smooth_param(ys_all)
    print("keypoints:", ys_all.shape[0], "nll traces:", TRACES[0], "s:", s)
    return s


if __name__ == "__main__":
    main()
