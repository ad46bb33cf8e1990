import jax.numpy as jnp


class NotPD(Exception):
    pass


def _chol(a):
    l = jnp.linalg.cholesky(a)
    if bool(jnp.any(jnp.isnan(l))):
        raise NotPD("not PD")
    return l


def safe_cholesky(a):
    try:
        return _chol(a), ""
    except NotPD as e:
        return None, str(e)
