"""A token bucket: how the hub bounds what anyone may ask of it per second (a connection's messages, the finished
tables brought back from the store)."""

from __future__ import annotations

import time

from isle_nb.hub.protocol import BURST, RATE


class RateLimit:
    """A token bucket: ``rate`` a second on average (:data:`~isle_nb.hub.protocol.RATE` messages), ``burst`` at
    once."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = time.monotonic()

    def allow(self) -> bool:
        """Whether one more may pass now."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def wait(self) -> float:
        """Seconds until half a burst may pass again (a flood is then read in few, short turns)."""
        return max(0.0, (self.burst / 2 - self.tokens) / self.rate)


__all__ = ["RateLimit"]
