from __future__ import annotations

from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext
from scanlint.semantic.carry import step_function
from scanlint.semantic.prng_keys import ReusedKey, reused_keys

_JNP = "import jax\nimport jax.numpy as jnp\n"


class ReusedPrngKey(Rule):
    """
    ## What it does
    Finds a `jax.random` draw (`normal`, `uniform`, `bernoulli`, `categorical`, ...) in the
    body of a `scan`, `fori_loop` or `while_loop` (jax's or Flax NNX's) whose key is the same
    at every step: a key the body reads from outside (captured from the enclosing function,
    a module-level key, `self.key`, a parameter bound by `functools.partial` or left to its
    default), a slot of the carry that the body returns unchanged, an `nnx.scan` parameter
    broadcast to every step (`in_axes` `None`), or a key made from a constant seed
    (`jax.random.PRNGKey(0)` in the body); also a key split or folded from one of these with
    values that are the same at every step (`k1, k2 = jax.random.split(key)`,
    `jax.random.fold_in(key, 0)`), and a draw a helper of the file makes from such a key the
    body passes it (`perturb(c, key)`). And a key the body draws from and then returns in
    the carry, in a body that draws from the key it gets: the next step's first draw
    repeats this step's (draw, split, draw from the split key, carry that key on).

    A key folded with the step index or a scanned value (`jax.random.fold_in(key, i)`),
    indexed by it (`keys[i]`), scanned over (`xs=jax.random.split(key, n)`), or split from a
    carried key that the body returns split (`key, sub = jax.random.split(key)`) is new at
    every step and is not reported. A key the code does not show to be the same (a helper's
    result, a name bound in a branch) is not reported either. `lax.map` bodies are not
    checked: the same key for every element can be deliberate (common random numbers).

    ## Why is this bad?
    JAX traces the body once; a draw gives different numbers at each step only when its key
    differs. With the same key, every step draws exactly the same numbers: the same proposal
    in a sampler, the same noise at every time step, the same dropout mask. Nothing fails;
    the statistics are silently wrong. A test runs the invalid cases below under JAX and
    checks that their first two steps draw the same numbers (and the valid ones do not).

    ## Example
    ```python
    def kernel(carry, _):
        key, x = carry
        move = jax.random.normal(key, x.shape)
        return (key, x + move), move
    ```

    ## Use instead
    ```python
    def kernel(carry, _):
        key, x = carry
        key, sub = jax.random.split(key)
        move = jax.random.normal(sub, x.shape)
        return (key, x + move), move
    ```
    (or `jax.random.fold_in(key, i)` with the step index). No fix is offered: any fix changes
    the numbers the program draws.
    """

    CODE = "SCN209"
    NAME = "reused-prng-key"
    MESSAGE = ("`{draw}` draws with key `{key}`, which is the same at every step ({why}): "
               "every step draws the same numbers; split a carried key or `fold_in` the step")

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        seen: set[int] = set()
        for site in ctx.model.sites:
            step = step_function(ctx.model, site, methods=True)
            if step is None or id(step.node) in seen:
                continue
            seen.add(id(step.node))
            keys: set[str] = set()
            for reused in reused_keys(ctx.model, site, step):
                if reused.key in keys:
                    continue  # the same key's other draws: one finding says it
                keys.add(reused.key)
                node = reused.call if step.is_def else site.call
                yield ctx.diagnostic(self, node, _message(self, reused),
                                     statement=None if step.is_def else site.statement)

    VALID = [
        # A carried key split at every step.
        _JNP + "def kernel(carry, _):\n    key, x = carry\n"
        "    key, sub = jax.random.split(key)\n    move = jax.random.normal(sub, x.shape)\n"
        "    return (key, x + move), move\n"
        "_, draws = jax.lax.scan(kernel, (jax.random.PRNGKey(0), jnp.zeros(2)), None, "
        "length=5)\n",
        # A captured key folded with the step index, or indexed by it.
        _JNP + "def sample(key, n):\n    def body(i, draws):\n"
        "        return draws.at[i].set(jax.random.uniform(jax.random.fold_in(key, i), (2,)))\n"
        "    return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 2)))\n"
        "draws = sample(jax.random.PRNGKey(0), 3)\n",
        _JNP + "def sample(key, n):\n    keys = jax.random.split(key, n)\n"
        "    def body(i, draws):\n"
        "        return draws.at[i].set(jax.random.uniform(keys[i], (2,)))\n"
        "    return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 2)))\n"
        "draws = sample(jax.random.PRNGKey(0), 3)\n",
        # Keys scanned over as `xs`.
        _JNP + "def step(c, key):\n    noise = jax.random.normal(key, c.shape)\n"
        "    return c + noise, noise\n"
        "_, draws = jax.lax.scan(step, jnp.zeros(2), jax.random.split(jax.random.PRNGKey(0), "
        "4))\n",
        # NNX's scan: the key folded with a scanned step number.
        _JNP + "from flax import nnx\ndef run(xs, key):\n"
        "    @nnx.scan(in_axes=(nnx.Carry, 0, 0), out_axes=(nnx.Carry, 0))\n"
        "    def step(h, x, t):\n"
        "        noise = jax.random.normal(jax.random.fold_in(key, t), h.shape)\n"
        "        return jnp.tanh(h + x) + 0.1 * noise, noise\n"
        "    return step(jnp.zeros(xs.shape[-1]), xs, jnp.arange(xs.shape[0]))\n"
        "_, draws = run(jnp.ones((5, 3)), jax.random.PRNGKey(1))\n",
        # A dict carry's key slot split and returned new.
        _JNP + "def step(state, x):\n    key, sub = jax.random.split(state['key'])\n"
        "    noise = jax.random.normal(sub, (3,))\n"
        "    return {'key': key, 'h': state['h'] + noise * x}, noise\n"
        "init = {'key': jax.random.PRNGKey(0), 'h': jnp.zeros(3)}\n"
        "_, draws = jax.lax.scan(step, init, jnp.ones(4))\n",
        # The carried key split before its one draw: the next step splits it again.
        _JNP + "def kernel(carry, _):\n    key, x = carry\n"
        "    key = jax.random.split(key)[0]\n    move = jax.random.normal(key, x.shape)\n"
        "    return (key, x + move), move\n"
        "_, draws = jax.lax.scan(kernel, (jax.random.PRNGKey(0), jnp.zeros(2)), None, "
        "length=5)\n",
        # A key rebound in a branch is not followed past it.
        _JNP + "def rollout(key, n):\n    def body(carry, _):\n        key, x = carry\n"
        "        if x.ndim == 1:\n            key, sub = jax.random.split(key)\n"
        "        else:\n            sub = key\n"
        "        noise = jax.random.normal(sub, x.shape)\n"
        "        return (key, x + noise), noise\n"
        "    return jax.lax.scan(body, (key, jnp.zeros(2)), None, length=n)\n"
        "_, draws = rollout(jax.random.PRNGKey(0), 4)\n",
    ]

    INVALID = [
        # A key captured from the enclosing function.
        Invalid(_JNP + "def noisy(xs, key):\n    def step(c, x):\n"
                "        noise = jax.random.normal(key, c.shape)\n"
                "        return c + x + noise, noise\n"
                "    return jax.lax.scan(step, jnp.zeros(3), xs)\n"
                "_, draws = noisy(jnp.ones((4, 3)), jax.random.PRNGKey(0))\n"),
        # A key in the carry, returned unchanged (a tuple slot, a dict slot).
        Invalid(_JNP + "def kernel(carry, _):\n    key, x = carry\n"
                "    move = jax.random.normal(key, x.shape)\n"
                "    return (key, x + move), move\n"
                "_, draws = jax.lax.scan(kernel, (jax.random.PRNGKey(0), jnp.zeros(2)), None, "
                "length=5)\n"),
        # ... a field of a functional namedtuple carry, drawn from by a helper
        # (https://github.com/eserie/wax-ml/pull/45).
        Invalid(_JNP + "from collections import namedtuple\n"
                "Loop = namedtuple('Loop', ['rng', 'x'])\n"
                "def noise(x, rng):\n    return jax.random.normal(rng, x.shape)\n"
                "def body(state, _):\n    rng, x = state\n    d = noise(x, rng)\n"
                "    return Loop(rng, x + d), d\n"
                "_, draws = jax.lax.scan(body, Loop(jax.random.PRNGKey(0), jnp.zeros(2)), "
                "None, length=3)\n"),
        # ... split, but the new key is not the one the carry gets back.
        Invalid(_JNP + "def kernel(carry, _):\n    key, x = carry\n"
                "    new_key, sub = jax.random.split(key)\n"
                "    move = jax.random.normal(sub, x.shape)\n    return (key, x + move), move\n"
                "_, draws = jax.lax.scan(kernel, (jax.random.PRNGKey(0), jnp.zeros(2)), None, "
                "length=5)\n"),
        Invalid(_JNP + "def step(state, x):\n    noise = jax.random.normal(state['key'], (3,))\n"
                "    return {'key': state['key'], 'h': state['h'] + noise * x}, noise\n"
                "init = {'key': jax.random.PRNGKey(0), 'h': jnp.zeros(3)}\n"
                "_, draws = jax.lax.scan(step, init, jnp.ones(4))\n"),
        # A method bound through `functools.partial`, drawing from `self.key`.
        Invalid("import functools\n" + _JNP + "class Perturbed:\n"
                "    def __init__(self, key):\n        self.key = key\n"
                "    def _body(self, i, draws, scale):\n"
                "        return draws.at[i].set(scale * jax.random.normal(self.key, (2,)))\n"
                "    def run(self, n):\n"
                "        body = functools.partial(self._body, scale=0.5)\n"
                "        return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 2)))\n"
                "draws = Perturbed(jax.random.PRNGKey(0)).run(4)\n"),
        # A captured key split in the body: the subkeys are the same at every step.
        Invalid(_JNP + "def sample(key, n):\n    def body(state):\n        i, draws = state\n"
                "        k1, k2 = jax.random.split(key)\n"
                "        return i + 1, draws.at[i].set(jax.random.uniform(k1, (2,)))\n"
                "    return jax.lax.while_loop(lambda s: s[0] < n, body, "
                "(0, jnp.zeros((n, 2))))[1]\n"
                "draws = sample(jax.random.PRNGKey(0), 3)\n"),
        # Flax NNX's scan (a decorator), the key captured.
        Invalid(_JNP + "from flax import nnx\ndef run(xs, key):\n"
                "    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))\n"
                "    def step(h, x):\n        noise = jax.random.normal(key, h.shape)\n"
                "        return jnp.tanh(h + x) + 0.1 * noise, noise\n"
                "    return step(jnp.zeros(xs.shape[-1]), xs)\n"
                "_, draws = run(jnp.ones((5, 3)), jax.random.PRNGKey(1))\n"),
        # A key made from a constant seed in the body.
        Invalid(_JNP + "def body(i, draws):\n"
                "    return draws.at[i].set(jax.random.uniform(jax.random.PRNGKey(0), (2,)))\n"
                "draws = jax.lax.fori_loop(0, 3, body, jnp.zeros((3, 2)))\n"),
        # Through a helper of the file the body passes the captured key.
        Invalid(_JNP + "def perturb(x, key):\n    return x + jax.random.normal(key, x.shape)\n"
                "def run(xs, key):\n    def step(c, x):\n        new = perturb(c, key)\n"
                "        return new, new - c\n"
                "    return jax.lax.scan(step, jnp.zeros(2), xs)\n"
                "_, draws = run(jnp.ones((4, 2)), jax.random.PRNGKey(2))\n"),
        # The key drawn from, split, drawn from again and carried on: the next step's first
        # draw repeats this step's second (its rows stored as `draws`).
        Invalid(_JNP + "def kernel(carry, _):\n    key, x = carry\n"
                "    move = jax.random.normal(key, (2,))\n    key, _ = jax.random.split(key)\n"
                "    u = jax.random.normal(key, (2,))\n    return (key, x + move), (move, u)\n"
                "_, (moves, us) = jax.lax.scan(kernel, (jax.random.PRNGKey(0), jnp.zeros(2)), "
                "None, length=3)\n"
                "draws = jnp.stack([us[0], moves[1]])\n"),
        # A module-level key folded with a constant.
        Invalid(_JNP + "KEY = jax.random.PRNGKey(0)\ndef step(c, x):\n"
                "    drop = jax.random.bernoulli(jax.random.fold_in(KEY, 1), 0.5, c.shape)\n"
                "    return c * drop + x, drop\n"
                "_, draws = jax.lax.scan(step, jnp.ones(8), jnp.ones((4, 8)))\n"),
    ]


def _message(rule: ReusedPrngKey, reused: ReusedKey) -> str:
    if reused.carried:
        return (f"`{reused.draw}` draws with key `{reused.key}`, which the body then returns "
                "in the carry: the next step draws from the same key again and repeats these "
                "numbers; split off a new key for each draw and carry a key no draw used")
    same = reused.same
    why = f"`{same.root}` is {same.why}" if same.root != reused.key else f"it is {same.why}"
    message = rule.MESSAGE.format(draw=reused.draw, key=reused.key, why=why)
    if reused.through is not None:
        message = f"Through `{reused.through}(...)`: " + message
    return message
