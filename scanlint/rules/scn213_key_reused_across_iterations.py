from __future__ import annotations

from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.loop_keys import loop_keys, reported

_JNP = "import jax\nimport jax.numpy as jnp\n"


class KeyReusedAcrossIterations(Rule):
    """
    ## What it does
    Finds a PRNG key that is the same at every iteration of a Python loop and reaches a
    draw there: a key made from a constant seed in the loop (`jax.random.PRNGKey(0)` in its
    body, or in a function the file calls in a loop, or as the default of a parameter the
    calls in the loop leave out: `rng_key=PRNGKey(3)` is made once, whatever its seed), or
    a key bound before
    the loop and never split or rebound in it, passed at every iteration to a `jax.random`
    draw, or to a function of the file that draws from it (a draw, `split`, a Flax
    `rngs={"dropout": key}`, `nnx.Rngs(key)`, through the functions it passes it on to;
    jitted or not). SCN209
    covers the bodies of `scan`, `fori_loop` and `while_loop`; this rule, a key made from
    a constant seed in a function such a body calls (traced once, the same key at every
    step). A seed is constant when it is a literal, a module-level constant, or a
    parameter with a literal default that every call leaves out or passes a literal for
    (`def step(..., seed=0)`).

    A key made before the loop (or in a function it calls) is reported when the loop runs a
    process step by step: a `while`, a loop over `range(...)`, or one whose body carries a
    value to the next iteration (`params = step(params, key)`). A loop over a collection's
    items that carries nothing may share one key across the items on purpose (brax's
    "correlated crop between views"), and is left alone; a key seeded again in the loop's
    own body is always reported.

    A loop over a collection's items is reported when each item keeps what it draws as its
    own state (`for layer in layers: layer.init(key)`, the method setting `self.w`): every
    item of one shape gets the same numbers. A method called on such an item whose class the
    file does not show is any of the file's methods of that name.

    A key split at every iteration (`key, sub = jax.random.split(key)`), folded with the
    iteration (`fold_in(key, step)`), or seeded from the loop's variable is new at every
    iteration and is not reported.

    ## Why is this bad?
    The same key gives the same numbers: every batch gets the same augmentation, every
    training step the same dropout mask, every episode the same noise. Nothing fails; the
    statistics are silently wrong. A test runs the invalid cases below under JAX and checks
    that two iterations draw the same numbers.

    ## Example
    ```python
    for step in range(n_steps):
        params, opt_state = train_step(params, opt_state, batch, dropout_key)
    ```

    ## Use instead
    ```python
    for step in range(n_steps):
        dropout_key, step_key = jax.random.split(dropout_key)
        params, opt_state = train_step(params, opt_state, batch, step_key)
    ```
    No fix is offered: any fix changes the numbers the program draws.
    """

    CODE = "SCN213"
    NAME = "key-reused-across-iterations"
    MESSAGE = ("`{key}` is the same key at every iteration of this loop ({why}), and {draw} "
               "draws from it: every iteration draws the same numbers; split a key at every "
               "iteration (`key, sub = jax.random.split(key)`) or `fold_in` the iteration")
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        # Every key it follows is made or drawn from through `jax.random` (any import of it
        # spells `random`) or handed to Flax as `rngs`/`nnx.Rngs`: a file without those words
        # has none, and the file's program is not built for it.
        text = ctx.text.lower()
        if "random" not in text and "rngs" not in text:
            return
        for found in loop_keys(ctx.program):
            if not reported(found):
                continue  # a collection's items may share a key on purpose (its docstring)
            message = self.MESSAGE.format(key=found.key, why=found.why, draw=found.draw)
            yield ctx.diagnostic_at(self, found.node, no_fix_reason(
                message, "any fix changes the numbers the program draws"))

    VALID = [
        # The body passes the step to the helper, which seeds from it: a new key each step.
        _JNP + "def add_noise(x, scale, seed=0):\n"
        "    key = jax.random.PRNGKey(seed)\n"
        "    return x + scale * jax.random.normal(key, x.shape)\n"
        "def body(i, rows):\n"
        "    return rows.at[i].set(add_noise(jnp.zeros(2), 1.0, seed=i))\n"
        "draws = jax.lax.fori_loop(0, 3, body, jnp.zeros((3, 2)))\n",
        # ... replaced at every call (`self.key, sub = jax.random.split(self.key)`).
        _JNP + "class Agent:\n    def __init__(self, seed):\n"
        "        self.key = jax.random.PRNGKey(seed)\n"
        "    def act(self):\n        self.key, sub = jax.random.split(self.key)\n"
        "        return jax.random.uniform(sub)\n"
        "agent = Agent(3)\ndraws = [agent.act() for _ in range(3)]\n",
        # The helper hands back a new key, split from the one it drew with.
        _JNP + "def jitter(key, x):\n    key, sub = jax.random.split(key)\n"
        "    return x + jax.random.normal(sub, x.shape), key\n"
        "def walk(key, x, steps):\n    draws = []\n    for _ in range(steps):\n"
        "        y, key = jitter(key, x)\n        draws.append(y - x)\n"
        "    return draws\n"
        "draws = walk(jax.random.PRNGKey(1), jnp.zeros(3), 3)\n",
        # One key for every item of a collection, carrying nothing between them: the same
        # numbers on purpose (brax's bc/train.py, "correlated crop between views").
        _JNP + "crop_key = jax.random.PRNGKey(0)\nviews = {'left': 1.0, 'right': 2.0}\n"
        "draws = []\nfor name, view in views.items():\n"
        "    draws.append(view * 0 + jax.random.normal(crop_key, (3,)))  # same on purpose\n",
        # A key split at every iteration.
        _JNP + "key = jax.random.PRNGKey(0)\ndraws = []\n"
        "for _ in range(2):\n    key, sub = jax.random.split(key)\n"
        "    draws.append(jax.random.normal(sub, (3,)))\n",
        # A jitted step folding the key it is given with the state the loop carries.
        _JNP + "@jax.jit\ndef step(count, key):\n    sub = jax.random.fold_in(key, count)\n"
        "    return count + 1, jax.random.normal(sub, (3,))\n"
        "key = jax.random.PRNGKey(0)\ncount = 0\ndraws = []\nfor _ in range(2):\n"
        "    count, draw = step(count, key)\n    draws.append(draw)\n",
        # A key folded with the iteration.
        _JNP + "key = jax.random.PRNGKey(0)\n"
        "draws = [jax.random.normal(jax.random.fold_in(key, i), (3,)) for i in range(2)]\n",
        # A seed from the loop's variable.
        _JNP + "draws = []\nfor seed in range(2):\n"
        "    draws.append(jax.random.normal(jax.random.PRNGKey(seed), (3,)))\n",
        # A fixed key used once, before a loop that does not draw.
        _JNP + "key = jax.random.PRNGKey(0)\nx = jax.random.normal(key, (3,))\n"
        "draws = []\nfor i in range(2):\n    draws.append(x * i)\n",
    ]

    INVALID = [
        # Every layer of a tuple of several classes initialised with one key, each keeping
        # what it draws: layers of one shape get the same weights (netket/netket#241).
        Invalid(_JNP + "class Dense:\n    def __init__(self, n):\n"
                "        self.n, self.w = n, None\n"
                "    def init(self, key):\n        self.w = jax.random.normal(key, (self.n,))\n"
                "class Relu:\n    def init(self, key):\n        pass\n"
                "layers = (Dense(3), Relu(), Dense(3))\nkey = jax.random.PRNGKey(0)\n"
                "for layer in layers:\n    layer.init(key)\n"
                "draws = [layers[0].w, layers[2].w]\n"),
        # A helper the body of a `fori_loop` calls makes its key from a seed parameter
        # every call leaves at its default: traced once, one key for every step (a DDIM
        # scheduler's `step(..., seed=0)`, huggingface/diffusers#508).
        Invalid(_JNP + "def add_noise(x, scale, seed=0):\n"
                "    key = jax.random.PRNGKey(seed)\n"
                "    return x + scale * jax.random.normal(key, x.shape)\n"
                "def body(i, rows):\n"
                "    return rows.at[i].set(add_noise(jnp.zeros(2), 1.0))\n"
                "draws = jax.lax.fori_loop(0, 3, body, jnp.zeros((3, 2)))\n"),
        # A key the object holds, made in `__init__`, split by a method the loop calls but
        # never replaced (https://github.com/jax-ml/jax/pull/8953).
        Invalid(_JNP + "class Agent:\n    def __init__(self, seed):\n"
                "        self.key = jax.random.PRNGKey(seed)\n"
                "    def act(self):\n        k1, k2 = jax.random.split(self.key)\n"
                "        return jax.random.uniform(k2)\n"
                "agent = Agent(3)\ndraws = [agent.act() for _ in range(3)]\n"),
        # The held key passed to a jitted helper that splits it and returns the new key,
        # which the method drops (https://github.com/araffin/sbx/issues/45).
        Invalid(_JNP + "class Learner:\n    def __init__(self):\n"
                "        self.key = jax.random.key(0)\n        self.w = jnp.zeros(2)\n"
                "    @staticmethod\n    @jax.jit\n    def _train(w, key):\n"
                "        key, sub = jax.random.split(key)\n"
                "        eps = jax.random.normal(sub, w.shape)\n"
                "        return w + eps, key, eps\n"
                "    def train(self):\n"
                "        self.w, _, eps = self._train(self.w, self.key)\n"
                "        return eps\n"
                "learner = Learner()\ndraws = [learner.train() for _ in range(3)]\n"),
        # A jitted step hands the key to a key sequence of the file (a class that stores it
        # and splits it in a method): the loop passes the same key at every step
        # (https://github.com/google-deepmind/dm-haiku/issues/585).
        Invalid(_JNP + "class KeySequence:\n    def __init__(self, key):\n"
                "        self._key = key\n"
                "    def next_key(self):\n"
                "        self._key, sub = jax.random.split(self._key)\n        return sub\n"
                "@jax.jit\ndef noisy(x, rng):\n    seq = KeySequence(rng)\n"
                "    return jax.random.bernoulli(seq.next_key(), 0.5, x.shape)\n"
                "rng = jax.random.PRNGKey(0)\ndraws = []\nfor step in range(3):\n"
                "    draws.append(noisy(jnp.ones(8), rng))\n"),
        # A helper draws from the key it is given and hands that same key back: the loop
        # rebinds the name to the key it already had (https://github.com/jax-ml/jax/issues/192).
        Invalid(_JNP + "def jitter(key, x):\n    eps = jax.random.normal(key, x.shape)\n"
                "    return x + eps, key\n"
                "def walk(key, x, steps):\n    draws = []\n    for _ in range(steps):\n"
                "        y, key = jitter(key, x)\n        draws.append(y - x)\n"
                "    return draws\n"
                "draws = walk(jax.random.PRNGKey(1), jnp.zeros(3), 3)\n"),
        # ... a method whose draw is under `value_and_grad` (https://github.com/pyro-ppl/
        # numpyro/pull/5: the ELBO's noise was the same at every SVI step).
        Invalid(_JNP + "def elbo(w, key):\n    eps = jax.random.normal(key, (3,))\n"
                "    return jnp.sum(w * eps), eps\n"
                "class SVI:\n    def update(self, w, key):\n"
                "        (_, eps), g = jax.value_and_grad(elbo, has_aux=True)(w, key)\n"
                "        return w - 0.1 * g, key, eps\n"
                "svi = SVI()\nkey = jax.random.PRNGKey(0)\nw = jnp.zeros(3)\ndraws = []\n"
                "for _ in range(2):\n    w, key, eps = svi.update(w, key)\n"
                "    draws.append(eps)\n"),
        # A constant seed in the loop's body, split and drawn from.
        Invalid(_JNP + "from jax import random\ndraws = []\n"
                "for batch in range(2):\n    key = random.PRNGKey(0)\n"
                "    key, sub = random.split(key)\n"
                "    draws.append(random.randint(sub, (4,), 0, 2))\n"),
        # A key bound before the loop, passed at every iteration to a jitted step that
        # draws from it.
        Invalid(_JNP + "@jax.jit\ndef noisy_step(x, key):\n"
                "    return x + jax.random.normal(key, x.shape)\n"
                "main_key, step_key = jax.random.split(jax.random.PRNGKey(0))\n"
                "x = jnp.zeros(3)\ndraws = []\n"
                "for _ in range(2):\n    y = noisy_step(x, step_key)\n"
                "    draws.append(y)\n"),
        # A key drawn from in the loop directly, from a function's parameter-free key.
        Invalid(_JNP + "def rollout(n):\n    key = jax.random.key(1)\n    out = []\n"
                "    for t in range(n):\n        out.append(jax.random.uniform(key, (2,)))\n"
                "    return out\n"
                "draws = rollout(2)\n"),
        # A key as a parameter's default, made once when the def ran, a loop of calls
        # leaving it out (pysersic's estimate_posterior(rng_key=PRNGKey(3))).
        Invalid(_JNP + "class Fit:\n    def sample(self, n=3, rng_key=jax.random.PRNGKey(3)):\n"
                "        return jax.random.normal(rng_key, (n,))\n"
                "draws = [Fit().sample() for _ in range(2)]\n"),
        # A default key with a seed drawn at random, still made once: a jitted actor's
        # `key=PRNGKey(np.random.randint(...))` (ogbench#36).
        Invalid("import numpy as np\n" + _JNP + "def evaluate(steps):\n    @jax.jit\n"
                "    def actor_fn(obs, key=jax.random.PRNGKey(np.random.randint(0, 2**31))):\n"
                "        return obs + jax.random.normal(key, obs.shape)\n"
                "    return [actor_fn(jnp.zeros(2)) for _ in range(steps)]\n"
                "draws = evaluate(2)\n"),
        # A constant seed in a helper the file calls in a loop.
        Invalid(_JNP + "def augment(x):\n    key = jax.random.PRNGKey(42)\n"
                "    return x + jax.random.normal(key, x.shape)\n"
                "draws = [augment(jnp.zeros(3)) for _ in range(2)]\n"),
    ]
