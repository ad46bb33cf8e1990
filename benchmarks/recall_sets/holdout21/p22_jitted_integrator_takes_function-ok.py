# expect: none
# source: https://techqa.club/v/q/appending-to-list-alternative-workflow-for-jax-77354582
# mistake: The function argument of the jitted integrator is marked static, so it is part of the cache key instead of a traced input and the loop reuses one compiled step.
from functools import partial

import jax.numpy as jnp
from jax import jit

N_TRACES = 0


@jit
def dxdt(t, x):
    return -x**2


@partial(jit, static_argnums=0)
def integrator(f, t, x, dt):
    global N_TRACES
    N_TRACES += 1
    return x + f(t, x) * dt


def main():
    t_arr = jnp.linspace(0, 10, 100)
    dt = t_arr[1] - t_arr[0]
    x_list = []
    x = jnp.float32(0.5)
    for t in t_arr:
        x_list.append(x)
        x = integrator(dxdt, t, x, dt)
    print(f"integrated {float(jnp.array(x_list)[-1]):.4f} traces={N_TRACES}")


if __name__ == "__main__":
    main()
