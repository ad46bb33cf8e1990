# expect: bug
# source: https://github.com/CDCgov/DynODE/issues/158
# mistake: The fixed-time-step compartmental model advances day by day with a Python for loop inside the jitted log-likelihood, so inference traces one copy of the update per day and compile time grows with the simulated horizon.
# kind: 6 Python loops unrolled under jit
import jax
import jax.numpy as jnp


def seir_rhs(state, beta, sigma=1 / 3.0, gamma=1 / 5.0):
    s, e, i, r = state
    n = s + e + i + r
    infection = beta * s * i / n
    return jnp.stack([-infection, infection - sigma * e, sigma * e - gamma * i, gamma * i])


def make_log_likelihood(n_days, dt=0.25):
    steps_per_day = int(1 / dt)

    @jax.jit
    def log_likelihood(params, init_state, observed_cases):
        beta = jnp.exp(params["log_beta"])
        state = init_state
        incidence = []
        for day in range(n_days):
            e_before = state[1]
            for _ in range(steps_per_day):
                state = state + dt * seir_rhs(state, beta)
            incidence.append(jnp.maximum(state[1] - e_before, 1e-6))
        rate = jnp.stack(incidence)
        return jnp.sum(observed_cases * jnp.log(rate) - rate)

    return log_likelihood


def count_eqns(n_days):
    ll = make_log_likelihood(n_days)
    args = ({"log_beta": jnp.log(0.4)}, jnp.array([990.0, 5.0, 5.0, 0.0]), jnp.ones(n_days))
    return len(jax.make_jaxpr(ll.__wrapped__)(*args).jaxpr.eqns)


def main():
    ll = make_log_likelihood(3)
    ll({"log_beta": jnp.log(0.4)}, jnp.array([990.0, 5.0, 5.0, 0.0]), jnp.ones(3))
    short, long = count_eqns(10), count_eqns(80)
    if long > 5 * short:
        print(f"SYMPTOM: log-likelihood jaxpr has {short} equations for 10 days and {long} for 80 days "
              f"(one unrolled copy of the update per time step)")


if __name__ == "__main__":
    main()
