def record(state, loss):
    state["history"] = state["history"] + [loss]
    return len(state["history"])
