"""What a workbook must pass before openpyxl opens it: its zip, its parts, and the size its games sheet declares.

An .xlsx is a zip of XML parts.  Before anything is unpacked, the zip's
directory is checked: a workbook's parts, compressed the ways spreadsheets
compress them (stored or deflated), unpacking to a bounded size.  Then the
games sheet (the one ``games_sheet`` chooses) is streamed once through expat
with entity declarations and external entities refused (as defusedxml
refuses them), and without keeping anything but a few numbers: a sheet that
says it reaches beyond ``MAX_SHEET_ROWS`` rows — in its ``<dimension>``, in a
row or cell reference, or in a merged range — is refused at the first such
reference, before openpyxl would fill the rows up to it one by one.  A
small file declaring 20,000,000 rows is refused in milliseconds.

Every refusal is a ``ReadingError`` in the user's language; what breaks in
a damaged file (a truncated zip, a missing part, XML that is not
well-formed) is the caller's to turn into one.
"""

import posixpath
import re
import unicodedata
import zipfile
from dataclasses import dataclass, field
from xml.parsers import expat

from django.utils.translation import gettext as _

from .errors import ReadingError
from .safe_xml import CHUNK, forbid_declarations

MAX_UNPACKED = 100 * 1024 * 1024  # what a workbook may unpack to
MAX_ZIP_ENTRIES = 1_000
MAX_SHEET_ROWS = 100_000  # the furthest row a games sheet may name: 20,000 games with blank rows between days
MAX_MERGED_CELLS = 200_000  # cells covered by merged ranges, all together (titles, a date merged down its day)
MAX_PART = 10 * 1024 * 1024  # workbook.xml and its relationships: a list of sheets
SHEET_NAMES = ("対局", "games")  # the season workbook's Games sheet, in either language
COMPRESSIONS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED}  # what Excel, LibreOffice and Numbers write
WORKBOOK = "xl/workbook.xml"
WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz$"
REFERENCE = re.compile(r"\$?([A-Za-z]{1,3})?\$?([0-9]+)?")


@dataclass
class SheetShape:
    """What the games sheet declared: its title, its furthest row and column, and its merged ranges ("A1:D1").

    ``last_column`` is None when a cell does not say where it is (allowed: it follows the previous one).
    """

    title: str
    part: str
    last_row: int = 0
    last_column: int | None = 0
    merged: list = field(default_factory=list)


def check_archive(archive):
    """Refuse a zip that is not a workbook, or that would unpack to too much or in a way nothing should."""
    entries = archive.infolist()
    names = {entry.filename for entry in entries}
    if WORKBOOK not in names:
        if "content.xml" in names and "mimetype" in names:
            raise ReadingError(_("This is an OpenDocument file (.ods). Save it as .xlsx or CSV and import that."))
        raise ReadingError(
            _(
                "This file is a zip archive (a Word document, for example), not an Excel workbook. "
                "Upload the .xlsx workbook or a CSV file."
            )
        )
    if len(entries) > MAX_ZIP_ENTRIES or sum(entry.file_size for entry in entries) > MAX_UNPACKED:
        raise ReadingError(
            _(
                "This workbook unpacks to more than %(limit)s MB, far more than a results sheet "
                "needs. Save only the games as a new .xlsx or CSV file."
            )
            % {"limit": MAX_UNPACKED // (1024 * 1024)}
        )
    for entry in entries:
        if entry.compress_type not in COMPRESSIONS:
            raise unsupported_compression()
        if entry.flag_bits & 0x1:
            raise ReadingError(
                _(
                    "This workbook is encrypted or password-protected. Open it in your spreadsheet, "
                    "remove the password and save it as .xlsx, or save it as CSV."
                )
            )


def unsupported_compression():
    return ReadingError(
        _(
            "This workbook is compressed in a way spreadsheets do not save (by an archiving tool, "
            "perhaps). Open it in your spreadsheet and save it again as .xlsx, or save it as CSV."
        )
    )


def games_sheet(archive, scan=True):
    """The sheet to import, as a SheetShape: the one named 対局 or Games if there is one, else the first.

    ``scan``: stream its XML through the checks now; a reader streaming it anyway passes its elements to a
    ``SheetScan`` of its own instead (league/imports/sheet_values.py), so the sheet is parsed once.
    """
    sheets = _worksheets(archive)
    if not sheets:
        raise ReadingError(_("The workbook has no sheet with rows."))
    title, part = next(((title, part) for title, part in sheets if _normal(title) in SHEET_NAMES), sheets[0])
    shape = SheetShape(title=title, part=part)
    if scan:
        _scan_sheet(archive, shape)
    return shape


def _normal(title):
    return unicodedata.normalize("NFKC", title).strip().lower()


def _worksheets(archive):
    """(title, part name) of every worksheet, in the workbook's order (chart sheets are not worksheets)."""
    targets = {}
    for attributes in _elements(archive, WORKBOOK_RELS, "Relationship"):
        if attributes.get("Type", "").endswith("/worksheet"):
            target = attributes.get("Target", "")
            part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(f"xl/{target}")
            targets[attributes.get("Id")] = part
    sheets = []
    for attributes in _elements(archive, WORKBOOK, "sheet"):
        relation = next(
            (value for name, value in attributes.items() if name.rsplit(" ", 1)[-1] == "id" and name != "id"), None
        )
        if relation in targets:
            sheets.append((attributes.get("name", ""), targets[relation]))
    return sheets


def _elements(archive, part, wanted):
    """The attributes of every ``wanted`` element of a small part (the workbook, its relationships)."""
    if archive.getinfo(part).file_size > MAX_PART:
        raise ReadingError(
            _("This workbook lists more sheets than Janroku reads. Save the games as a new .xlsx or CSV file.")
        )
    found = []

    def start(name, attributes):
        if name.rsplit(" ", 1)[-1] == wanted:
            found.append(attributes)

    _parse(archive, part, start)
    return found


def _scan_sheet(archive, shape):
    """Stream the sheet's XML: refuse at the first reference past MAX_SHEET_ROWS; keep the merged ranges."""
    scan = SheetScan(shape)

    def start(name, attributes):
        if ":" in name:  # a prefixed name (x:c): parsed without namespaces, for speed; the local name decides
            name = name.rsplit(":", 1)[1]
        scan.start(name, attributes)

    _parse(archive, shape.part, start, namespaces=False)
    scan.finish()


class SheetScan:
    """The games sheet's checks, element by element as its XML is streamed (whatever the element's namespace):
    a reference past MAX_SHEET_ROWS refused at once, the merged ranges kept (``shape.merged``), and once
    ``finish`` is called the furthest row and column (``shape.last_row``, ``shape.last_column``)."""

    def __init__(self, shape):
        self.shape = shape
        self.row = 0
        self.merged_cells = 0
        self.widest = ""  # the furthest column's letters ("T"); None once a cell does not say where it is

    def start(self, name, attributes):
        """An element begins: ``name`` is its local name."""
        if name == "c":  # the commonest element by far
            self.cell(attributes)
        elif name == "row":
            self.new_row(attributes)
        elif name == "dimension":
            _within(self.shape, _last_row(attributes.get("ref", "")), declared=True)
        elif name == "mergeCell":
            reference = attributes.get("ref", "")
            rows, columns = _extent(reference)
            _within(self.shape, _last_row(reference))
            self.merged_cells += rows * columns
            if self.merged_cells > MAX_MERGED_CELLS:
                raise _too_large(self.shape, None)
            self.shape.merged.append(reference)

    def cell(self, attributes):
        """A cell begins (kept to a few string operations)."""
        reference = attributes.get("r")
        if reference:
            digits = reference.lstrip(LETTERS)
            if not digits.isdigit() or int(digits) > MAX_SHEET_ROWS:
                _within(self.shape, _row_of(reference))
            letters = reference[: len(reference) - len(digits)].lstrip("$")
            widest = self.widest  # None stays None: some cell did not say where it is
            if widest is not None and (len(letters), letters) > (len(widest), widest):
                self.widest = letters
        else:
            self.widest = None

    def new_row(self, attributes):
        self.row = int(attributes["r"]) if attributes.get("r", "").isdigit() else self.row + 1
        _within(self.shape, self.row)

    def finish(self):
        shape, widest = self.shape, self.widest
        shape.last_row = max(shape.last_row, self.row)
        if widest is None:
            shape.last_column = None
        elif widest and widest.upper() == widest and widest.isalpha():
            shape.last_column = _column(widest)
        else:
            shape.last_column = None  # lower-case or odd letters: read every column up to the limit


def _within(shape, row, declared=False):
    if row > MAX_SHEET_ROWS:
        raise _too_large(shape, row)
    if not declared:
        shape.last_row = max(shape.last_row, row)


def _too_large(shape, row):
    if row is None:
        return ReadingError(
            _(
                "The sheet “%(sheet)s” merges more cells than a results sheet has. Unmerge the cells "
                "(or save the games as a new .xlsx or CSV file) and import that."
            )
            % {"sheet": shape.title}
        )
    return ReadingError(
        _(
            "The sheet “%(sheet)s” reaches row %(row)s; Janroku reads sheets of up to %(limit)s "
            "rows. Delete the empty rows below the games (or save only the games as a new .xlsx or "
            "CSV file) and import that."
        )
        % {"sheet": shape.title, "row": f"{row:,}", "limit": f"{MAX_SHEET_ROWS:,}"}
    )


def _row_of(reference):
    match = REFERENCE.fullmatch(reference.strip())
    return int(match.group(2)) if match and match.group(2) else 0


def _last_row(reference):
    return max((_row_of(corner) for corner in reference.split(":")), default=0)


def _extent(reference):
    """(rows, columns) a range such as A1:D3 covers; 1×1 for a single cell or one that cannot be read."""
    corners = [REFERENCE.fullmatch(corner.strip()) for corner in reference.split(":")]
    if len(corners) != 2 or not all(corners):
        return 1, 1
    (first, last) = corners
    rows = abs(int(last.group(2) or 0) - int(first.group(2) or 0)) + 1
    columns = abs(_column(last.group(1)) - _column(first.group(1))) + 1
    return rows, columns


def _column(letters):
    number = 0
    for letter in (letters or "A").upper():
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _parse(archive, part, start, namespaces=True):
    """Stream ``part`` through expat, calling ``start(name, attributes)`` for every element.

    With ``namespaces``, a name is "<namespace> <local name>"; without, as written ("c" or "x:c").

    Expat directly rather than through defusedxml's ElementTree (which builds an object per element): a
    20,000-game sheet takes a fraction of the time.  It is protected as defusedxml protects a parser —
    a document type declaration, an entity declaration or an external reference is refused, with
    defusedxml's own exceptions — so nothing in the XML is expanded.
    """
    parser = expat.ParserCreate(namespace_separator=" ") if namespaces else expat.ParserCreate()
    parser.StartElementHandler = start
    forbid_declarations(parser)
    with archive.open(part) as stream:
        while chunk := stream.read(CHUNK):
            parser.Parse(chunk, False)
    parser.Parse(b"", True)
