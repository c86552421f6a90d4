"""The verification layer: every claim of the paper, checked where it is declared, with a
verdict that is data.

==============  ===============================================================================
package         what
==============  ===============================================================================
``framework``   verdicts, statistics, the registry of declarations, the published ledger
``claims``      the checks of the paper's claims and of the findings, by part of the paper
``errata``      the checks of the errata, by part of the paper
``views``       what readers see: the README's tables, the book's ledger, the corrigendum, the
                proof map, the looseness atlas
==============  ===============================================================================

A package imports only from the ones above it in this table (``tests/test_packaging.py``).
``python -m mines_theory.verification`` (``command``) lists the ledger and re-checks a claim by
either of its names, at any scale of its sample sizes.
Each experiment's settings are one frozen configuration object (``claims.section5.covariance
.LEMMA53``, ``claims.appendix_e.trajectory.TRAJECTORY``, …) whose ``run()`` is cached: the check,
the notebook and the tests use the same object, so each number is computed once per process.
"""
