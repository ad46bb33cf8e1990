# expect: none
# source: https://github.com/jax-ml/jax/issues/7708
# mistake: The key is split into one key per example (keys = jax.random.split(key, num=xs.shape[0])) and mapped with in_axes 0, so each example gets independent noise.
import jax
import jax.numpy as jnp
from jax import vmap


def loss(key, params, x):
    eps = jax.random.normal(key, x.shape)
    z = params["mu"] + params["sigma"] * eps
    return jnp.sum((z - x) ** 2), eps


def average_loss(key, params, xs):
    keys = jax.random.split(key, num=xs.shape[0])
    losses, eps = vmap(loss, in_axes=(0, None, 0))(keys, params, xs)
    return jnp.mean(losses), eps


def main():
    params = {"mu": jnp.zeros(3), "sigma": jnp.ones(3)}
    xs = jnp.ones((4, 3))
    _, eps = average_loss(jax.random.PRNGKey(0), params, xs)
    print(f"batch=4 all examples share the same noise={bool(jnp.all(eps == eps[0]))} eps[:,0]={eps[:, 0]}")


if __name__ == "__main__":
    main()
