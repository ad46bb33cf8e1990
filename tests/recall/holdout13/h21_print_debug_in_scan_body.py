# expect: bug
# source: https://github.com/jax-ml/jax/issues/4615
# mistake: Print-debugging inside a function that is differentiated and scanned shows a Tracer once at trace time instead of the numeric value at each iteration.
# kind: 7 side effects in loop bodies
import contextlib
import io

import jax
import jax.numpy as jnp
from jax import lax


def energy(params, x):
    ret = -jnp.sum(jnp.cos(params * x))
    print("JUtotal: ", ret)
    return ret


def relax(params, xs):
    def body(p, x):
        g = jax.grad(energy)(p, x)
        return p - 0.1 * g, energy(p, x)

    return lax.scan(body, params, xs)


def main():
    xs = jnp.linspace(0.1, 1.0, 8)[:, None] * jnp.ones((8, 3))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        params, energies = jax.jit(relax)(jnp.ones(3), xs)
        params, energies = jax.jit(relax)(params, xs)
    lines = [l for l in buf.getvalue().splitlines() if l.startswith("JUtotal")]
    traced = sum("Trace" in l for l in lines)
    if traced or len(lines) != 2 * xs.shape[0]:
        print(f"SYMPTOM: {len(lines)} debug lines for {2 * xs.shape[0]} loop iterations, "
              f"{traced} of them show a Tracer instead of a number")


if __name__ == "__main__":
    main()
