"""The scoring engine and the table draw are pure Python: they must never import Django."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE = ("scoring", "seating")


@pytest.mark.parametrize("package", PURE)
def test_no_module_mentions_django(package):
    for path in (ROOT / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.split(".")[0] == "django", f"{path.name} imports {name}"


@pytest.mark.parametrize("package", PURE)
def test_importing_loads_no_django(package):
    code = f"import sys, {package}; print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
