"""The checkers of the proof walk, one module per proof (see ``proofs.check`` for what a checker
returns) and ``common``, the admissible instances they share."""
