"""A sentence starts at the start of a line: the pipeline component that tells the parser so.

storydesk's readers write one paragraph per line, and headings, photo captions and
credit lines stop without a full stop ("'No time to react'", "Image caption Rescuers
worked to free people"). spaCy's parser runs such a line into the next one, and a name
that opens the next line becomes the object of the heading's last word: "Eric Lee,
an American who saw it, recalled" loses its subject, and "Deputy Chief Constable Ana Ruiz
said:" its speaker. Set before the parser, which keeps boundaries already set, this
component marks the first token of every line that opens as a sentence does (a capital,
a digit, a quotation mark or a bracket) as a sentence start. A line that goes on in
lower case is left to the parser (a text wrapped by hand), and so is one after a line
that ends in a colon or a comma ("Lee continued:" and the quote it leads into).

>>> from spacy.lang.en import English
>>> nlp = English()
>>> doc = mark_line_starts(nlp("No time to react\\nEric Lee recalled the night."))
>>> [t.text for t in doc if t.is_sent_start]
['No', 'Eric']
>>> doc = mark_line_starts(nlp("FAMILY TIME\\nJ.J. Watt did not play."))
>>> [t.text for t in doc if t.is_sent_start], doc[4].is_sent_start
(['FAMILY', 'J.J.'], False)
>>> doc = mark_line_starts(nlp("the people who were\\ntrapped in the tram"))
>>> [t.text for t in doc if t.is_sent_start]
['the']
"""

from __future__ import annotations

import re

NAME = "storydesk_line_starts"
_OPENERS = "\"'“‘«([—–-"
_LEADS = (":", ",", ";")
#: A line's first word that ends in a full stop without ending a sentence: initials and
#: short abbreviations ("J.J.", "U.S.", "Dr.", "St.").
_ABBREVIATION = re.compile(r"^(?:(?:[A-Z]\.)+|[A-Z][a-z]{0,2}\.)$")


def mark_line_starts(doc):
    """``doc`` with the first token of each line that opens as a sentence does marked as
    a sentence start (the others left unset)."""
    for tok in doc[1:]:
        prev = doc[tok.i - 1]
        if tok.is_space or not (prev.is_space and "\n" in prev.text):
            continue
        last = next((t for t in reversed(doc[:tok.i]) if not t.is_space), None)
        if last is not None and last.text in _LEADS:
            continue  # "Lee continued:" leads into the quote on the next line
        first = tok.text[0]
        if first.isupper() or first.isdigit() or first in _OPENERS:
            tok.is_sent_start = True
            if (_ABBREVIATION.match(tok.text) or all(c in _OPENERS for c in tok.text)) \
                    and tok.i + 1 < len(doc) and not doc[tok.i + 1].is_space:
                # "J.J. Watt", "Dr. Lee": no sentence ends there; nor after an opening mark
                # ("'I had to remind everybody,' he said." is one sentence)
                doc[tok.i + 1].is_sent_start = False
    return doc


def add_line_starts(nlp) -> bool:
    """Put :func:`mark_line_starts` before ``nlp``'s parser; False when it has none."""
    from spacy.language import Language

    if "parser" not in nlp.pipe_names:
        return False
    if not Language.has_factory(NAME):
        Language.component(NAME, func=mark_line_starts)
    nlp.add_pipe(NAME, before="parser")
    return True


__all__ = ["NAME", "add_line_starts", "mark_line_starts"]
