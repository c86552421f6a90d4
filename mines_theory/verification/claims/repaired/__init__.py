"""The corrigendum's repaired results, each declared beside its check (``declare.repaired``)
with its section of the corrigendum, by part of the paper: ``section5``, ``appendix_d``,
``appendix_e``; ``common``: the exceedance test they share."""
