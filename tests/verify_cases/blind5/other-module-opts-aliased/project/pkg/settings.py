OPTS = {"lr": 0.1, "momentum": 0.9}
