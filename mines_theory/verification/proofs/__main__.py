"""``python -m mines_theory.verification.proofs walk NAME… [--json]``: see ``command``."""

import sys

from mines_theory.verification.proofs.command import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
