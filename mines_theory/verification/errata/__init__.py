"""The errata: every typo or faulty step found in the paper, each declared with ``declare.erratum``
above a check that returns its ``Verdict`` (``verdict.flagged``: "erratum" on the printed form, not
on the corrected one), one module per part of the paper (``section2`` … ``appendix_e_*``). Each
check reads the runs of ``claims``.
"""
