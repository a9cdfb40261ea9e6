"""Reading printed pages back: a PDF's pages, their size, and every piece of text with its size on paper.

The print layout tests print a workbook (LibreOffice) or a page (chromium) to PDF and measure it: the
smallest text must stay readable (9 points or more) and the pages be A4 the right way up. A piece of
text's size is its font size times the scale of its text and drawing matrices, so text a program shrank
to fit a page measures at the size it prints.
"""

import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pypdf import PdfReader

A4_PORTRAIT = (595, 842)  # points, rounded
A4_LANDSCAPE = (842, 595)


@dataclass(frozen=True)
class Text:
    text: str
    size: float  # points on paper
    x: float
    y: float  # from the bottom of the page


@dataclass
class Page:
    width: float
    height: float
    texts: list[Text] = field(default_factory=list)

    @property
    def size(self) -> tuple[int, int]:
        return round(self.width), round(self.height)

    @property
    def text(self) -> str:
        return "".join(piece.text for piece in self.texts)

    @property
    def smallest(self) -> float:
        return min(piece.size for piece in self.texts)


def _times(m: list[float], n: list[float]) -> list[float]:
    """The PDF matrix product m × n (each [a b c d e f])."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return [a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u]


def read_pdf(path: Path) -> list[Page]:
    pages = []
    for pdf_page in PdfReader(path).pages:
        page = Page(float(pdf_page.mediabox.width), float(pdf_page.mediabox.height))

        def visit(text, cm, tm, font, size, page=page):
            if text.strip():
                _a, _b, c, d, e, f = _times(tm, cm)
                page.texts.append(Text(text, round(abs(size) * (c * c + d * d) ** 0.5, 2), e, f))

        pdf_page.extract_text(visitor_text=visit)
        pages.append(page)
    return pages


def program(name: str, package: str) -> str:
    """The path of a program the print tests need; skipped without it, failed when JANROKU_REQUIRE_BROWSER is set."""
    found = shutil.which(name)
    if found:
        return found
    message = f"{name} is not installed (apt-get install {package})"
    if os.environ.get("JANROKU_REQUIRE_BROWSER"):
        pytest.fail(message)
    pytest.skip(message)


def to_pdf_with_libreoffice(*workbooks: Path) -> list[Path]:
    """Print workbooks to PDF with LibreOffice (one start for all of them: it takes seconds)."""
    soffice = program("soffice", "libreoffice-calc-nogui")
    out = workbooks[0].parent
    profile = out / "libreoffice-profile"  # its own profile: no clash with another LibreOffice running
    subprocess.run(
        [
            soffice,
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(out),
            *map(str, workbooks),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    return [out / f"{workbook.stem}.pdf" for workbook in workbooks]
