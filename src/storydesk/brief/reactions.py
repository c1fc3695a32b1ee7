"""The brief's ``posts`` section: how people reacted, one entry per embedded post.

Outlets embed the same post in slightly different forms: one keeps the space before a
hashtag and another glues it to the word before ("THE NERVE #Tag" / "THE NERVE#Tag"),
one keeps the ``pic.twitter.com`` link, one truncates the text. Posts are the same when
they come from the same account (handle, else author and platform) and their texts agree
once normalised (case, links, punctuation and spacing dropped): equal, one a prefix of
the other, or nearly equal. Each entry shows the fullest text and cites every embed.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from difflib import SequenceMatcher

from ..analyze.tags import find_links
from ..model import AnalyzedArticle, Post
from .sources import source
from .trending import distinct

log = logging.getLogger(__name__)

_MIN_PREFIX = 20  # characters a truncated text must keep to match by prefix
_MIN_RATIO = 0.9  # similarity ratio of two normalised texts that are the same post


def normalise(text: str) -> str:
    """The words of a post's text, lower case, without links or punctuation.

    >>> normalise("THE NERVE#JusticeFor pic.twitter.com/Ab1 ") == normalise("The nerve #JusticeFor")
    True
    """
    for link in reversed(find_links(text)):
        text = text[: link.start] + " " + text[link.end :]
    return " ".join(re.findall(r"\w+", text.casefold()))


def _account(post: Post) -> tuple[str, str]:
    if post.handle:
        return ("handle", post.handle.casefold())
    return (post.platform, (post.author or "").casefold())


def same_post(a: Post, b: Post) -> bool:
    """Whether ``a`` and ``b`` are the same post embedded by two outlets (or twice)."""
    return _account(a) == _account(b) and _same_text(a.date, normalise(a.text), b.date, normalise(b.text))


def _same_text(date_a: str | None, ta: str, date_b: str | None, tb: str) -> bool:
    if not ta or not tb:  # an embed whose text was lost: same account, same day
        return date_a is not None and date_a == date_b
    if ta == tb:
        return True
    short, long_ = sorted((ta, tb), key=len)
    if len(short) >= _MIN_PREFIX and long_.startswith(short):
        return True
    return SequenceMatcher(None, ta, tb, autojunk=False).ratio() >= _MIN_RATIO


def _most_common(values: list, default=None):
    values = [v for v in values if v]
    return Counter(values).most_common(1)[0][0] if values else default


def _entry(members: list[tuple[AnalyzedArticle, Post]]) -> dict:
    posts = [p for _, p in members]
    fullest = max(posts, key=lambda p: len(p.text))  # first of the longest on ties
    dates = sorted(Counter(p.date for p in posts if p.date).items(), key=lambda kv: (-kv[1], kv[0]))
    return {
        "platform": _most_common([p.platform for p in posts], "unknown"),
        "author": _most_common([p.author for p in posts]),
        "handle": _most_common([p.handle for p in posts]),
        "date": dates[0][0] if dates else None,
        "text": fullest.text,
        "hashtags": list(fullest.hashtags),
        "sources": [source(item, p.start, p.end) for item, p in members],
    }


def build_posts(analyzed: list[AnalyzedArticle]) -> list[dict]:
    """One entry per embedded post across ``analyzed``, the most widely embedded first,
    then the earliest (see docs/brief-contract.md)."""
    groups: list[list[tuple[AnalyzedArticle, Post]]] = []
    # per account: (group, its distinct (date, normalised text) forms), compared only there
    by_account: dict[tuple[str, str], list[tuple[list, set]]] = {}
    for item in distinct(analyzed):
        for post in item.analysis.posts:
            form = (post.date, normalise(post.text))
            candidates = by_account.setdefault(_account(post), [])
            found = next((c for c in candidates
                          if form in c[1] or any(_same_text(*form, *other) for other in c[1])), None)
            if found is None:
                found = ([], set())
                candidates.append(found)
                groups.append(found[0])
            found[0].append((item, post))
            found[1].add(form)
    log.debug("%d embedded posts in %d distinct posts", sum(map(len, groups)), len(groups))
    order = {id(g): i for i, g in enumerate(groups)}
    entries = [(g, _entry(g)) for g in groups]
    entries.sort(key=lambda ge: (-len({item.article.id for item, _ in ge[0]}),
                                 ge[1]["date"] or "9999", order[id(ge[0])]))
    return [e for _, e in entries]


__all__ = ["build_posts", "normalise", "same_post"]
