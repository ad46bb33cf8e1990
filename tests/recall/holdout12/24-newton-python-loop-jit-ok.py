# expect: none
# source: https://github.com/GalSim-developers/JAX-GalSim/pull/141
# mistake: None: the fixed number of bisection steps runs inside `lax.fori_loop` with a static count, so jit sees one loop construct rather than an unrolled Python loop.
# kind: 6 unrolled python loop
import jax
import jax.numpy as jnp


def bisect_for_root(func, low, high, niter=100):
    def _func(i, args):
        low, flow, high, fhigh = args
        mid = 0.5 * (low + high)
        fmid = func(mid)
        go_left = jnp.sign(fmid) == jnp.sign(flow)
        low = jnp.where(go_left, mid, low)
        flow = jnp.where(go_left, fmid, flow)
        high = jnp.where(go_left, high, mid)
        fhigh = jnp.where(go_left, fhigh, fmid)
        return low, flow, high, fhigh

    args = (low, func(low), high, func(high))
    return jax.lax.fori_loop(0, niter, _func, args)[0]


@jax.jit
def eccentric_anomaly(M, e):
    return bisect_for_root(lambda E: E - e * jnp.sin(E) - M, jnp.zeros_like(M), jnp.full_like(M, 4.0))


def main():
    M = jnp.linspace(0.1, 3.0, 8)
    E = eccentric_anomaly(M, 0.3)
    assert jnp.allclose(E - 0.3 * jnp.sin(E), M, atol=1e-4)


if __name__ == "__main__":
    main()
