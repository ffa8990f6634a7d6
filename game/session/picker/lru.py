"""A least-recently-used map bounded by entry count or by weight (bytes of pictures)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Lru(Generic[K, V]):
    """Keeps the most recently used entries while their total weight stays under ``limit``.

    ``weigh`` gives an entry's weight (1 each by default, so ``limit`` counts entries).
    """

    def __init__(self, limit: int, weigh: Callable[[V], int] | None = None) -> None:
        self.limit = limit
        self._weigh = weigh or (lambda _value: 1)
        self._items: OrderedDict[K, V] = OrderedDict()
        self.weight = 0

    def get(self, key: K) -> V | None:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def put(self, key: K, value: V) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.weight -= self._weigh(old)
        self._items[key] = value
        self.weight += self._weigh(value)
        while self.weight > self.limit and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self.weight -= self._weigh(dropped)

    def clear(self) -> None:
        self._items.clear()
        self.weight = 0
