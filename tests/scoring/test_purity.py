"""The engine is pure Python: it must never import Django."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "scoring"


def test_no_engine_module_mentions_django():
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.split(".")[0] == "django", f"{path.name} imports {name}"


def test_importing_the_engine_loads_no_django():
    code = "import sys, scoring; print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ENGINE.parent, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
