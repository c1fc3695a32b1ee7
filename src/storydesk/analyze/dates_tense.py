"""Which way a date with no year or week of its own points: the tense of its clause.

"On Friday", "in late January", "on 20 April" name a day, month or date that could be
before or after the article was published. English says which by the verb the date
belongs to, so :func:`tense_at` reads it from the spaCy parse:

* a modal ("will", "'ll", "shall", "would" in reported speech, "could", "may") or a
  verb of planning ("is due to", "is set to", "scheduled for", "expected", "plans to",
  "is going to"), or a noun of planning with its infinitive ("unveiled plans to launch it
  in January"), makes it **future**;
* a past form ("was held", "died", "has been", "had", "would have") makes it **past**;
* the present simple or progressive of an event verb ("opens to the public on Friday",
  "goes on sale in late January", "is released in January", "is flying to Paris on
  Monday") is the news way of stating a scheduled event: **present**, read forwards,
  unless the sentence also has a past verb (a photo caption: "Police stand next to the
  truck on Thursday that ran into the crowd");
* "since Monday" is past whatever the verb.

Verbs of saying and thinking ("police say", "she believes") do not date what follows
them, so the reading climbs past them no further and gives no answer (``None``); so does a
clause with no finite verb. The caller then falls back to the words before the date.

>>> class T:  # a tiny stand-in for a spaCy token, enough for the doctest
...     def __init__(self, text, tag, dep, head=None, lemma=None, pos="VERB"):
...         self.text, self.tag_, self.dep_, self.pos_ = text, tag, dep, pos
...         self.lemma_ = lemma or text.lower()
...         self.head, self.children = head or self, []
>>> opens = T("opens", "VBZ", "ROOT", lemma="open")
>>> on = T("on", "IN", "prep", opens, pos="ADP"); friday = T("Friday", "NNP", "pobj", on, pos="PROPN")
>>> opens.children = [on]; on.children = [friday]; opens.sent = [opens, on, friday]
>>> tense_of_token(friday)
'present'
"""

from __future__ import annotations

FUTURE, PRESENT, PAST = "future", "present", "past"

#: Modals that put their verb in the future ("would" as the future of reported speech).
_FUTURE_MODALS = frozenset("will 'll wo shall would 'd may might".split())
#: Modals of what may yet happen ("could be ready by October", "should have it in
#: September"); negated ("could not reach"), an ability that failed, so they decide nothing.
_MAYBE_MODALS = frozenset(("could", "should"))
#: Verbs and adjectives of planning: "set to", "due to", "scheduled for", "expected to".
_PLANNING = frozenset(
    "schedule set due expect plan slate intend aim prepare poise "
    "scheduled expected planned slated".split()
)
#: Verbs whose own tense says when something was said or thought, not when it happens.
_REPORTING = frozenset(
    "say tell report claim state add believe think know hope fear warn insist confirm "
    "announce write tweet post explain note suggest argue comment elaborate discuss "
    "speculate respond reach".split()
)
#: Modifiers that make a noun a future event ("the scheduled end", "the upcoming vote").
_FUTURE_MODIFIERS = frozenset("scheduled planned expected upcoming coming forthcoming next".split())
_PRESENT = frozenset(("VBZ", "VBP"))


def _aux(verb) -> list:
    return [c for c in verb.children if c.dep_ in ("aux", "auxpass")]


def _is_verb(token) -> bool:
    return token.pos_ in ("VERB", "AUX") or token.tag_.startswith("VB")


def _verb_tense(verb) -> str | None:
    """The tense ``verb``'s own form and auxiliaries give, or None when they give none
    (an infinitive or a participle with no auxiliary: its governor decides)."""
    aux = _aux(verb)
    words = {a.text.lower() for a in aux}
    if verb.tag_ == "VBD" and verb.dep_ == "advcl" and _hypothetical(verb):
        return FUTURE  # "would withdraw its offer if Qualcomm rescheduled the meeting from March 6"
    if words & _MAYBE_MODALS and not words & _FUTURE_MODALS:
        if any(c.dep_ == "neg" for c in verb.children) or verb.lemma_ in _REPORTING:
            return None  # "could not reach the village on Monday": an ability that failed
        return PAST if "have" in words or "'ve" in words else FUTURE  # "could be ready by October"
    if words & _FUTURE_MODALS:
        if verb.lemma_ in _REPORTING:
            # "would not comment on Friday": a refusal already made, not a plan
            return PAST if any(c.dep_ == "neg" for c in verb.children) else None
        # "would have met": a past that did not happen
        return PAST if "have" in words or "'ve" in words else FUTURE
    if verb.lemma_ in _PLANNING or any(a.lemma_ in _PLANNING for a in aux):
        return FUTURE  # "is scheduled for Monday", "are set to"
    if verb.lemma_ == "go" and verb.tag_ == "VBG" and any(c.dep_ == "xcomp" for c in verb.children):
        return FUTURE  # "is going to visit"
    finite = next((a for a in aux if a.tag_ in ("VBD", "VBZ", "VBP", "MD")), None)
    if finite is None and verb.tag_ == "VBN" and verb.dep_ in ("acl", "amod", "advcl"):
        return PAST  # "the man arrested on Friday": a participle of a done deed
    form = (finite or verb).tag_
    if form == "VBD" or (finite is not None and finite.lemma_ == "have"):
        return PAST  # "was held", "died", "has been", "had met"
    if form == "VB" and not aux and _opens_line(verb):
        return PRESENT  # a schedule line with no subject: "Texans: Visit Indianapolis on Sunday."
    if form in _PRESENT:
        if _reports(verb) or _tells_past(verb):
            return None
        if finite is None and verb.lemma_ == "be" and any(c.dep_ in ("acomp", "attr") for c in verb.children):
            return None  # "is in hospital", "is 33": a state, not a scheduled event
        return PRESENT  # "opens on Friday", "is released in January", "is flying on Monday"
    return None



def _tells_past(verb) -> bool:
    """Whether ``verb``, a main verb, shares its sentence with a past verb other than a
    verb of saying: a photo caption ("Police stand next to the truck on Thursday that ran
    into the crowd") uses the present for what is past, a schedule ("opens on Friday, the
    museum said") does not. A present kept in a subordinate clause of a past sentence is
    chosen against the tense around it, so it still holds ("Goldman was working to use
    the credits before the law takes effect on Jan. 1")."""
    if verb.dep_ not in ("ROOT", "conj"):
        return False
    return any(t.tag_ == "VBD" and t.lemma_ not in _REPORTING for t in verb.sent)


def _opens_line(verb) -> bool:
    """``verb`` opens its sentence or follows a colon ("Texans: Visit ..."): a base form
    there is a command or a schedule, not an infinitive."""
    return verb.i == verb.sent.start or verb.doc[verb.i - 1].text == ":"


def _reports(verb) -> bool:
    """A verb of saying used as one: not "reports earnings", "announces results" (a
    thing as its object and no clause said)."""
    if verb.lemma_ not in _REPORTING:
        return False
    children = [c.dep_ for c in verb.children]
    return not ("dobj" in children and "ccomp" not in children)


def _hypothetical(verb) -> bool:
    """``verb`` is the past form of an "if"/"unless" clause under "would", "could" or
    "might": a condition on what is still to come, not a past event."""
    marks = {c.lower_ for c in verb.children if c.dep_ == "mark"}
    head_aux = {a.lower_ for a in _aux(verb.head)}
    return bool(marks & {"if", "unless"}) and bool(head_aux & {"would", "'d", "could", "might"})


def tense_of_token(token) -> str | None:
    """:data:`FUTURE`, :data:`PRESENT`, :data:`PAST` or None for the clause holding
    ``token`` (a date)."""
    if token.dep_ == "pobj" and token.head.text.lower() == "since":
        return PAST
    node = token
    for _ in range(12):  # a clause is never deeper than this; a cycle never loops
        head = node.head
        if head is node:
            break
        came_from, node = node, head
        if not _is_verb(node) and node.lemma_ in _PLANNING and came_from.dep_ == "acl" and came_from.tag_ == "VB":
            return FUTURE  # "unveiled plans to launch it in January": what the plan is for
        if not _is_verb(node) and not (node.lemma_ == "due" and node.dep_ == "acomp"):
            if any(c.dep_ in ("amod", "compound") and c.lower_ in _FUTURE_MODIFIERS for c in node.children):
                return FUTURE  # "the scheduled end of the state of emergency on July 26"
            continue
        if node.lemma_ == "due":
            return FUTURE
        tense = _verb_tense(node)
        if tense is not None:
            return tense
        if _reports(node):
            return None
        if node.head.lemma_ in _PLANNING and node.dep_ in ("xcomp", "ccomp", "advcl"):
            return FUTURE  # "is due to visit", "plans to open"
        if node.dep_ not in ("xcomp", "acl", "advcl", "relcl", "conj", "pcomp", "ccomp", "dep"):
            break
    return None


def tense_at(doc, start: int, end: int) -> str | None:
    """The tense of the clause of the date at ``start:end`` of the parsed text, or None."""
    if doc is None:
        return None
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or not len(span):
        return None
    return tense_of_token(span.root)


__all__ = ["FUTURE", "PAST", "PRESENT", "tense_at", "tense_of_token"]
