"""A page's answer as saved: its address, status, a few headers and its body, with only what is new in every
answer normalised; and the links of a page back to itself that are read too."""

import hashlib
import io
import json
import re
from urllib.parse import parse_qsl, unquote_plus, urljoin, urlsplit

from .forms import read_html
from .pages import Page, safe

HEADERS = ("Content-Type", "Content-Disposition", "Location", "Cache-Control", "Content-Security-Policy")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
SORTS_PER_PAGE = 3  # sort links read from a page

CSRF_TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')
NONCE = re.compile(r'(nonce=")[^"]*(")')
NONCE_SOURCE = re.compile(r"'nonce-[^']*'")
# The admin's list of the kinds of objects one may not delete (``perms_lacking``): Django renders a set there.
LACKING = re.compile(r'(<ul id="deleted-objects">)((?:\s*<li>[^<]*</li>)+)(</ul>)')
ITEM = re.compile(r"(\s*)<li>([^<]*)</li>")


def normalise(text, work=None):
    """``text`` with what is new in every answer whatever the site does replaced: each form's CSRF token
    (masked afresh for every response), CSP nonces (new for every response), and the temporary folder ``work``;
    and the admin's kinds of objects one may not delete in sorted order (a set's order: the hash's, and the
    order the models were loaded in)."""
    text = CSRF_TOKEN.sub(r"\1[csrf]\2", text)
    text = NONCE.sub(r"\1[nonce]\2", text)
    text = NONCE_SOURCE.sub("'nonce-[nonce]'", text)
    text = LACKING.sub(_sorted_items, text)
    return text.replace(str(work), "[tmp]") if work else text


def _sorted_items(match):
    spaces, items = zip(*ITEM.findall(match.group(2)), strict=True)
    listed = "".join(f"{space}<li>{item}</li>" for space, item in zip(spaces, sorted(items), strict=True))
    return match.group(1) + listed + match.group(3)


def workbook_text(content):
    """Each sheet of an xlsx, and each cell holding something: its value as openpyxl reads it, its number format."""
    from openpyxl import load_workbook

    workbook = load_workbook(io.BytesIO(content))
    lines = []
    for sheet in workbook.worksheets:
        lines.append(f"sheet {sheet.title!r} {sheet.dimensions}")
        for row in sheet.iter_rows():
            lines += [f"  {c.coordinate} {c.value!r} [{c.number_format}]" for c in row if c.value is not None]
    return "\n".join(lines)


def body_text(content, content_type, work=None):
    """A body as saved: an xlsx by its cells, a JSON indented (after its bytes' SHA-256), text normalised, and
    anything else by its size and SHA-256."""
    kind = content_type.split(";")[0].strip()
    if kind == XLSX:
        return workbook_text(content)
    if kind == "application/json" or kind.endswith("+json"):
        shown = json.dumps(json.loads(content), ensure_ascii=False, indent=1)
        return f"sha256 {hashlib.sha256(content).hexdigest()}\n{shown}"
    if kind.startswith("text/") or kind == "application/javascript":
        return normalise(content.decode("utf-8"), work)
    return f"{len(content)} bytes, sha256 {hashlib.sha256(content).hexdigest()}"


def answer_text(shown, response, work=None):
    """What a page at ``shown`` answered, as saved: the address, the status, HEADERS, then the body."""
    lines = [f"GET {shown}", f"status {response.status_code}"]
    lines += [f"{header}: {normalise(response[header], work)}" for header in HEADERS if response.has_header(header)]
    content = b"".join(response.streaming_content) if response.streaming else response.content
    response.close()
    return "\n".join(lines) + "\n\n" + body_text(content, response.get("Content-Type", ""), work) + "\n"


def own_links(page, html):
    """The links of ``page`` back to itself that download a table, show its next page (a table's page 2, the
    activity's earlier entries), or sort it (the first few)."""
    path = urlsplit(page.url).path
    found, sorts = [], 0
    for href in dict.fromkeys(read_html(html).links):
        target = urlsplit(urljoin(page.url, href))
        if target.path != path or not target.query:
            continue
        pairs = parse_qsl(target.query, keep_blank_values=True)
        if any(key in ("_export", "before") or (key.endswith("page") and value == "2") for key, value in pairs):
            found.append(target.query)
        elif any(key.endswith("sort") for key, _ in pairs) and sorts < SORTS_PER_PAGE:
            found.append(target.query)
            sorts += 1
    return [Page(f"{page.file}~{safe(unquote_plus(q))}", f"{path}?{q}", visitors=page.visitors) for q in found]
