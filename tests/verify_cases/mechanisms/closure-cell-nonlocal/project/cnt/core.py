def make_counter():
    count = 0
    def tick(x):
        nonlocal count
        count += 1
        return x * 2
    def read():
        return count
    return tick, read
