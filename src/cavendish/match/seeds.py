"""Seeds derived from a match's seed, so that every board reproduces on any worker.

A derived seed is the first eight bytes of a BLAKE2b hash of the parent seed and
the labels (a purpose, a board number, a seat), read as a 63-bit integer: it does
not depend on the process, on ``PYTHONHASHSEED`` or on the order the boards are
played in.

>>> derive_seed(1, "deal", 7) == derive_seed(1, "deal", 7)
True
>>> derive_seed(1, "deal", 7) != derive_seed(1, "deal", 8)
True
>>> 0 <= derive_seed(-5, "player", 3, "N") < 2**63
True
"""

from __future__ import annotations

import hashlib

__all__ = ["derive_seed"]


def derive_seed(seed: int, *labels: int | str) -> int:
    """A seed for the thing named by ``labels``, derived from ``seed``."""
    text = "\x1f".join([str(int(seed)), *(str(x) for x in labels)])
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
