"""Figures: one style, and the rules every figure keeps.

==============  ===============================================================================
module          what
==============  ===============================================================================
``figures``     the style, the helpers (reference slopes, bounds, bands, Markdown tables) and
                ``save_figure``, which writes byte-identical PNG and PDF and enforces the rules
``rules``       the figure rules (numbered 1–10) and their checkers
==============  ===============================================================================
"""
