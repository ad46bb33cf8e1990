def record(state, loss):
    state["history"].append(loss)
    return len(state["history"])
