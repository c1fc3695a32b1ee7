"""spaCy's rule-based ``attribute_ruler`` applied with the same rules and the same
result in a fraction of the time (:func:`speed_up`).

The English pipelines' ``attribute_ruler`` turns each token's fine tag (and, for a few
words, its text or dependency) into its coarse part of speech, morphology and some
lemmas. It runs a generic :class:`spacy.matcher.Matcher` over every token for each of
its ~180 rules, about a tenth of the whole parse here. Its rules are all of one simple
kind (a fixed sequence of tokens, each tested for equality, ``IN``, ``NOT_IN`` or
``REGEX`` on ``TAG``, ``LOWER``, ``DEP`` or ``IS_SPACE``), so :class:`FastAttributeRules`
looks each token's rules up by its tag, text and dependency (once per distinct token)
and sets exactly what the ruler sets, in the ruler's order (the later rule winning),
through spaCy's own ``set_token_attrs``. A ruler with any rule outside that kind is left
as it is. (The rule ``lemmatizer`` caches its answers already; the same treatment
gained it only a tenth, so it is left alone.) ``tests/analyze/test_fast_pipes.py``
checks that the tokens come out the same.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

#: Token attributes a rule may test, as the spaCy Token attribute each reads.
_FIELDS = {"TAG": "tag_", "LOWER": "lower_", "DEP": "dep_", "IS_SPACE": "is_space"}


class Unsupported(ValueError):
    """A rule this module cannot apply exactly (the stock ruler is kept)."""


def _test(key: str, value: Any) -> tuple[Callable[[Any], bool], list]:
    """A test of one attribute's value, and the exact values it accepts (its index keys;
    empty when it cannot be indexed)."""
    if isinstance(value, (str, bool)):
        return (lambda v, want=value: v == want), [value]
    if isinstance(value, dict) and len(value) == 1:
        (op, arg), = value.items()
        if op == "IN" and isinstance(arg, list):
            allowed = frozenset(arg)
            return (lambda v: v in allowed), list(arg)
        if op == "NOT_IN" and isinstance(arg, list):
            banned = frozenset(arg)
            return (lambda v: v not in banned), []
        if op == "REGEX" and isinstance(arg, str):
            rx = re.compile(arg)
            return (lambda v: rx.search(v) is not None), []
    raise Unsupported(f"{key}: {value!r}")


def _compile_token(spec: dict) -> tuple[Callable[[tuple], bool], tuple[int, list] | None]:
    """A test of one token's (tag, lower, dep, is_space) and the best index for it."""
    if not spec or set(spec) - set(_FIELDS):
        raise Unsupported(f"token pattern {spec!r}")
    tests, index = [], None
    for key, value in spec.items():
        pos = list(_FIELDS).index(key)
        test, keys = _test(key, value)
        tests.append((pos, test))
        if keys and (index is None or len(keys) < len(index[1])):
            index = (pos, keys)
    return (lambda feats: all(t(feats[p]) for p, t in tests)), index


#: Distinct tokens remembered before a cache starts again (bounds memory on any input).
CACHE_SIZE = 200_000


class FastAttributeRules:
    """The rules of a spaCy ``AttributeRuler``, applied by lookup (see the module doc).
    Raises :class:`Unsupported` for a ruler with a rule it cannot apply exactly."""

    def __init__(self, ruler):
        self._attrs = list(ruler.attrs)  # normalized, as the ruler stores them
        self._rules: list[tuple[int, list, int]] = []  # (rule, token tests, target offset)
        self._by: list[dict[Any, list[int]]] = [{} for _ in _FIELDS]  # first-token index
        self._general: list[int] = []  # rules whose first token cannot be indexed
        self._cache: dict[tuple, tuple[tuple[int, ...], tuple[int, ...]]] = {}  # _candidates, by token
        for rule, entry in enumerate(ruler.patterns):
            if ruler.attrs[rule] is None or entry["index"] != ruler.indices[rule]:
                raise Unsupported(f"rule {rule}")  # pragma: no cover - not how spaCy builds them
            for pattern in entry["patterns"]:
                compiled = [_compile_token(spec) for spec in pattern]
                offset = entry["index"] if entry["index"] >= 0 else len(pattern) + entry["index"]
                if not 0 <= offset < len(pattern):
                    raise Unsupported(f"rule {rule}: index {entry['index']} outside its pattern")
                n = len(self._rules)
                self._rules.append((rule, [test for test, _ in compiled], offset))
                index = compiled[0][1]
                if index is None:
                    self._general.append(n)
                else:
                    for key in index[1]:
                        self._by[index[0]].setdefault(key, []).append(n)

    def _candidates(self, f: tuple) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """For a token's (tag, lower, dep, is_space): the rules of one token it matches, in
        order, and the longer patterns that may start at it (their other tokens unchecked)."""
        found = set(self._general)
        for pos, by in enumerate(self._by):
            found.update(by.get(f[pos], ()))
        single, longer = set(), []
        for n in sorted(found):
            rule, tests, _ = self._rules[n]
            if len(tests) > 1:
                if tests[0](f):
                    longer.append(n)
            elif tests[0](f):
                single.add(rule)
        return tuple(sorted(single)), tuple(longer)

    def __call__(self, doc):
        from spacy.tokens._retokenize import set_token_attrs

        feats = [(t.tag_, t.lower_, t.dep_, t.is_space) for t in doc]  # as matched: before any change
        cache, rules, attrs = self._cache, self._rules, self._attrs
        targets: list[tuple[int, ...]] = []
        extra: dict[int, set[int]] = {}  # matches of longer patterns, by the token they set
        n_tokens = len(feats)
        for i, f in enumerate(feats):
            found = cache.get(f)
            if found is None:
                if len(cache) >= CACHE_SIZE:
                    cache.clear()
                found = cache[f] = self._candidates(f)
            targets.append(found[0])
            for n in found[1]:
                rule, tests, offset = rules[n]
                if i + len(tests) <= n_tokens and all(tests[k](feats[i + k]) for k in range(1, len(tests))):
                    extra.setdefault(i + offset, set()).add(rule)
        for i, (token, matched) in enumerate(zip(doc, targets)):
            if i in extra:
                matched = tuple(sorted(set(matched) | extra[i]))
            for rule in matched:  # the ruler's order: later rules win
                set_token_attrs(token, attrs[rule])
        return doc


def speed_up(nlp) -> list[str]:
    """Replace the pipeline's ``attribute_ruler`` by :class:`FastAttributeRules` over the
    same rules, under the same name and at the same place; the names replaced (none when
    a rule cannot be applied exactly: the ruler is kept as it is)."""
    from spacy.pipeline import AttributeRuler

    _register()
    name = "attribute_ruler"
    if name not in nlp.pipe_names or not isinstance(nlp.get_pipe(name), AttributeRuler):
        return []
    try:
        rules = FastAttributeRules(nlp.get_pipe(name))
    except Unsupported as exc:
        log.info("keeping spaCy's %s: %s", name, exc)
        return []
    names = nlp.pipe_names
    after = names[names.index(name) + 1] if names.index(name) + 1 < len(names) else None
    nlp.remove_pipe(name)
    if after is None:
        nlp.add_pipe(_FACTORY, name=name)
    else:
        nlp.add_pipe(_FACTORY, name=name, before=after)
    nlp.get_pipe(name).rules = rules
    return [name]


_FACTORY = "storydesk_fast_rules"


class _Component:
    """A pipeline component that runs what :func:`speed_up` gives it."""

    def __init__(self) -> None:
        self.rules: Callable | None = None

    def __call__(self, doc):
        assert self.rules is not None, "speed_up sets the rules"
        return self.rules(doc)


def _register() -> None:
    from spacy.language import Language

    if not Language.has_factory(_FACTORY):
        Language.factory(_FACTORY, func=lambda nlp, name: _Component())
