"""Secrets of the class server: one per seat, one per table's spectators, one for the teacher.

A token is ``secrets.token_urlsafe(24)`` (192 random bits). The store keeps only its SHA-256
(a stolen database file opens no seat) and finds a token by that digest; the teacher's token
is compared with :func:`hmac.compare_digest`.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

#: random bytes in a token (32 URL-safe characters)
TOKEN_BYTES = 24
#: what a token looks like (anything else is refused before any lookup)
TOKEN_PATTERN = re.compile(r"^[A-Za-z0-9_-]{16,128}$")

TEACHER = "teacher"


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    """What the store keeps of a token."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def same(given: str, expected: str) -> bool:
    """Whether ``given`` is ``expected``, in time that does not depend on where they differ."""
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


@dataclass(frozen=True)
class Holder:
    """Who presented a token: the teacher, a seat of ``table`` or its spectator."""

    role: str  # TEACHER, store.SEAT or store.SPECTATOR
    table: int | None = None  # None for the teacher (every table)
    seat: int | None = None
    token: str = ""  # the token itself, the key of its rate limit (never stored)
