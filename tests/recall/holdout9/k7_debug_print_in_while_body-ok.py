# expect: none
# source: https://github.com/OpenSCvx/OpenSCvx/pull/58
# mistake: none; progress inside the while_loop body goes through jax.debug.print (behind a debug flag), and the final summary is printed with Python print after the loop.
# kind: 7 side-effects
import jax
import jax.numpy as jnp


def scp_solve(x0, max_iter=8, tol=1e-6, debug_printing=True):
    def cond(state):
        k, x, err = state
        return (k < max_iter) & (err > tol)

    def body(state):
        k, x, err = state
        x_new = 0.5 * (x + 2.0 / x)
        err = jnp.abs(x_new - x)
        if debug_printing:
            jax.debug.print("iter {k}: err={e}", k=k, e=err)
        return k + 1, x_new, err

    return jax.lax.while_loop(cond, body, (0, x0, jnp.inf))


def main():
    k, x, err = scp_solve(jnp.asarray(1.0))
    jax.effects_barrier()
    print(f"converged in {int(k)} iterations: x={float(x):.6f}")


if __name__ == "__main__":
    main()
