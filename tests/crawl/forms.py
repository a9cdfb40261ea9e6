"""A page's forms and links, read as a browser reads them: the day is played through the forms the site shows."""

from html.parser import HTMLParser


class Form:
    """A form as a browser would send it: its fields' values as the page filled them."""

    def __init__(self, action, method):
        self.action, self.method = action, method
        self.fields = []  # (name, value) as a browser sends them, buttons left out
        self.buttons = []  # (name, value) of the submit buttons
        self.options = {}  # a select's name → its options' values

    def data(self, **changes):
        """The fields with ``changes`` (a value of None removes the field)."""
        data = {}
        for name, value in self.fields:
            data.setdefault(name, []).append(value)
        for name, value in changes.items():
            if value is None:
                data.pop(name, None)
            else:
                data[name] = value if isinstance(value, list) else [value]
        return data

    def __repr__(self):
        return f"<form {self.method} {self.action!r} {self.fields} buttons={self.buttons}>"


class _Reader(HTMLParser):
    """The forms of a page, and the address of every link."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms, self._form, self._select, self._option, self._textarea = [], None, None, None, None
        self.links = []

    def handle_starttag(self, tag, attrs):
        attrs = {key: "" if value is None else value for key, value in attrs}
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])
        if tag == "form":
            self._form = Form(attrs.get("action", ""), attrs.get("method", "get").lower())
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag == "input" and attrs.get("name"):
            kind = attrs.get("type", "text").lower()
            if kind in ("submit", "image"):
                self._form.buttons.append((attrs["name"], attrs.get("value", "")))
            elif kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    self._form.fields.append((attrs["name"], attrs.get("value", "on")))
            elif kind not in ("button", "reset", "file"):
                self._form.fields.append((attrs["name"], attrs.get("value", "")))
        elif tag == "button" and attrs.get("name") and attrs.get("type", "submit").lower() == "submit":
            self._form.buttons.append((attrs["name"], attrs.get("value", "")))
        elif tag == "select" and attrs.get("name"):
            self._select = [attrs["name"], None, None]  # name, first option, chosen option
            self._form.options[attrs["name"]] = []
        elif tag == "option" and self._select is not None:
            self._option, self._option_text = attrs, ""
        elif tag == "textarea" and attrs.get("name"):
            self._textarea = [attrs["name"], ""]

    def handle_data(self, data):
        if self._option is not None:
            self._option_text += data
        if self._textarea is not None:
            self._textarea[1] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "option" and self._option is not None:
            value = self._option.get("value", self._option_text.strip())
            self._form.options[self._select[0]].append(value)
            self._select[1] = value if self._select[1] is None else self._select[1]
            self._select[2] = value if "selected" in self._option else self._select[2]
            self._option = None
        elif tag == "select" and self._select is not None:
            name, first, chosen = self._select
            if chosen is not None or first is not None:
                self._form.fields.append((name, chosen if chosen is not None else first))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self._form.fields.append((self._textarea[0], self._textarea[1].removeprefix("\n")))
            self._textarea = None


def read_html(html):
    """The page's ``forms`` and ``links``."""
    reader = _Reader()
    reader.feed(html)
    return reader
