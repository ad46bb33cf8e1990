# expect: bug
# source: https://github.com/pyro-ppl/numpyro/pull/263
# mistake: a seed handler hands its current key to each sample site and then advances with `self.rng, = random.split(self.rng, 1)`; a sampler that splits the key internally (Student-t) produces the same sub-key the next site receives.
# kind: 4 prng-reuse
import jax.numpy as jnp
from jax import random


def student_t_sample(key, df):
    key_normal, key_chi2 = random.split(key)
    z = random.normal(key_normal, (4,))
    g = random.gamma(key_chi2, 0.5 * df, (4,))
    return z * jnp.sqrt(0.5 * df / g), z


def normal_sample(key):
    return random.normal(key, (4,))


class seed:
    def __init__(self, rng):
        self.rng = rng

    def process_message(self, msg):
        msg["random_state"] = self.rng
        self.rng, = random.split(self.rng, 1)


def run_model(handler):
    sites = [{"name": "t", "fn": "student"}, {"name": "x", "fn": "normal"}]
    values = {}
    for msg in sites:
        handler.process_message(msg)
        if msg["fn"] == "student":
            values[msg["name"]], values["t_normal_part"] = student_t_sample(msg["random_state"], 3.0)
        else:
            values[msg["name"]] = normal_sample(msg["random_state"])
    return values


def main():
    values = run_model(seed(random.PRNGKey(0)))
    same = bool(jnp.array_equal(values["x"], values["t_normal_part"]))
    print(f"SYMPTOM: site 'x' draws equal the normal draws inside site 't': {same}")


if __name__ == "__main__":
    main()
