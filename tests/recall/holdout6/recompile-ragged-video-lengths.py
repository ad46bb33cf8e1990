# expect: bug
# source: https://github.com/google-deepmind/tapnet/issues/44
# mistake: A jitted tracker is applied in a loop over videos whose frame counts differ, so every new
#   input shape triggers a fresh trace and compile of the model.
# case: recompile-ragged-video-lengths
# kind: mistake
# rules: SCN309
# jax: symptom RESULT >= 3
# note: The thread (TAPNet colab) jitted hk.transform(...).apply once and looped inference() over
#   videos of varying length; here a small point-tracking function stands in for the Haiku model.
import jax
import jax.monitoring as _mon
import jax.numpy as jnp

_COMPILES = [0]


def _on_event(name, secs, **kw):
    if name == "/jax/core/compile/backend_compile_duration":
        _COMPILES[0] += 1


_mon.register_event_duration_secs_listener(_on_event)


def track_points(params, frames, query_points):
    # frames: [T, H, W]; query_points: [N, 2] -> per-frame soft-argmax responses
    feats = jnp.tanh(frames * params["scale"] + params["bias"])
    resp = jnp.einsum("thw,nh->tnw", feats, jax.nn.one_hot(query_points[:, 0], frames.shape[1]))
    return jax.nn.softmax(resp, axis=-1)


model_apply = jax.jit(track_points)


def inference(params, frames, query_points):
    return model_apply(params, frames, query_points)


def main():
    params = {"scale": jnp.float32(0.5), "bias": jnp.float32(0.1)}
    queries = jnp.array([[3, 4], [10, 2]], dtype=jnp.int32)
    videos = [jnp.ones((n, 16, 16)) for n in (24, 31, 17, 40, 24)]
    inference(params, videos[0], queries)  # warm-up on the first clip length
    before = _COMPILES[0]
    for frames in videos[1:]:
        inference(params, frames, queries)
    return _COMPILES[0] - before


if __name__ == "__main__":
    RESULT = main()
