# expect: bug
# source: https://techqa.club/v/q/appending-to-list-alternative-workflow-for-jax-77354582
# mistake: The loop calls a jitted integrator and passes the right-hand-side function as an ordinary (traced) argument, which jit cannot accept.
import jax.numpy as jnp
from jax import jit


# Function to integrate.
@jit
def dxdt(t, x):
    return -x**2


# Euler method for simplicity.
@jit
def integrator(f, t, x, dt):
    return x + f(t, x) * dt


def main():
    t_arr = jnp.linspace(0, 10, 100)
    dt = t_arr[1] - t_arr[0]
    x_list = []
    x = 0.5
    try:
        for t in t_arr:
            x_list.append(x)
            x = integrator(dxdt, t, x, dt)
        print("integrated", jnp.array(x_list)[-1])
    except TypeError as e:
        print(f"TypeError after {len(x_list)} step(s): {str(e).splitlines()[0]}")


if __name__ == "__main__":
    main()
