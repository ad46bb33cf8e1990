# expect: bug
# source: https://github.com/netket/netket/pull/1915
# mistake: the Metropolis sampler recomputes `machine.apply(parameters, σ)` at the start of every sweep instead of carrying the log-probability of the current configurations in the sampler state, so each sweep costs sweep_size+1 network evaluations instead of sweep_size.
from typing import NamedTuple

import jax
import jax.numpy as jnp

N_EVALS = {"n": 0}


def _count(_):
    N_EVALS["n"] += 1


def log_psi(params, σ):
    jax.debug.callback(_count, σ[0, 0])
    return jnp.tanh(σ @ params["W"]).sum(-1)


class MetropolisSamplerState(NamedTuple):
    σ: jax.Array
    rng: jax.Array


def _sample_next(parameters, state, sweep_size, machine_pow=2):
    def loop_body(i, s):
        key, k_site, k_acc = jax.random.split(s["key"], 3)
        site = jax.random.randint(k_site, (s["σ"].shape[0],), 0, s["σ"].shape[1])
        σp = s["σ"].at[jnp.arange(s["σ"].shape[0]), site].multiply(-1)
        log_prob_p = machine_pow * log_psi(parameters, σp).real
        accept = jax.random.uniform(k_acc, log_prob_p.shape) < jnp.exp(log_prob_p - s["log_prob"])
        return {"key": key,
                "σ": jnp.where(accept[:, None], σp, s["σ"]),
                "log_prob": jnp.where(accept, log_prob_p, s["log_prob"])}

    # recomputed from scratch at every sweep
    s = {"key": state.rng, "σ": state.σ,
         "log_prob": machine_pow * log_psi(parameters, state.σ).real}
    s = jax.lax.fori_loop(0, sweep_size, loop_body, s)
    return MetropolisSamplerState(σ=s["σ"], rng=s["key"]), s["σ"]


def sample_chain(parameters, state, chain_length, sweep_size):
    return jax.lax.scan(lambda st, _: _sample_next(parameters, st, sweep_size), state, None, length=chain_length)


def main():
    params = {"W": jax.random.normal(jax.random.PRNGKey(0), (10, 4)) * 0.1}
    σ = jnp.ones((16, 10))
    state = MetropolisSamplerState(σ=σ, rng=jax.random.PRNGKey(1))
    chain_length, sweep_size = 20, 10
    state, samples = jax.jit(sample_chain, static_argnums=(2, 3))(params, state, chain_length, sweep_size)
    jax.effects_barrier()
    print(f"network evaluations: {N_EVALS['n']} for {chain_length} sweeps of {sweep_size} steps "
          f"(minimum needed: {chain_length * sweep_size + 1})")
