"""python -m tests.crawl save DIR | compare DIR_A DIR_B (the package's docstring says what each does)."""

import os
import sys
from pathlib import Path

from . import __doc__ as about


def main(argv):
    if len(argv) == 2 and argv[0] == "save":
        if os.environ.get("PYTHONHASHSEED") != "0":  # sets of strings in the same order in every run
            environment = {**os.environ, "PYTHONHASHSEED": "0"}
            os.execve(sys.executable, [sys.executable, "-m", "tests.crawl", *argv], environment)
        from .save import save

        save(Path(argv[1]).resolve())
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        from .compare import compare

        return compare(Path(argv[1]), Path(argv[2]))
    print(about.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
