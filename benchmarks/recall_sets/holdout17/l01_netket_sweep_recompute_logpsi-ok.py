# expect: none
# source: https://github.com/netket/netket/pull/1915
# mistake: the sampler state carries `log_probability` of the current configurations from one sweep to the next (computed once at init), so each sweep evaluates the network only for the proposals.
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
    log_probability: jax.Array


def _init_state(parameters, σ, key, machine_pow=2):
    return MetropolisSamplerState(σ=σ, rng=key, log_probability=machine_pow * log_psi(parameters, σ).real)


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

    s = {"key": state.rng, "σ": state.σ, "log_prob": state.log_probability}
    s = jax.lax.fori_loop(0, sweep_size, loop_body, s)
    return MetropolisSamplerState(σ=s["σ"], rng=s["key"], log_probability=s["log_prob"]), s["σ"]


def sample_chain(parameters, state, chain_length, sweep_size):
    return jax.lax.scan(lambda st, _: _sample_next(parameters, st, sweep_size), state, None, length=chain_length)


def main():
    params = {"W": jax.random.normal(jax.random.PRNGKey(0), (10, 4)) * 0.1}
    state = _init_state(params, jnp.ones((16, 10)), jax.random.PRNGKey(1))
    chain_length, sweep_size = 20, 10
    state, samples = jax.jit(sample_chain, static_argnums=(2, 3))(params, state, chain_length, sweep_size)
    jax.effects_barrier()
    print(f"network evaluations: {N_EVALS['n']} for {chain_length} sweeps of {sweep_size} steps")
