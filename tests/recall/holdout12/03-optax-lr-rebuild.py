# expect: bug
# source: https://github.com/google-deepmind/optax/pull/48
# mistake: Changing the learning rate by rebuilding the optax optimizer and re-jitting the train step that closes over it forces a recompilation at every schedule change.
# kind: 1 recompiles
import functools

import jax
import jax.numpy as jnp
import optax
from jax import monitoring

_n_compiles = [0]


def _listener(name, secs, **kw):
    if name == "/jax/core/compile/backend_compile_duration":
        _n_compiles[0] += 1


monitoring.register_event_duration_secs_listener(_listener)


def loss_fn(params, batch):
    x, y = batch
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


def _train_step(tx, params, opt_state, batch):
    grads = jax.grad(loss_fn)(params, batch)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state


class Trainer:
    def __init__(self, params, lr):
        self.params = params
        self.set_lr(lr)
        self.opt_state = self.tx.init(params)

    def set_lr(self, lr):
        self.tx = optax.sgd(lr)
        self.step = jax.jit(functools.partial(_train_step, self.tx))

    def fit(self, batch):
        self.params, self.opt_state = self.step(self.params, self.opt_state, batch)


def main():
    x = jnp.linspace(-1.0, 1.0, 64).reshape(16, 4)
    y = x.sum(axis=1, keepdims=True)
    params = {"w": jnp.zeros((4, 1)), "b": jnp.zeros((1,))}
    trainer = Trainer(params, lr=0.1)
    trainer.fit((x, y))
    start = _n_compiles[0]
    n_epochs = 6
    for epoch in range(n_epochs):
        trainer.set_lr(0.1 * 0.9 ** (epoch + 1))
        for _ in range(3):
            trainer.fit((x, y))
    extra = _n_compiles[0] - start
    if extra >= n_epochs:
        print(f"SYMPTOM: {extra} recompilations of the train step across {n_epochs} "
              "learning-rate changes")


if __name__ == "__main__":
    main()
