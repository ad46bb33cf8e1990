# expect: bug
# source: https://github.com/jax-ml/jax/issues/7708
# mistake: average_loss vmaps the per-example loss with the PRNG key broadcast (in_axes None) and no per-example split or fold_in, so every example in the batch draws the same noise.
import jax
import jax.numpy as jnp
from jax import vmap


def loss(key, params, x):
    eps = jax.random.normal(key, x.shape)  # reparameterisation noise
    z = params["mu"] + params["sigma"] * eps
    return jnp.sum((z - x) ** 2), eps


def average_loss(key, params, xs):
    losses, eps = vmap(loss, in_axes=(None, None, 0))(key, params, xs)
    return jnp.mean(losses), eps


def main():
    params = {"mu": jnp.zeros(3), "sigma": jnp.ones(3)}
    xs = jnp.ones((4, 3))
    _, eps = average_loss(jax.random.PRNGKey(0), params, xs)
    print(f"batch=4 all examples share the same noise={bool(jnp.all(eps == eps[0]))} eps[:,0]={eps[:, 0]}")


if __name__ == "__main__":
    main()
