# expect: bug
# source: https://github.com/jax-ml/jax/issues/5017
# mistake: A fixed-step ODE helper turns the step count into a jnp array (jnp.array(delta_t // max_dt).astype(int)) and
#   scans over jnp.arange(steps); under jit that count is a tracer, so jnp.arange cannot build a concrete-length array.
# case: traced-arange-step-count-ode
# kind: mistake
# rules: none
# jax: raises Abstract tracer value encountered where concrete value is expected
# note: Mirrors the thread's jaxfixedsolve/sim_function split; it works without jit and fails once sim_function is
#   jitted. The right-hand side here is a logistic growth model instead of coeff * y.
import jax
import jax.numpy as jnp
from jax.lax import scan


def jaxfixedsolve(rhs, t_span, y0, max_dt):
    delta_t = t_span[1] - t_span[0]
    steps = jnp.array(delta_t // max_dt).astype(int)
    h = delta_t / steps

    def scan_func(carry, step):
        eval_time = t_span[0] + h * step
        return carry + rhs(eval_time, carry) * h, None

    yf = scan(scan_func, y0, jnp.arange(steps))[0]
    return yf


def sim_function(rate):
    def rhs(t, y):
        return rate * y * (1.0 - y)

    return jaxfixedsolve(rhs, t_span=[0.0, 0.5], y0=jnp.array(0.1), max_dt=0.1)


def main():
    return jax.jit(sim_function)(2.0)


if __name__ == "__main__":
    RESULT = main()
