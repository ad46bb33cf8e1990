import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_grad_identity(x):
    return x


def _fwd(x):
    return x, None


def _bwd(_, g):
    return (jnp.clip(g, -0.5, 0.5),)


clip_grad_identity.defvjp(_fwd, _bwd)


def loss(x):
    return jnp.sum(clip_grad_identity(x) ** 2)
