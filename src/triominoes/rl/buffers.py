"""Typed memoryviews over NumPy buffers.

A step writes a few dozen single entries of the observation; through a
memoryview each costs about a third of NumPy's item assignment. typeshed
types a memoryview's items as ints only, so this gives them their real type.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt


class FloatView(Protocol):
    def __setitem__(self, index: int | slice, value: float | FloatView, /) -> None: ...

    def __getitem__(self, index: slice, /) -> FloatView: ...

    def __len__(self) -> int: ...


class ByteView(Protocol):
    def __setitem__(self, index: int, value: int, /) -> None: ...


def float_view(array: npt.NDArray[np.float32]) -> FloatView:
    return cast(FloatView, memoryview(cast(Any, array)))


def byte_view(array: npt.NDArray[np.int8]) -> ByteView:
    return cast(ByteView, memoryview(cast(Any, array)))
