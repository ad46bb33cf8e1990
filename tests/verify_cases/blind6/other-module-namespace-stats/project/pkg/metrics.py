import types

STATS = types.SimpleNamespace(solves={})
