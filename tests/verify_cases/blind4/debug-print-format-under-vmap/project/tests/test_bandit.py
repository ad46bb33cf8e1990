import jax
import jax.numpy as jnp
import bandit


def test_vmapped_runs():
    means = jnp.array([0.1, 0.5, 0.9])
    keys = jax.random.split(jax.random.key(0), 2)
    regret, arms = jax.vmap(lambda k: bandit.run_bandit(k, means, 40))(keys)
    jax.effects_barrier()
    assert regret.shape == (2,)
    assert arms.shape == (2, 40)
    assert bool(jnp.all(regret >= 0))
