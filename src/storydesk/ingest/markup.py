"""Text of HTML fragments (feed entry bodies, readability's output), one paragraph a line.

>>> fragment_text("<p>First &amp; foremost.</p><p>Second<br>line</p>")
'First & foremost.\\nSecond\\nline'
>>> fragment_text("plain words, no tags")
'plain words, no tags'
>>> fragment_text("<div><script>alert(1)</script></div>")
''
"""

from __future__ import annotations

from lxml import etree
from lxml import html as lxml_html

#: Elements after (and before) which the text breaks into a new line.
BLOCKS = frozenset({
    "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt",
    "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
    "li", "main", "ol", "p", "pre", "section", "table", "td", "th", "tr", "ul",
})
_DROP = ("script", "style", "noscript", "template")


def fragment_text(markup: str) -> str:
    """The visible text of ``markup``: a line per block element, runs of white space
    inside a line collapsed, empty lines dropped."""
    if not markup or not markup.strip():
        return ""
    try:
        root = lxml_html.fromstring(markup)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return ""
    for bad in root.xpath("|".join(f"//{tag}" for tag in _DROP)):
        bad.drop_tree()
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag.lower() in BLOCKS:
            el.tail = "\n" + (el.tail or "")
            el.text = "\n" + (el.text or "")
    lines = (" ".join(line.split()) for line in root.text_content().splitlines())
    return "\n".join(line for line in lines if line)
