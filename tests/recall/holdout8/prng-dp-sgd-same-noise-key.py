# expect: bug
# source: https://github.com/jax-ml/jax/pull/3646
# mistake: the differentially-private SGD step adds Gaussian noise to each gradient leaf in a loop over leaves but draws every leaf's noise from the same rng, so parameters of equal shape receive identical noise
# kind: 4 prng-reuse
import jax.numpy as jnp
from jax import grad, jit, random, vmap
from jax.tree_util import tree_flatten, tree_unflatten


def loss(params, batch):
    x, y = batch
    pred = jnp.tanh(x @ params["w1"]) @ params["w2"]
    return jnp.mean((pred - y) ** 2)


def clipped_grad(params, l2_norm_clip, single_example_batch):
    grads = grad(loss)(params, single_example_batch)
    nonempty_grads, tree_def = tree_flatten(grads)
    total_grad_norm = jnp.linalg.norm(jnp.array([jnp.linalg.norm(g.ravel()) for g in nonempty_grads]))
    divisor = jnp.maximum(total_grad_norm / l2_norm_clip, 1.0)
    return tree_unflatten(tree_def, [g / divisor for g in nonempty_grads])


@jit
def private_grad(params, batch, rng, l2_norm_clip, noise_multiplier, batch_size):
    clipped_grads = vmap(clipped_grad, (None, None, 0))(params, l2_norm_clip, batch)
    clipped_grads_flat, grads_treedef = tree_flatten(clipped_grads)
    aggregated_clipped_grads = [g.sum(0) for g in clipped_grads_flat]
    std_dev = l2_norm_clip * noise_multiplier
    noised = []
    for g in aggregated_clipped_grads:
        noised.append((g + std_dev * random.normal(rng, g.shape)) / batch_size)
    return tree_unflatten(grads_treedef, noised)


def main():
    params = {"w1": jnp.zeros((3, 3)), "w2": jnp.zeros((3, 3))}
    x = jnp.ones((4, 1, 3))
    y = jnp.zeros((4, 1, 3))
    g = private_grad(params, (x, y), random.PRNGKey(0), 1.0, 1.0, 4)
    print(g["w1"][0], g["w2"][0])
    if jnp.allclose(g["w1"], g["w2"]):
        print("SYMPTOM: both parameter leaves got exactly the same noise")


if __name__ == "__main__":
    main()
