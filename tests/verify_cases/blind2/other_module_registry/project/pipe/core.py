"""Name -> transform registry shared by the preprocessing modules."""
REGISTRY = {}
ALIASES = {}


def register(name, *aliases):
    def deco(fn):
        REGISTRY[name] = fn
        for a in aliases:
            ALIASES[a] = name
        return fn
    return deco


def get(name):
    return REGISTRY[ALIASES.get(name, name)]


def available():
    return sorted(set(REGISTRY) | set(ALIASES))
