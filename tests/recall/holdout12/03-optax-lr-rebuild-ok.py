# expect: none
# source: https://github.com/google-deepmind/optax/pull/48
# mistake: None: the learning rate is an injected hyperparameter stored in the optimizer state, so changing it does not retrace the jitted step.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
import optax


def loss_fn(params, batch):
    x, y = batch
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


class Trainer:
    def __init__(self, params, lr):
        self.tx = optax.inject_hyperparams(optax.sgd)(learning_rate=lr)
        self.params = params
        self.opt_state = self.tx.init(params)
        self.step = jax.jit(self._train_step)

    def _train_step(self, params, opt_state, batch):
        grads = jax.grad(loss_fn)(params, batch)
        updates, opt_state = self.tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state

    def set_lr(self, lr):
        self.opt_state.hyperparams["learning_rate"] = jnp.asarray(lr)

    def fit(self, batch):
        self.params, self.opt_state = self.step(self.params, self.opt_state, batch)


def main():
    x = jnp.linspace(-1.0, 1.0, 64).reshape(16, 4)
    y = x.sum(axis=1, keepdims=True)
    params = {"w": jnp.zeros((4, 1)), "b": jnp.zeros((1,))}
    trainer = Trainer(params, lr=0.1)
    for epoch in range(6):
        trainer.set_lr(0.1 * 0.9 ** (epoch + 1))
        for _ in range(3):
            trainer.fit((x, y))
    assert jnp.isfinite(trainer.params["w"]).all()


if __name__ == "__main__":
    main()
