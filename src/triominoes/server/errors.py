"""Errors as clients get them: one exception for HTTP answers and one
builder for WebSocket error frames, the same fields in both."""

from __future__ import annotations

from typing import Any

from triominoes.core.errors import TriominoesError


class ApiError(ValueError):
    """A request that cannot be done: ``{"error": code, "message", "reason"?}``
    with HTTP status ``status``."""

    def __init__(
        self, code: str, message: str, status: int = 400, reason: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.reason = reason

    @staticmethod
    def of(code: str, error: TriominoesError, status: int = 400) -> ApiError:
        """The engine's error, with its template so a client can say it in
        its reader's language."""
        return ApiError(code, str(error)[:300], status, error.to_json())

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": self.code, "message": str(self)}
        if self.reason is not None:
            out["reason"] = self.reason
        return out


def error_frame(
    code: str,
    message: str,
    version: int,
    frame_id: str | None = None,
    reason: dict[str, Any] | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message, "version": version}
    if frame_id is not None:
        out["id"] = frame_id
    if reason is not None:
        out["reason"] = reason
    return out
