# expect: bug
# source: https://github.com/jax-ml/jax/pull/403
# mistake: A jitted Kepler-equation solver runs its fixed 200 Newton iterations as a native Python `for` loop, which jit unrolls into 200 copies of the update instead of one loop construct.
# kind: 6 unrolled python loop
import jax
import jax.numpy as jnp

N_NEWTON = 200


def kepler_residual(E, M, e):
    return E - e * jnp.sin(E) - M


@jax.jit
def eccentric_anomaly(M, e):
    E = M
    for _ in range(N_NEWTON):
        f = kepler_residual(E, M, e)
        fp = 1.0 - e * jnp.cos(E)
        E = E - f / fp
    return E


def main():
    M = jnp.linspace(0.1, 3.0, 8)
    closed = jax.make_jaxpr(eccentric_anomaly)(M, 0.3)
    inner = closed.jaxpr.eqns[0].params["jaxpr"].jaxpr
    n_eqns = len(inner.eqns)
    if n_eqns >= N_NEWTON:
        print(f"SYMPTOM: the jitted solver traces to {n_eqns} equations for "
              f"{N_NEWTON} iterations (loop unrolled)")


if __name__ == "__main__":
    main()
