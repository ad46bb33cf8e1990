# expect: bug
# source: https://github.com/google/flax/issues/5548
# mistake: an nnx.Module and nnx.Optimizer are re-created at the start of every epoch before calling the @nnx.jit step, and the fresh optimizer transform makes every epoch retrace and recompile
# kind: 1 recompile
import jax.numpy as jnp
import optax
from flax import nnx

TRACES = 0


class Discriminator(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


@nnx.jit
def train_one_epoch(dis, dis_opt, x, y):
    global TRACES
    TRACES += 1

    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(dis)
    dis_opt.update(dis, grads)
    return loss


def main():
    rngs = nnx.Rngs(0)
    x = jnp.ones((16, 4))
    y = jnp.zeros((16, 1))
    n_epochs = 3
    for epoch in range(n_epochs):
        dis = Discriminator(rngs=rngs)
        dis_opt = nnx.Optimizer(dis, optax.adam(1e-3), wrt=nnx.Param)
        train_one_epoch(dis, dis_opt, x, y)
    print("traces of train_one_epoch:", TRACES)
    if TRACES > 1:
        print("SYMPTOM: train_one_epoch recompiled every epoch")


if __name__ == "__main__":
    main()
