# expect: none
# source: https://github.com/ins-amu/vbjax
# mistake: looks like a long time-stepping loop inside jit, but the loop is expressed with jax.lax.scan over np.r_[:nt], so the body is traced once whatever nt is
# kind: 6 unrolled-loop
import jax
import jax.numpy as np

keys = jax.random.split(jax.random.PRNGKey(0), 10)
nn = 8
weights = np.abs(jax.random.normal(keys[0], (nn, nn))) + 0.5
lengths = jax.random.randint(keys[1], (nn, nn), 0, 15)
nh = 16
nt = 20
buffer = jax.random.normal(keys[2], (nn, nh + nt))
ns = np.tile(np.arange(nn), (nn, 1))


def make_run(nt):
    def op(buffer, t):
        x_t = np.mean(weights * buffer[ns, nh + t - lengths], axis=1)
        buffer = buffer.at[:, nh + t].set(x_t)
        return buffer, x_t

    @jax.jit
    def run(buffer):
        b, x = jax.lax.scan(op, buffer, np.r_[:nt])
        return b

    return op, run


def main():
    op, run2 = make_run(nt)
    b = run2(buffer)
    loss2 = lambda b_: np.sum(np.square(b - run2(b_)))
    g = jax.jit(jax.grad(loss2))(buffer)
    print(b.shape, g.shape)


if __name__ == "__main__":
    main()
