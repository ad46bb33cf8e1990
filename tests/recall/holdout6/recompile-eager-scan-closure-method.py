# expect: bug
# source: https://github.com/kazewong/flowMC/issues/133
# mistake: The proposal's sample method runs lax.scan outside of jit with a lambda defined inside the
#   method, so each sampling call hands scan a new closure and the whole sampling loop is traced and
#   compiled again on every call.
# case: recompile-eager-scan-closure-method
# kind: mistake
# rules: SCN307
# jax: symptom RESULT >= 3
# note: The issue only states that the lax.scan in NF_proposal recompiles every time because the
#   sampling loop is not jitted; the flow model here is a toy affine map.
import jax
import jax.monitoring as _mon
import jax.numpy as jnp

_COMPILES = [0]


def _on_event(name, secs, **kw):
    if name == "/jax/core/compile/backend_compile_duration":
        _COMPILES[0] += 1


_mon.register_event_duration_secs_listener(_on_event)


class AffineFlow:
    def __init__(self, dim):
        self.shift = jnp.linspace(-1.0, 1.0, dim)
        self.log_scale = jnp.zeros(dim)

    def sample_one(self, key):
        z = jax.random.normal(key, self.shift.shape)
        return self.shift + jnp.exp(self.log_scale) * z


class NFProposal:
    def __init__(self, flow):
        self.flow = flow

    def sample(self, key, n_samples):
        keys = jax.random.split(key, n_samples)

        def body(carry, k):
            x = self.flow.sample_one(k)
            return carry + x, x

        _, samples = jax.lax.scan(lambda c, k: body(c, k), jnp.zeros_like(self.flow.shift), keys)
        return samples


def main():
    proposal = NFProposal(AffineFlow(3))
    key = jax.random.key(0)
    proposal.sample(key, 32)  # warm-up
    before = _COMPILES[0]
    for i in range(4):
        key, sub = jax.random.split(key)
        proposal.sample(sub, 32)
    return _COMPILES[0] - before


if __name__ == "__main__":
    RESULT = main()
