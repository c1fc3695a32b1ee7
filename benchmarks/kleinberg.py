"""Kleinberg's two-state burst automaton for batched arrivals (Kleinberg, "Bursty and
hierarchical structure in streams", KDD 2002, section 4), the baseline beside
storydesk's detector in ``benchmarks/trends.py``.

The ``burst_detection`` package on PyPI implements this automaton but does not run on
NumPy 2 (it calls ``np.float``) and picks each state greedily rather than by Viterbi,
so this is an exact implementation, vectorised over terms: for each term, in each batch
``t`` of ``d[t]`` documents of which ``r[t]`` mention it, state 0 emits at the term's
overall rate ``p0 = sum(r) / sum(d)`` and state 1 at ``s * p0``; a batch costs
``-ln(binom(d, r) p^r (1-p)^(d-r))`` in its state and moving up costs ``gamma * ln(n)``.
The cheapest state sequence (Viterbi) marks the bursts. It is offline: it sees the whole
stream, the future included, which an online detector cannot.

>>> import numpy as np
>>> r = np.array([[0, 1, 0, 9, 8, 1, 0]]); d = np.array([20] * 7)
>>> bursts(r, d, s=2.0, gamma=1.0)[0].tolist()
[False, False, False, True, True, False, False]
"""

from __future__ import annotations

import numpy as np


def bursts(r: np.ndarray, d: np.ndarray, *, s: float = 2.0, gamma: float = 1.0) -> np.ndarray:
    """Burst state (True = state 1) of each term (row of ``r``) in each batch; ``d`` is
    the number of documents of each batch (shared by all terms)."""
    r = np.asarray(r, dtype=float)
    d = np.asarray(d, dtype=float)
    n_terms, n = r.shape
    if n == 0:
        return np.zeros((n_terms, 0), dtype=bool)
    d = np.maximum(d, r.max(axis=0))  # a batch never holds more mentions than documents
    p0 = np.clip(r.sum(axis=1) / max(d.sum(), 1.0), 1e-9, 1 - 1e-9)[:, None]
    p1 = np.minimum(p0 * s, 0.9999)

    def cost(p: np.ndarray) -> np.ndarray:  # the binomial coefficient is the same in both states
        return -(r * np.log(p) + (d - r) * np.log(1 - p))

    c0, c1 = cost(p0), cost(p1)
    up = gamma * np.log(n)
    best0, best1 = c0[:, 0].copy(), up + c1[:, 0]
    from0 = np.zeros((n_terms, n), dtype=bool)  # state 1 at t reached from state 0
    from1 = np.zeros((n_terms, n), dtype=bool)  # state 0 at t reached from state 1
    for t in range(1, n):
        stay0, down = best0, best1
        from1[:, t] = down < stay0
        new0 = np.minimum(stay0, down) + c0[:, t]
        stay1, rise = best1, best0 + up
        from0[:, t] = rise < stay1
        new1 = np.minimum(stay1, rise) + c1[:, t]
        best0, best1 = new0, new1
    state = np.zeros((n_terms, n), dtype=bool)
    cur = best1 < best0
    for t in range(n - 1, -1, -1):
        state[:, t] = cur
        if t:
            cur = np.where(cur, ~from0[:, t], from1[:, t])
    return state
