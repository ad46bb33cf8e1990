# expect: bug
# source: https://github.com/jax-ml/jax/issues/2956
# mistake: The rollout is jitted with the number of steps as an ordinary argument, so the fori_loop
#   bounds are tracers; the loop becomes a while_loop and differentiating the loss raises.
# case: grad-dynamic-loop-jit-traced-bounds
# kind: mistake
# rules: SCN210
# jax: raises Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop
# note: The thread (backprop through fori_loop for an optimal-control example) found that bounds had to
#   be concrete for fori_loop to lower to scan; reshaped as a linear controller rollout whose step
#   count comes through jit.
import jax
import jax.numpy as jnp

A = jnp.array([[1.0, 0.1], [0.0, 1.0]])
B = jnp.array([0.0, 0.1])


@jax.jit
def rollout(gain, x0, n_steps):
    def step(t, x):
        u = -gain @ x
        return A @ x + B * u

    return jax.lax.fori_loop(0, n_steps, step, x0)


def loss(gain, x0, n_steps):
    xT = rollout(gain, x0, n_steps)
    return jnp.sum(xT**2)


def main():
    gain = jnp.array([0.5, 0.5])
    x0 = jnp.array([1.0, 0.0])
    return jax.grad(loss)(gain, x0, 20)


if __name__ == "__main__":
    RESULT = main()
