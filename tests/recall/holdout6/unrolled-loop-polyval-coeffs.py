# expect: bug
# source: https://github.com/jax-ml/jax/pull/3076
# mistake: Horner evaluation iterates over the coefficient array with a Python for-loop inside jit,
#   so a degree-d polynomial is unrolled into d multiply-adds in the traced program and compile time
#   grows with the degree.
# case: unrolled-loop-polyval-coeffs
# kind: mistake
# rules: SCN302
# jax: symptom RESULT > 300
# note: The PR (fixing the slow-compile report in issue 3047) replaced jnp.polyval's Python loop with
#   lax.scan; here the loop lives in a user-side calibration helper evaluating a long coefficient
#   vector. RESULT counts jaxpr equations.
import jax
import jax.numpy as jnp


def horner(coeffs, x):
    y = jnp.zeros_like(x)
    for c in coeffs:
        y = y * x + c
    return y


@jax.jit
def calibrate(raw, coeffs):
    return horner(coeffs, raw / 100.0)


def main():
    coeffs = jnp.linspace(1.0, 0.0, 400)
    raw = jnp.linspace(0.0, 100.0, 50)
    jaxpr = jax.make_jaxpr(calibrate.__wrapped__)(raw, coeffs)
    return len(jaxpr.eqns)


if __name__ == "__main__":
    RESULT = main()
