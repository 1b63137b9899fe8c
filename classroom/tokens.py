"""Secrets and codes: the teacher's and each learner's secret links, and the join code.

A secret link carries ``<public id>.<secret>``: the id finds the row, the secret (128 random bits,
URL-safe) proves the right to it. Only the SHA-256 of the secret is stored (a random 128-bit secret
needs no slow hash: it cannot be guessed from a dictionary), and the comparison takes constant time
(:func:`hmac.compare_digest`). Join codes are short, for typing on a phone or reading off a projector:
no 0/O, 1/I/L.

The projector's link (issue 31, item 5) is a token of its own, ``<class id>.<projector secret>``, that opens only
the read-only view (join code, QR code, the board without names). Its secret is derived from the teacher's
(:func:`derived_secret`, an HMAC: the teacher's page can show it again, and it tells nothing of the teacher's
secret), and only its hash is stored; a new teacher link gives a new projector link too.

>>> token = Token.new()
>>> token.check(hash_secret(token.secret)), Token.parse(str(token)) == token
(True, True)
>>> Token.parse("no-dot-here") is None
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

__all__ = ["JOIN_ALPHABET", "JOIN_LENGTH", "SECRET_BYTES", "Token", "derived_secret", "hash_secret", "new_id",
           "new_join_code", "normalize_join_code"]

SECRET_BYTES = 16
"""128 bits."""
JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_LENGTH = 6
_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
_TOKEN = re.compile(r"^([a-z0-9]{4,16})\.([A-Za-z0-9_-]{16,64})$")


def new_id(length: int = 8) -> str:
    """A random public id (lower case letters and digits), e.g. a class's id."""
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(length))


def new_join_code() -> str:
    """A random join code of :data:`JOIN_LENGTH` characters from :data:`JOIN_ALPHABET`."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))


def normalize_join_code(text: str) -> str:
    """A typed code in the stored form: upper case, spaces and dashes dropped, at most 16 characters.

    >>> normalize_join_code(" ab3-k7p ")
    'AB3K7P'
    """
    return re.sub(r"[\s-]", "", text[:64]).upper()[:16]


def hash_secret(secret: str) -> str:
    """The stored form of a secret: SHA-256, hex."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def derived_secret(secret: str, purpose: str) -> str:
    """A second secret made from ``secret`` for ``purpose`` (e.g. ``"projector"``): the first 128 bits of
    HMAC-SHA-256(secret, purpose), URL-safe (22 characters). Knowing it tells nothing of ``secret``.

    >>> derived_secret("abc", "projector") == derived_secret("abc", "projector") != derived_secret("abd", "projector")
    True
    >>> len(derived_secret("abc", "projector"))
    22
    """
    digest = hmac.new(secret.encode("utf-8"), purpose.encode("utf-8"), hashlib.sha256).digest()[:SECRET_BYTES]
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


@dataclass(frozen=True)
class Token:
    """A secret link's value: a public id and a secret."""

    id: str
    secret: str

    @classmethod
    def new(cls, id_: str | None = None) -> Token:
        """A new token for ``id_`` (a fresh random id when ``None``)."""
        return cls(id_ or new_id(), secrets.token_urlsafe(SECRET_BYTES))

    @classmethod
    def parse(cls, text: str | None) -> Token | None:
        """The token in ``text`` (``"<id>.<secret>"``), or ``None`` when it has not that shape."""
        match = _TOKEN.match((text or "").strip()[:100])
        return cls(match.group(1), match.group(2)) if match else None

    def check(self, stored_hash: str) -> bool:
        """Whether this token's secret is the one whose hash is ``stored_hash`` (constant time)."""
        return hmac.compare_digest(hash_secret(self.secret), stored_hash)

    def __str__(self) -> str:
        return f"{self.id}.{self.secret}"
