# case: e209-method-partial-fori-noise
# source: https://github.com/gchq/coreax/issues/375
# kind: mistake
# rules: SCN209
# jax: symptom bool(jnp.all(perturbations[0] == perturbations[1]))
# note: a noise-conditional score-matching objective summed by fori_loop over noise levels,
#   with the body a method bound through functools.partial; it perturbs the inputs with
#   jax.random.normal(self.random_key, ...) every level (coreax built random.key(0) inline).

import functools

import jax
import jax.numpy as jnp


class SlicedScoreMatching:
    def __init__(self, random_key, num_noise_models=10, sigma=1.0, gamma=0.95):
        self.random_key = random_key
        self.num_noise_models = num_noise_models
        self.sigmas = sigma * gamma ** jnp.arange(num_noise_models)

    def _loss(self, params, x):
        score = x @ params
        return jnp.mean(jnp.sum(0.5 * score**2 + jnp.trace(params), axis=-1))

    def _noise_conditional_loop_body(self, i, carry, params, x):
        obj, perturbations = carry
        noise = jax.random.normal(self.random_key, x.shape)
        x_perturbed = x + self.sigmas[i] * noise
        obj = obj + self.sigmas[i] ** 2 * self._loss(params, x_perturbed)
        return obj, perturbations.at[i].set(noise)

    def objective(self, params, x):
        body = functools.partial(self._noise_conditional_loop_body, params=params, x=x)
        init = (0.0, jnp.zeros((self.num_noise_models,) + x.shape))
        return jax.lax.fori_loop(0, self.num_noise_models, body, init)


ssm = SlicedScoreMatching(jax.random.PRNGKey(0))
obj, perturbations = jax.jit(ssm.objective)(jnp.eye(3), jnp.ones((16, 3)))
print(float(obj))
