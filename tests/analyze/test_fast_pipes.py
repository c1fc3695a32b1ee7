"""The attribute ruler run by lookup (storydesk.analyze.fast_pipes) gives the tokens
spaCy's own ruler gives, on real news text, and is kept out of the way when it cannot."""

from __future__ import annotations

import pytest

from storydesk.analyze.fast_pipes import FastAttributeRules, Unsupported, speed_up


def _tokens(doc):
    return [(t.pos_, t.tag_, t.dep_, str(t.morph), t.lemma_, t.ent_type_, t.ent_iob_, t.head.i) for t in doc]


@pytest.fixture(scope="module")
def stock():
    import spacy

    from storydesk.analyze.line_starts import add_line_starts
    from storydesk.config import Settings

    nlp = spacy.load(Settings().spacy_model)
    add_line_starts(nlp)  # the parser sees the same sentence starts: only the ruler differs
    return nlp


def test_the_loaded_pipeline_tags_every_token_as_spacy_does(nlp, stock, seed_articles):
    assert nlp.pipe_names == [n for n in stock.pipe_names if n != "senter"]
    assert nlp.get_pipe("attribute_ruler").__class__ is not stock.get_pipe("attribute_ruler").__class__
    texts = [a.text for a in seed_articles]
    # with contractions, pronouns, auxiliaries, "there is" and stray spaces, which the
    # ruler's word-, dependency- and two-token rules are about
    texts.append("I'd say there's  nothing she'll gon na do. Y'all ain't got ta ask 'em; it isn't his.\n\n"
                 "We didn't, but they had been told. Let's go: doin' nothin' in ol' town.")
    fast_docs, stock_docs = list(nlp.pipe(texts)), list(stock.pipe(texts))
    assert sum(len(d) for d in fast_docs) > 2000
    for fast, slow in zip(fast_docs, stock_docs):
        assert _tokens(fast) == _tokens(slow)


def test_a_ruler_with_a_rule_it_cannot_apply_exactly_is_kept(stock):
    import spacy

    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("attribute_ruler")
    ruler.add([[{"TAG": "NN", "OP": "+"}]], {"POS": "NOUN"})  # a quantifier: not a fixed sequence
    with pytest.raises(Unsupported):
        FastAttributeRules(ruler)
    assert speed_up(nlp) == [] and nlp.get_pipe("attribute_ruler") is ruler
