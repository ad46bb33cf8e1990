import jax.numpy as jnp

from trainer.loop import make_problem, train


def test_loss_decreases():
    x, y = make_problem()
    w, losses = train(jnp.zeros(3), x, y, lr=0.2, steps=10)
    assert losses[-1] < losses[0]
    assert w.shape == (3,)


def test_zero_steps_of_work():
    x, y = make_problem(n=4)
    _, losses = train(jnp.zeros(3), x, y, steps=1)
    assert len(losses) == 1
