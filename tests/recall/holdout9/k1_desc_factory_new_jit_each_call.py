# expect: bug
# source: https://github.com/PlasmaControl/DESC/pull/1043
# mistake: a factory builds new @jit closures (project/recover) every time it is called, and the outer optimisation loop calls the factory on each iteration, so the closures compile again and again.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax import jit


def factorize_linear_constraints(A, b):
    Z = jnp.linalg.svd(A)[2][A.shape[0]:].T
    xp = jnp.linalg.lstsq(A, b)[0]

    @jit
    def project(x):
        return Z.T @ (x - xp)

    @jit
    def recover(x_reduced):
        return xp + Z @ x_reduced

    return project, recover


def outer_loop(A, b, x0, iters=4):
    x = x0
    for k in range(iters):
        project, recover = factorize_linear_constraints(A, b)
        y = project(x)
        x = recover(0.5 * y)
    return x


def main():
    compiles = []

    def listener(event, duration, **kw):
        name = str(kw.get("fun_name"))
        if event == "/jax/core/compile/backend_compile_duration" and ("project" in name or "recover" in name):
            compiles.append(name)

    jax.monitoring.register_event_duration_secs_listener(listener)

    A = jnp.array([[1.0, 1.0, 0.0, 0.0]])
    b = jnp.array([1.0])
    x0 = jnp.arange(4.0)
    iters = 4
    outer_loop(A, b, x0, iters)
    print(f"SYMPTOM: project/recover compiled {len(compiles)} times over {iters} outer iterations (expected 2)")


if __name__ == "__main__":
    main()
