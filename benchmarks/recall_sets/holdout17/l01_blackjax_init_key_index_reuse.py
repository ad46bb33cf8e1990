# expect: bug
# source: https://github.com/blackjax-devs/blackjax/issues/400
# mistake: `init_param_fn` splits its seed into 8 keys but samples both `u_sigma` and `v_sigma` with `seed=keys[6]`, so in every chain's initial position the two scale parameters are the same draw, which then skews the window adaptation that runs on these positions.
import jax
import jax.numpy as jnp


def half_normal_sample(seed, scale, shape=()):
    return scale * jnp.abs(jax.random.normal(seed, shape))


def init_param_fn(seed, num_users=5, num_items=4, rank=2):
    keys = jax.random.split(seed, 8)
    return {
        "u_mean": jax.random.normal(keys[0], (rank,)),
        "v_mean": jax.random.normal(keys[1], (rank,)),
        "u": jax.random.normal(keys[2], (num_users, rank)),
        "v": jax.random.normal(keys[3], (num_items, rank)),
        "obs_sigma": half_normal_sample(keys[4], 1.0),
        "w": jax.random.normal(keys[5], ()),
        "u_sigma": half_normal_sample(keys[6], 1.0),
        "v_sigma": half_normal_sample(keys[6], 1.0),
    }


def main():
    num_chains = 4
    init_keys = jax.random.split(jax.random.PRNGKey(0), num_chains)
    initial_positions = jax.vmap(init_param_fn)(init_keys)
    print("u_sigma per chain:", initial_positions["u_sigma"].round(4).tolist())
    print("v_sigma per chain:", initial_positions["v_sigma"].round(4).tolist())
    print("u_sigma == v_sigma in every chain:",
          bool(jnp.all(initial_positions["u_sigma"] == initial_positions["v_sigma"])))
