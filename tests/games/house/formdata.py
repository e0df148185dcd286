"""Read a page's form as a browser would submit it (inputs, checked boxes, selected options, textareas)."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any


class _FormReader(HTMLParser):
    def __init__(self, form_id: str | None) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id, self.inside = form_id, form_id is None
        self.pairs: list[tuple[str, str]] = []
        self.textarea: list[str] | None = None
        self.select: str | None = None
        self.first: str | None = None
        self.chosen: list[str] = []
        self.option: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        if tag == "form" and self.form_id is not None:
            self.inside = a.get("id") == self.form_id
        if not self.inside:
            return
        if tag == "input" and a.get("name") and a.get("type") not in ("submit", "file", "button"):
            if a.get("type") in ("checkbox", "radio"):
                if "checked" in a:
                    self.pairs.append((a["name"], a.get("value") or "on"))
            else:
                self.pairs.append((a["name"], a.get("value", "")))
        elif tag == "textarea":
            self.textarea = [a["name"], ""]
        elif tag == "select":
            self.select, self.first, self.chosen = a.get("name"), None, []
        elif tag == "option" and self.select:
            value = a.get("value", "")
            self.first = value if self.first is None else self.first
            if "selected" in a:
                self.chosen.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.form_id is not None:
            self.inside = False
        if tag == "textarea" and self.textarea is not None:
            self.pairs.append((self.textarea[0], self.textarea[1]))
            self.textarea = None
        if tag == "select" and self.select:
            for value in self.chosen or [self.first or ""]:
                self.pairs.append((self.select, value))
            self.select = None

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.textarea[1] += data


def form_data(html: str, form_id: str | None = None) -> dict[str, Any]:
    """The fields the form ``form_id`` (the page's only form when None) would send, as a dict for the test
    client (a name sent several times maps to a list)."""
    reader = _FormReader(form_id)
    reader.feed(html)
    out: dict[str, Any] = {}
    for name, value in reader.pairs:
        if name in out:
            out[name] = [*out[name], value] if isinstance(out[name], list) else [out[name], value]
        else:
            out[name] = value
    return out
