# expect: none
# source: https://github.com/google-deepmind/tapnet/issues/44
# mistake: Looks like the same loop feeding videos of different lengths into a jitted tracker, but
#   every clip is padded to a fixed bucket length (with a frame mask), so the compiled function is
#   reused for all of them.
# case: recompile-padded-video-lengths-ok
# kind: lookalike
# rules: SCN309
# jax: symptom RESULT >= 3
# pair: recompile-ragged-video-lengths
# note: The thread's answer was that changing input sizes cause recompilation; padding to a fixed size
#   is the standard remedy, applied here in the inference helper.
import jax
import jax.monitoring as _mon
import jax.numpy as jnp

_COMPILES = [0]


def _on_event(name, secs, **kw):
    if name == "/jax/core/compile/backend_compile_duration":
        _COMPILES[0] += 1


_mon.register_event_duration_secs_listener(_on_event)

MAX_FRAMES = 48


def track_points(params, frames, frame_mask, query_points):
    feats = jnp.tanh(frames * params["scale"] + params["bias"])
    resp = jnp.einsum("thw,nh->tnw", feats, jax.nn.one_hot(query_points[:, 0], frames.shape[1]))
    return jax.nn.softmax(resp, axis=-1) * frame_mask[:, None, None]


model_apply = jax.jit(track_points)


def pad_video(frames, length=MAX_FRAMES):
    n = frames.shape[0]
    padded = jnp.zeros((length,) + frames.shape[1:], frames.dtype).at[:n].set(frames)
    mask = (jnp.arange(length) < n).astype(frames.dtype)
    return padded, mask


def inference(params, frames, query_points):
    n = frames.shape[0]
    padded, mask = pad_video(frames)
    return model_apply(params, padded, mask, query_points)[:n]


def main():
    params = {"scale": jnp.float32(0.5), "bias": jnp.float32(0.1)}
    queries = jnp.array([[3, 4], [10, 2]], dtype=jnp.int32)
    videos = [jnp.ones((n, 16, 16)) for n in (24, 31, 17, 40, 24)]
    for frames in videos:  # warm-up: compiles the model and the eager padding ops per length
        inference(params, frames, queries)
    before = _COMPILES[0]
    for frames in videos:
        inference(params, frames, queries)
    return _COMPILES[0] - before


if __name__ == "__main__":
    RESULT = main()
