"""An append-only list whose copies share their entries: copying one costs the same however long
it is, and touches none of its entries.

A state's knowledge and log only ever grow: a copy of the state (made for every action the table
carries out, and by the thousand in a bot's search) shares them with the state it was copied from.
Each chronicle keeps its own length over one list of entries; the first to append past the common
end appends in place, any other copies its own entries first. Entries are never changed nor
removed, so what one chronicle holds never changes under another.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeVar, overload

T = TypeVar("T")


class Chronicle(Sequence[T]):
    """An append-only sequence (``append``, ``extend``, ``+=``; read as a list) whose
    :meth:`copy` is O(1): copies share their entries, each keeps its own length."""

    __slots__ = ("_items", "_n")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._n = len(self._items)

    def copy(self) -> Chronicle[T]:
        """An independent chronicle with the same entries (appending to one never changes the other)."""
        twin: Chronicle[T] = Chronicle.__new__(Chronicle)
        twin._items = self._items
        twin._n = self._n
        return twin

    def _own(self) -> list[T]:
        """The list to append to: the shared one while this chronicle holds all of it, else a
        copy of its own entries."""
        items = self._items
        if len(items) != self._n:
            items = self._items = items[: self._n]
        return items

    def append(self, item: T) -> None:
        """Add ``item`` at the end."""
        self._own().append(item)
        self._n += 1

    def extend(self, items: Iterable[T]) -> None:
        """Add ``items`` at the end, in order."""
        own = self._own()
        own.extend(items)
        self._n = len(own)

    def __iadd__(self, items: Iterable[T]) -> Chronicle[T]:
        self.extend(items)
        return self

    def __len__(self) -> int:
        return self._n

    def _list(self) -> list[T]:
        """The entries as a list (the shared one itself when this chronicle holds all of it: not
        to be changed)."""
        items = self._items
        return items if len(items) == self._n else items[: self._n]

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        """An entry, or a slice as a new list."""
        if isinstance(index, slice):
            return self._list()[index]
        n = self._n
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("chronicle index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self._list())

    def __reversed__(self) -> Iterator[T]:
        return reversed(self._list())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chronicle | list):
            return self._list() == (other._list() if isinstance(other, Chronicle) else other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Chronicle({self._list()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Chronicle, (self._list(),))
