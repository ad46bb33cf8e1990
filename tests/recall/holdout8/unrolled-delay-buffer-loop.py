# expect: bug
# source: https://github.com/ins-amu/vbjax
# mistake: the delay-buffer network simulation writes `for t in range(nt)` inside @jax.jit (a "TODO convert to scan?"), so all nt steps are unrolled into the traced program and trace/compile size grows linearly with nt
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


def run_unjitted(buffer):
    # TODO convert to scan?
    for t in range(nt):
        x_t = np.mean(weights * buffer[ns, nh + t - lengths], axis=1)
        buffer = buffer.at[:, nh + t].set(x_t)
    return buffer


run = jax.jit(run_unjitted)


def main():
    b1 = run(buffer)
    n_eqns = len(jax.make_jaxpr(run_unjitted)(buffer).jaxpr.eqns)
    print("jaxpr equations for nt=%d steps: %d" % (nt, n_eqns), b1.shape)
    if n_eqns >= nt:
        print("SYMPTOM: the Python time loop is unrolled into the jitted program")


if __name__ == "__main__":
    main()
