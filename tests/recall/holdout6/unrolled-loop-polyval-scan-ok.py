# expect: none
# source: https://github.com/jax-ml/jax/pull/3076
# mistake: Looks like the same loop over polynomial coefficients inside jit, but the Horner recursion
#   is a lax.scan over the coefficient array, so the traced program has one loop body whatever the
#   degree.
# case: unrolled-loop-polyval-scan-ok
# kind: lookalike
# rules: SCN302
# jax: symptom RESULT > 300
# pair: unrolled-loop-polyval-coeffs
# note: This is the PR's own approach (y, _ = lax.scan(lambda y, p: (y * x + p, None), y, p)) placed in
#   the same calibration helper. RESULT counts jaxpr equations.
import jax
import jax.numpy as jnp


def horner(coeffs, x):
    def step(y, c):
        return y * x + c, None

    y, _ = jax.lax.scan(step, jnp.zeros_like(x), coeffs)
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
