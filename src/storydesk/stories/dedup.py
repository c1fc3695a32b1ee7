"""Near-duplicate and syndicated copies: MinHash signatures of word shingles, indexed by
LSH bands so that finding an article's copies costs a few dictionary look-ups.

A copy is an article whose estimated Jaccard similarity of content-word 3-shingles with an
earlier one is at least ``threshold`` (the same wire story under two outlets, the same
article re-published with a new headline). Copies are linked to their original with
``duplicate_of`` and never counted twice as evidence.

>>> a = signature(frozenset(f"w{i} w{i+1} w{i+2} w{i+3}" for i in range(200)))
>>> b = signature(frozenset(f"w{i} w{i+1} w{i+2} w{i+3}" for i in range(5, 205)))
>>> c = signature(frozenset(f"x{i} x{i+1} x{i+2} x{i+3}" for i in range(200)))
>>> round(jaccard(a, b), 1) >= 0.8, jaccard(a, c) < 0.1
(True, True)
>>> index = LshIndex()
>>> index.add("a", a)
>>> index.find(b, 0.8), index.find(c, 0.8)
('a', None)
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping

import numpy as np

NUM_PERM = 64
BANDS = 16
_ROWS = NUM_PERM // BANDS
_PRIME = np.uint64((1 << 61) - 1)
_MAX_HASH = np.uint64((1 << 32) - 1)
_rng = np.random.RandomState(20200201)  # fixed seed: signatures must be stable across runs
_A = _rng.randint(1, 1 << 31, size=NUM_PERM, dtype=np.int64).astype(np.uint64)
_B = _rng.randint(0, 1 << 31, size=NUM_PERM, dtype=np.int64).astype(np.uint64)
del _rng
_A.setflags(write=False)
_B.setflags(write=False)


def signature(shingles: frozenset[str] | set[str]) -> np.ndarray:
    """The MinHash signature (``NUM_PERM`` uint32 values) of a set of shingles."""
    if not shingles:
        return np.full(NUM_PERM, _MAX_HASH, dtype=np.uint32)
    hashes = np.fromiter(
        (zlib.crc32(s.encode("utf-8")) for s in shingles), dtype=np.uint64, count=len(shingles)
    )
    permuted = (np.outer(_A, hashes) + _B[:, None]) % _PRIME & _MAX_HASH
    return permuted.min(axis=1).astype(np.uint32)


def jaccard(a: np.ndarray, b: np.ndarray) -> float:
    """Estimated Jaccard similarity of the sets behind two signatures."""
    return float(np.count_nonzero(a == b)) / NUM_PERM


def band_keys(sig: np.ndarray) -> list[bytes]:
    """One key per LSH band; two signatures sharing a key are candidate copies."""
    raw = sig.tobytes()
    step = _ROWS * 4
    return [bytes([i]) + raw[i * step:(i + 1) * step] for i in range(BANDS)]


def to_bytes(sig: np.ndarray) -> bytes:
    return sig.astype(np.uint32).tobytes()


def from_bytes(data: bytes) -> np.ndarray:
    return np.frombuffer(data, dtype=np.uint32).copy()


class LshIndex:
    """Signatures of recent articles, by band, for :meth:`find`. Articles can be
    removed (when their story leaves the active window), which keeps memory bounded."""

    def __init__(self) -> None:
        self._bands: dict[bytes, set[str]] = {}
        self._sigs: dict[str, np.ndarray] = {}

    def __len__(self) -> int:
        return len(self._sigs)

    def add(self, article_id: str, sig: np.ndarray) -> None:
        self._sigs[article_id] = sig
        for key in band_keys(sig):
            self._bands.setdefault(key, set()).add(article_id)

    def remove(self, article_id: str) -> None:
        sig = self._sigs.pop(article_id, None)
        if sig is None:
            return
        for key in band_keys(sig):
            ids = self._bands.get(key)
            if ids is not None:
                ids.discard(article_id)
                if not ids:
                    del self._bands[key]

    def find(self, sig: np.ndarray, threshold: float, extra: Mapping[str, np.ndarray] | None = None) -> str | None:
        """The indexed article most similar to ``sig`` if at least ``threshold``, else None
        (ties go to the smallest id, so the answer does not depend on insertion order).
        ``extra`` are more candidates (id: signature) kept elsewhere."""
        best, best_sim = None, threshold
        candidates = set(extra or ())
        for key in band_keys(sig):
            candidates |= self._bands.get(key, set())
        for article_id in sorted(candidates):
            other = self._sigs.get(article_id)
            sim = jaccard(sig, other if other is not None else extra[article_id])  # type: ignore[index]
            if sim > best_sim or (sim == best_sim and best is None):
                best, best_sim = article_id, sim
        return best
