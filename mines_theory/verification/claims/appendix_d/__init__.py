"""Appendix D of the paper: the properties of g̃(μ) and G̃(Σ) behind Lemmas 5.1 and 5.2.

D.1 = ``lem:tgm_1``, D.2 = ``eq:nu``, D.3 = ``eq:gd_low``, D.4 = ``lem:tgm`` (eq:hh), D.5 =
``eq:tgm_3``, D.6 = ``eq:G_norm``/``eq:GG``, D.7 = ``eq:G_norm_1``/``eq:G_norm_2``; and the errata
in their proofs. Each check compares a printed statement with something independent (a closed
form, scipy's χ² distribution, or a Monte Carlo frequency tested against the allowed
probability, ``stats.exceedance_z``), with fixed seeds. Notebook ``09-appendix-lemmas`` plots
``BIAS_CURVE`` and ``G_CURVE``.

The package's modules: ``mean_gradient`` (Lemmas D.1–D.5, the estimate g̃ and its bias
experiments), ``sigma_gradient`` (Lemmas D.6–D.7, the estimate G̃) and ``common`` (what they
share with the errata of their proofs, ``errata.appendix_d``).
"""
