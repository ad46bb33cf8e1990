# case: c201-params-record-wrapped-in-list-init-ok
# source: https://github.com/patrick-kidger/equinox/issues/630
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: c201-params-record-wrapped-in-list-init

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Params(NamedTuple):
    w: jax.Array
    b: jax.Array


def sgd_step(carry, batch):
    params = carry[0]
    x, y = batch
    err = x @ params.w + params.b - y
    new = Params(params.w - 0.1 * x.T @ err, params.b - 0.1 * err.sum())
    return [new], jnp.mean(err ** 2)


def fit(params, xs, ys):
    return jax.lax.scan(sgd_step, [params], (xs, ys))


p0 = Params(jnp.zeros((3, 1)), jnp.zeros(()))
final, losses = fit(p0, jnp.ones((5, 4, 3)), jnp.ones((5, 4, 1)))
