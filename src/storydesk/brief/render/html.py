"""A brief as one self-contained HTML page: the one HTML brief (``templates/brief.html``,
which the web story page draws too) with its style inline, no script and no external
resource; citations name their article and show the cited text on hover.

Article text is untrusted: the templates escape every value (autoescape), and only
``http(s)`` URLs become links.

>>> "<script>" in to_html({"story": {"headline": "<script>alert(1)</script>"}})
False
"""

from __future__ import annotations

from . import TEMPLATES, article_labels, environment


def to_html(brief: dict) -> str:
    """The whole brief as one HTML page."""
    env = environment()
    story = brief.get("story", {})
    return env.get_template("page.html").render(
        brief=brief, story=story, labels=article_labels(brief), link=None, article_href=None,
        charts=None, json_href=None, style=(TEMPLATES / "brief.css").read_text(encoding="utf-8"),
    )


__all__ = ["to_html"]
