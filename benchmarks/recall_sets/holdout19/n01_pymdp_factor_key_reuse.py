# expect: bug
# source: https://github.com/infer-actively/pymdp/issues/430
# mistake: sample_action(action_selection="stochastic") maps jr.categorical over every control factor's marginal with the same rng_key, so in the agent's step loop the per-factor "independent" actions are drawn from one shared key and come out fully correlated.
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.tree_util as jtu


def log_stable(x, eps=1e-16):
    return jnp.log(jnp.clip(x, eps))


def sample_action(marginal, alpha=16.0, action_selection="stochastic", rng_key=None):
    if action_selection == "deterministic":
        selected_policy = jtu.tree_map(lambda x: jnp.argmax(x, -1), marginal)
    elif action_selection == "stochastic":
        logits = lambda x: alpha * log_stable(x)
        selected_policy = jtu.tree_map(lambda x: jr.categorical(rng_key, logits(x)), marginal)
    else:
        raise NotImplementedError
    return jnp.stack(selected_policy)


def run_agent(num_steps=200, num_factors=2, num_actions=4, seed=0):
    # two control factors with identical (flat) action marginals
    marginal = [jnp.ones(num_actions) / num_actions for _ in range(num_factors)]
    key = jr.PRNGKey(seed)
    actions = []
    for t in range(num_steps):
        key, step_key = jr.split(key)
        actions.append(sample_action(marginal, alpha=1.0, rng_key=step_key))
    return jnp.stack(actions)


def main():
    actions = run_agent()
    agree = float(jnp.mean(actions[:, 0] == actions[:, 1]))
    print("fraction of steps where factor 0 and factor 1 picked the same action:", agree)
    print("(independent draws over 4 actions would agree ~0.25 of the time)")
