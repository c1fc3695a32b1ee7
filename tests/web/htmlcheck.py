"""An HTML audit for the tests: what the page would run or load if article text leaked
into markup unescaped."""

from __future__ import annotations

from html.parser import HTMLParser

DANGEROUS_TAGS = {"script", "iframe", "object", "embed", "img", "frame", "base", "meta-refresh"}
URL_ATTRS = {"href", "src", "action", "formaction", "xlink:href", "data"}


class _Audit(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in DANGEROUS_TAGS:
            self.problems.append(f"<{tag}> element")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"{name}= handler on <{tag}>")
            if name in URL_ATTRS and (value or "").strip().lower().startswith(("javascript:", "data:text")):
                self.problems.append(f"{name}={value!r} on <{tag}>")
            if name == "style":
                self.problems.append(f"inline style on <{tag}> (CSP forbids it)")

    def handle_data(self, data):
        self.text.append(data)


def audit(html: str) -> list[str]:
    """Problems found in ``html`` (an empty list when the page is inert)."""
    parser = _Audit()
    parser.feed(html)
    parser.close()
    return parser.problems


def visible_text(html: str) -> str:
    parser = _Audit()
    parser.feed(html)
    return "".join(parser.text)
