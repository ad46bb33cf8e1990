# expect: none
# source: https://github.com/markean/aimz/issues/292
# mistake: inside the per-device map the replicated key is folded with lax.axis_index("obs") before splitting, so each shard draws its own observation noise.
import jax
import jax.numpy as jnp


def _draw_noise(rng_key, X_shard):
    rng_key = jax.random.fold_in(rng_key, jax.lax.axis_index("obs"))
    keys = jax.random.split(rng_key, X_shard.shape[0])
    return jax.vmap(lambda k, x: x + jax.random.normal(k, x.shape))(keys, X_shard)


def predict(rng_key, X, num_devices=4):
    X_sharded = X.reshape(num_devices, -1, X.shape[-1])
    out = jax.vmap(_draw_noise, in_axes=(None, 0), axis_name="obs")(rng_key, X_sharded)
    return out.reshape(X.shape)


def main():
    X = jnp.zeros((8, 3))
    y = predict(jax.random.PRNGKey(0), X)
    shards = y.reshape(4, 2, 3)
    same = all(bool(jnp.array_equal(shards[0], shards[i])) for i in range(4))
    print("every device shard drew identical noise:", same)
