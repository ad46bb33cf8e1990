import jax
import jax.numpy as jnp

from ensembles import ensemble, ensemble_predict, make_model_class


def test_predict_shape():
    cls = make_model_class(8)
    models = ensemble(cls, jax.random.PRNGKey(0), 3, 4)
    assert ensemble_predict(models, jnp.ones((5, 3))).shape == (5, 1)


def test_members_differ():
    cls = make_model_class(4)
    a, b = ensemble(cls, jax.random.PRNGKey(1), 2, 2)
    assert not jnp.allclose(a(jnp.ones((1, 2))), b(jnp.ones((1, 2))))
