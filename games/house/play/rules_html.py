"""A dealer's rules, written in Markdown, as HTML safe to put on any page.

Markdown is rendered by Python-Markdown and the result sanitised by nh3 (an allow-list of tags and
attributes; links get ``rel="nofollow noopener"``): a definition comes from a dealer or from a file
anyone may share, so nothing in it may run script, load images or style the page.
"""

from __future__ import annotations

import re

import markdown
import nh3
from django.utils.safestring import SafeString, mark_safe

TAGS = {
    "p", "br", "hr", "strong", "em", "b", "i", "code", "pre", "blockquote", "ul", "ol", "li", "a",
    "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td", "del", "sup", "sub",
    "dl", "dt", "dd", "abbr",
}  # fmt: skip
ATTRIBUTES = {"a": {"href", "title"}, "abbr": {"title"}, "th": {"align"}, "td": {"align"}}


def rules_html(text: str) -> SafeString:
    """``text`` (Markdown) as sanitised HTML, marked safe for a template."""
    return mark_safe(rules_markdown_html(text))  # noqa: S308 - sanitised by nh3


def rules_markdown_html(text: str) -> str:
    """``text`` (Markdown) as sanitised HTML; headings start at level 3 so they sit under the page's own."""
    html = markdown.markdown(text or "", extensions=["extra", "sane_lists"], output_format="html")
    clean = nh3.clean(
        html, tags=TAGS, attributes=ATTRIBUTES, url_schemes={"http", "https", "mailto"}, link_rel="nofollow noopener"
    )
    return re.sub(r"<(/?)h([1-6])>", lambda m: f"<{m[1]}h{min(6, int(m[2]) + 2)}>", clean)
