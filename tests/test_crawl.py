"""The crawl's own parts (tests/crawl/): it hides only what its docstring says, reads forms and downloads as it
says, and its compare finds a difference.  The crawl itself is not run here (minutes): CONTRIBUTING.md says when."""

import io
import json

from openpyxl import Workbook

from tests.crawl.answers import XLSX, body_text, normalise, own_links
from tests.crawl.compare import compare
from tests.crawl.forms import read_html
from tests.crawl.pages import Page, file_name
from tests.crawl.pinning import Tokens

PAGE = """<form method="post" action="/c/kaze/manage/settings/">
<input type="hidden" name="csrfmiddlewaretoken" value="Xq3vB9rT2pLk8sYw0aZcD4eFgH6iJ1mN5oP7uQ">
<input type="hidden" name="mark" value="3f9a21">
<input type="text" name="name" value="風の会">
<input type="checkbox" name="is_public" checked><input type="checkbox" name="rank_guests">
<select name="rule_set"><option value="1">四人打ち</option><option value="2" selected>東風戦</option></select>
<textarea name="description">
週に一度</textarea>
<button type="submit" name="action" value="save">保存</button>
</form><script nonce="aB3dE5">x()</script>
<a href="?sort=-points">点</a><a href="?sort=games">数</a><a href="?_export=csv">CSV</a><a href="/c/kaze/">会</a>"""


def test_normalise_hides_the_csrf_token_and_nonces_only():
    shown = normalise(PAGE)
    assert 'name="csrfmiddlewaretoken" value="[csrf]"' in shown and 'nonce="[nonce]"' in shown
    assert "Xq3vB9" not in shown and "aB3dE5" not in shown
    # Everything else, byte for byte: the same text with the two values put back.
    back = shown.replace("[csrf]", "Xq3vB9rT2pLk8sYw0aZcD4eFgH6iJ1mN5oP7uQ").replace("[nonce]", "aB3dE5")
    assert back == PAGE
    assert normalise("script-src 'self' 'nonce-q1w2e3'") == "script-src 'self' 'nonce-[nonce]'"
    assert normalise("saved in /tmp/janroku-crawl-x/state", work="/tmp/janroku-crawl-x") == "saved in [tmp]/state"


def test_the_admins_kinds_of_objects_one_may_not_delete_are_sorted():
    lacking = (
        '<ul id="deleted-objects">\t<li>meeting line</li>\n\t<li>settlement entry</li>\n\t<li>kept money line</li></ul>'
    )
    assert normalise(lacking) == (
        '<ul id="deleted-objects">\t<li>kept money line</li>\n\t<li>meeting line</li>\n\t<li>settlement entry</li></ul>'
    )
    # The list of what a delete takes with it is a tree, in the order Django collects it: left as it is.
    tree = '<ul id="deleted-objects"><li>Meeting: <a href="/admin/">x</a><ul><li>b</li><li>a</li></ul></li></ul>'
    assert normalise(tree) == tree


def test_a_page_that_only_differs_elsewhere_still_differs():
    assert normalise(PAGE) != normalise(PAGE.replace('value="3f9a21"', 'value="3f9a22"'))


def test_forms_are_read_as_a_browser_sends_them():
    (form,) = read_html(PAGE).forms
    assert form.action == "/c/kaze/manage/settings/" and form.method == "post"
    assert form.data(rank_guests="on", name=None) == {
        "csrfmiddlewaretoken": ["Xq3vB9rT2pLk8sYw0aZcD4eFgH6iJ1mN5oP7uQ"],
        "mark": ["3f9a21"],
        "is_public": ["on"],
        "rule_set": ["2"],
        "description": ["週に一度"],
        "rank_guests": ["on"],
    }
    assert form.buttons == [("action", "save")] and form.options == {"rule_set": ["1", "2"]}


def test_own_links_are_the_sorts_and_downloads_of_the_same_page():
    found = own_links(Page("kaze/standings", "/c/kaze/standings/"), PAGE)
    assert [page.url for page in found] == [
        "/c/kaze/standings/?sort=-points",
        "/c/kaze/standings/?sort=games",
        "/c/kaze/standings/?_export=csv",
    ]
    assert found[0].file == "kaze/standings~sort=-points"
    assert file_name("manage_members", {"slug": "kaze", "member_id": 3}, "q=%E9%A2%A8+%E5%A4%AA") == (
        "manage_members.member_id=3~q=風_太"
    )


def test_a_workbook_is_saved_as_its_cells_and_number_formats():
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "成績"
    sheet.append(["名前", "ポイント"])
    sheet.append(["東田一郎", 45.3])
    sheet["B2"].number_format = '+0.0;"▲"0.0'
    content = io.BytesIO()
    workbook.save(content)
    assert body_text(content.getvalue(), XLSX).splitlines() == [
        "sheet '成績' A1:B2",
        "  A1 '名前' [General]",
        "  B1 'ポイント' [General]",
        "  A2 '東田一郎' [General]",
        '  B2 45.3 [+0.0;"▲"0.0]',
    ]


def test_json_is_indented_after_its_hash_and_binary_is_hashed():
    shown = body_text(json.dumps({"名前": "東田", "points": [1, 2]}).encode(), "application/json").splitlines()
    assert shown[0].startswith("sha256 ") and json.loads("\n".join(shown[1:])) == {"名前": "東田", "points": [1, 2]}
    assert body_text(b"\x89PNG", "image/png").startswith("4 bytes, sha256 ")


def test_the_same_key_draws_the_same_tokens():
    first, second = Tokens(), Tokens()
    first.reseed("GET owner /c/kaze/")
    second.reseed("GET owner /c/kaze/")
    assert (first.token_urlsafe(12), first.randbits(62)) == (second.token_urlsafe(12), second.randbits(62))
    second.reseed("GET member /c/kaze/")
    assert first.token_hex(8) != second.token_hex(8)


def test_compare_lists_what_differs_and_what_is_missing(tmp_path, capsys):
    for name, body in (("a", "GET /\nstatus 200\n\n<p>1</p>\n"), ("b", "GET /\nstatus 200\n\n<p>2</p>\n")):
        (tmp_path / name / "ja" / "owner").mkdir(parents=True)
        (tmp_path / name / "ja" / "owner" / "club.txt").write_text(body, encoding="utf-8")
        (tmp_path / name / "ja" / "owner" / "rules.txt").write_text("same\n", encoding="utf-8")
    assert compare(tmp_path / "a", tmp_path / "a") == 0
    (tmp_path / "b" / "ja" / "owner" / "extra.txt").write_text("new\n", encoding="utf-8")
    assert compare(tmp_path / "a", tmp_path / "b") == 1
    printed = capsys.readouterr().out
    assert "=== ja/owner/club.txt\n--- before\n+++ after\n" in printed and "-<p>1</p>\n+<p>2</p>" in printed
    assert "only in" in printed and "extra.txt" in printed and "rules.txt" not in printed
