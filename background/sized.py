"""Caches bounded by the memory their values take, not by their count (no Streamlit).

Play's per-process caches held up to 512 studies of ~600 KiB each, 512 analyses and 512 computer players'
splits: ~330 MiB a server at worst (issue 32, item 5). :func:`memo` is ``functools.lru_cache`` with a byte
budget instead (``cachetools.LRUCache`` whose item size is :func:`deep_size`): the least recently used values
leave once the budget is spent, whatever their number.

>>> deep_size((1, 2)) > deep_size(())
True
"""

from __future__ import annotations

import dataclasses
import sys
import threading
from collections.abc import Callable, Hashable
from typing import Any, ParamSpec, TypeVar

import cachetools
import numpy as np

__all__ = ["MiB", "deep_size", "memo", "sized_cache"]

MiB = 1 << 20
P = ParamSpec("P")
R = TypeVar("R")


def deep_size(value: object, shared: tuple[type, ...] = ()) -> int:
    """Bytes ``value`` holds: its own size plus its contents' (containers, dataclasses, objects with a
    ``__dict__`` or ``__slots__``, numpy arrays' buffers), each object counted once, as held now (nothing lazy is
    computed to be measured); objects of the ``shared`` types count as nothing (held by every entry alike, e.g. the
    table and its rule set)."""
    seen: set[int] = set()
    stack = [value]
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (*shared, type)):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, np.ndarray):  # its size includes the buffer it owns (numpy's __sizeof__)
            if item.base is not None:
                stack.append(item.base)  # a view's buffer is its base's: counted once, with the base
            continue
        if isinstance(item, (str, bytes, int, float, bool, complex)) or item is None:
            continue
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (tuple, list, set, frozenset)):
            stack.extend(item)
        elif dataclasses.is_dataclass(item):
            stack.extend(_held(item, f.name) for f in dataclasses.fields(item))
        elif hasattr(item, "__dict__"):
            stack.append(vars(item))
        else:
            stack.extend(_held(item, name) for name in getattr(type(item), "__slots__", ()))
    return total


def _held(item: object, name: str) -> object:
    """``item``'s attribute ``name`` as it is held now (``None`` when unset): never through ``__getattr__``, which may
    compute it (a bank question's opponents kept as a recipe deal themselves on first use: ~1 s, issue 33)."""
    try:
        return object.__getattribute__(item, name)
    except AttributeError:
        return None


def sized_cache(budget: int, shared: tuple[type, ...] = (),
                size: Callable[[Any], int] | None = None) -> cachetools.LRUCache[Hashable, Any]:
    """An LRU cache holding at most ``budget`` bytes of values (``size`` of each, :func:`deep_size` by
    default); a value larger than the budget is not kept."""
    measure = size if size is not None else (lambda value: max(1, deep_size(value, shared)))
    return cachetools.LRUCache(maxsize=budget, getsizeof=measure)


def memo(budget: int, shared: tuple[type, ...] = ()) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorator: ``function``'s results cached for every caller of the process, at most ``budget`` bytes of
    them (:func:`sized_cache`); thread-safe, and callers asking for a value being computed wait for it
    rather than compute it again; the wrapped function has ``cache`` and ``cache_clear()``."""

    def wrap(function: Callable[P, R]) -> Callable[P, R]:
        cache = sized_cache(budget, shared)
        wrapped: Callable[P, R] = cachetools.cached(cache, condition=threading.Condition())(function)
        return wrapped

    return wrap
