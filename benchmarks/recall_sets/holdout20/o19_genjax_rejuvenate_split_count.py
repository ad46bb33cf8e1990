# expect: bug
# source: https://github.com/genjax-community/genjax/issues/621
# mistake: the SMC rejuvenation move splits the key with `jax.random.split(key)` (two keys) and then vmaps the MCMC kernel over the keys and the `n_particles` particles together, so the mapped axis sizes disagree.
import dataclasses

import jax
import jax.numpy as jnp


def mh_kernel(key, particle, step_size=0.5):
    k1, k2 = jax.random.split(key)
    prop = particle + step_size * jax.random.normal(k1, particle.shape)
    logp = lambda x: -0.5 * jnp.sum(x ** 2)
    accept = jnp.log(jax.random.uniform(k2)) < logp(prop) - logp(particle)
    return jnp.where(accept, prop, particle)


@dataclasses.dataclass
class ParticleCollection:
    particles: jax.Array
    log_weights: jax.Array


@dataclasses.dataclass
class SMCRejuvenate:
    kernel: callable

    def apply(self, key, state: ParticleCollection) -> ParticleCollection:
        n_particles = state.particles.shape[0]
        sub_keys = jax.random.split(key)
        new_particles = jax.vmap(self.kernel)(sub_keys, state.particles)
        return ParticleCollection(new_particles, state.log_weights)


def main():
    n_particles = 16
    state = ParticleCollection(jnp.zeros((n_particles, 3)), jnp.zeros(n_particles))
    rejuv = SMCRejuvenate(mh_kernel)
    key = jax.random.PRNGKey(0)
    try:
        for t in range(3):
            key, sub = jax.random.split(key)
            state = rejuv.apply(sub, state)
        print("particle std:", jnp.std(state.particles))
    except Exception as e:  # noqa: BLE001
        print(f"{type(e).__name__}: {' '.join(str(e).split())[:200]}")


if __name__ == "__main__":
    main()
