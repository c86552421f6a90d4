"""``python -m mines_theory.verification``: see ``command``."""

import sys

from mines_theory.verification.command import main

if __name__ == "__main__":
    sys.exit(main())
