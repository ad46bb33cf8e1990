import collections


class LossMonitor:
    def __init__(self, window=10):
        self._recent = collections.deque(maxlen=window - 1)

    def push(self, loss):
        self._recent.append(float(loss))
        return sum(self._recent) / len(self._recent)
