"""The verdicts as a reader meets them: every view reads the registry and the published
verdicts, and computes nothing it could contradict.

================  =============================================================================
module            what
================  =============================================================================
``report``        the README's tables, the book's ledger page, notebook 00's grid, links
``errata``        the errata table and its flaws
``corrigendum``   the corrigendum's Markdown: printed and repaired statements, derivations
``proofgraph``    which result each proof cites (from the .tex): nodes, edges, categories
``proofmap``      the proof map drawn, coloured by the published verdicts
``atlas_bounds``  the looseness atlas's bars; ``atlas``: its frame and figure
================  =============================================================================
"""
