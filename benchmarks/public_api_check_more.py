"""Exercise the rewrites of libraries whose sdists ship no tests (craftax, pgx, jaxns; pgx's
sdist does not even build) or whose tests skip them (jax_md) through the functions scanlint rewrote, jitted and eagerly,
and print a digest of every output leaf. Run it on an original and a rewritten copy and
compare the lines:

    cp -r SITE/craftax SITE/pgx SITE/jaxns ORIGINAL_DIR; cp -r ORIGINAL_DIR COPY
    scanlint check COPY --fix --unsafe-fixes --param-style carry     # or closure
    PYTHON benchmarks/public_api_check_more.py ORIGINAL_DIR [LIBRARY...]
    PYTHON benchmarks/public_api_check_more.py COPY [LIBRARY...]

(PYTHON: an interpreter with jax, craftax, pgx, jaxns and tensorflow-probability installed;
the folder given comes first on sys.path.) What runs, per library:

- craftax (carry: `craftax/renderer.py`, `craftax_classic/renderer.py`,
  `world_gen/world_gen.py`): reset + 4 steps of Craftax-Pixels-v1 and
  Craftax-Classic-Pixels-v1 (world generation and both pixel renderers).
- pgx (carry: `_src/games/go.py` `_count_ji`, `gardner_chess.py` `_zobrist_hash`; closure:
  `bridge_bidding.py` `_observe`): 40 random Go 9x9 moves, each state scored; 40 random
  Gardner-chess moves, each state hashed; `_observe` of a bridge state with a made-up
  bidding history, for all four players.
- jax_md (carry: `_nn/uma/kernels.py`; its `uma_test.py` skips every `segment_mm` test
  without a GPU): `segment_mm_reference`, the one rewritten function that is not a Pallas
  kernel, on random segments, and its gradient.
- jaxns (carry: `algorithm/depth.py`, `sampling/gmm.py`, `shrinkage/phantom.py`): the
  README's linear regression run with phantom collection, GMM directions fitted to its
  state, classic and phantom evidence samples.
"""
import hashlib
import sys

sys.path.insert(0, sys.argv[1])
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

LIBRARIES = sys.argv[2:] or ["craftax", "pgx", "jaxns", "jax_md"]


def digest(tree):
    h = hashlib.sha256()
    for leaf in jax.tree_util.tree_leaves(tree):
        a = np.asarray(leaf)
        h.update(str((a.dtype, a.shape)).encode())
        h.update(a.tobytes())
    return h.hexdigest()[:16]


def modes():
    return (("jit", jax.jit), ("eager", lambda f: f))


if "craftax" in LIBRARIES:
    from craftax.craftax_env import make_craftax_env_from_name

    for name in ("Craftax-Pixels-v1", "Craftax-Classic-Pixels-v1"):
        env = make_craftax_env_from_name(name, auto_reset=False)
        params = env.default_params
        for mode, wrap in modes():
            reset, step = wrap(env.reset), wrap(env.step)
            obs, state = reset(jax.random.PRNGKey(0), params)
            outs = [obs, state]
            for i in range(4):
                key = jax.random.PRNGKey(i + 1)
                action = jax.random.randint(key, (), 0, env.action_space(params).n)
                obs, state, reward, done, info = step(key, state, action, params)
                outs += [obs, state, reward, done]
            print("craftax", name, mode, digest(outs))

if "pgx" in LIBRARIES:
    import pgx
    from pgx._src.games.go import _count_ji
    from pgx.bridge_bidding import State as BridgeState, _observe
    from pgx.gardner_chess import _zobrist_hash

    def random_states(env_id, n, seed):
        env = pgx.make(env_id)
        init, step = jax.jit(env.init), jax.jit(env.step)
        key = jax.random.PRNGKey(seed)
        state = init(key)
        states = [state]
        for _ in range(n):
            if state.terminated:
                break
            key, sub = jax.random.split(key)
            logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
            state = step(state, jax.random.categorical(sub, logits))
            states.append(state)
        return states

    go = random_states("go_9x9", 40, 0)
    for mode, wrap in modes():
        count = wrap(lambda x, color: _count_ji(x, color, 9))
        print("pgx go _count_ji", mode,
              digest([count(s._x, c) for s in go for c in (0, 1)]))
    chess = random_states("gardner_chess", 40, 1)
    for mode, wrap in modes():
        print("pgx gardner_chess _zobrist_hash", mode,
              digest([wrap(_zobrist_hash)(s) for s in chess]))
    history = jnp.full(319, -1, dtype=jnp.int32).at[:9].set(
        jnp.int32([3, 0, 7, 1, 12, 0, 0, 2, 20]))
    bridge = BridgeState(_bidding_history=history, _turn=jnp.int32(9), _dealer=jnp.int32(1),
                         _shuffled_players=jnp.int32([2, 0, 3, 1]))
    for mode, wrap in modes():
        print("pgx bridge_bidding _observe", mode,
              digest([wrap(_observe)(bridge, jnp.int32(p)) for p in range(4)]))

if "jaxns" in LIBRARIES:
    from jaxns.core import NestedSampler
    from jaxns.model import Model
    from jaxns.priors import Prior
    from tensorflow_probability.substrates import jax as tfp

    tfpd = tfp.distributions

    def prior_model(predictor, observations, measurement_uncertainty):
        intercept = Prior(tfpd.Normal(loc=0.0, scale=1.0), name="intercept").realise()
        slope = Prior(tfpd.Normal(loc=0.0, scale=2.0), name="slope").realise()
        prediction = intercept + slope * predictor
        return jnp.sum(tfpd.Normal(loc=prediction, scale=measurement_uncertainty)
                       .log_prob(observations))

    model = Model(prior_model=prior_model)
    args = (jnp.linspace(0.0, 1.0, 6), jnp.asarray([0.15, 0.32, 0.83, 1.08, 1.52, 1.77]),
            jnp.asarray(0.15))
    sampler = NestedSampler(model=model, collect_phantom_samples=True)
    state = sampler.run(key=jax.random.PRNGKey(6), args=args)
    results = state.to_result().trim()
    print("jaxns run", digest(results))
    print("jaxns fit_gmm_directions", digest(state.fit_gmm_directions(num_components=2)))
    for phantom in (False, True):
        print("jaxns sample_evidence phantom" if phantom else "jaxns sample_evidence classic",
              digest(results.sample_evidence(num_samples=512, phantom_conditioning=phantom,
                                             key=jax.random.PRNGKey(3))))

if "jax_md" in LIBRARIES:
    from jax_md._nn.uma.kernels import segment_mm_reference

    x = jax.random.normal(jax.random.PRNGKey(0), (10, 4))
    weights = jax.random.normal(jax.random.PRNGKey(1), (3, 5, 4))
    sizes = jnp.int32([3, 0, 7])
    for mode, wrap in modes():
        loss = wrap(jax.value_and_grad(lambda x, w: segment_mm_reference(x, w, sizes).sum(),
                                       argnums=(0, 1)))
        print("jax_md segment_mm_reference", mode,
              digest([wrap(segment_mm_reference)(x, weights, sizes), loss(x, weights)]))
