"""``python -m mines_theory.verification.proofs walk NAME… [--json]``: see ``command``."""

import sys

from .command import main

sys.exit(main(sys.argv[1:]))
