def report(metrics):
    total = 0.0
    for k in metrics:
        print(f"{k}: {metrics[k]:.3f}")
        total += metrics[k]
    return total
