"""The verification layer: one module per part of the paper, each check returning a structured
``Verdict`` (a status from a closed set, computed qualifiers with their criteria, measurements
with their uncertainties) and, in ``data``, what its notebook plots.

==================  ==========================================================================
module              paper
==================  ==========================================================================
``section2``        Section 2: eq:log_lh, eq:nab_mu, eq:nab_Sig, the Fisher matrix, eq:nat_grad;
                    the NES meta-algorithm as printed
``section3``        Section 3: Theorems 3.1–3.4 (the regularized objective and its minimizer); a
                    package: ``theorems`` (the checks), ``proofs_mean``, ``proofs_covariance``,
                    ``convexity`` (the errata in the proofs), ``common``
``section4``        Section 4 with Appendices A–C: Lemmas 4.1–4.3, Props A.1, A.2, Lemmas
                    B.1–B.6, Lemma C.1; a package: ``estimators``, ``projection``,
                    ``probability``, ``errata``, ``common``
``section5``        Section 5: Lemmas 5.1–5.3, Theorem 5.4, the variance remark; a package:
                    ``mean``, ``theorem54``, ``covariance``, ``nonquadratic``, ``alpha_bias``,
                    ``findings``, ``errata``, ``common``
``appendix_d``      Appendix D: Lemmas D.1–D.7 (properties of g̃ and G̃); a package: ``lemmas``,
                    ``proofs`` (the errata), ``common``
``appendix_e``      Appendix E: Lemmas E.1–E.10 (the proof of Lemma 5.3); a package:
                    ``trajectory`` (E.1, E.2, E.4, E.9, E.10), ``moments`` (E.3, E.5–E.8),
                    ``errata_recursion``, ``errata_stochastic``, ``errata_induction`` (the
                    errata), ``common``
``coco_bbob``       the 2019 version's claim ("competitive to NES and CMA-ES") on COCO's bbob,
                    from the summary of ``make coco`` (coco-bbob-summary.csv beside it)
``registry``        ``@claim``, ``@finding``, ``@erratum``: each row declared above its check;
                    the ledger and the errata table are collected from these declarations
``errata``          every erratum found, as data with a check that can fail
``corrigendum``     the results repaired: printed and repaired statements, the errata each
                    repairs, and a check of the repaired bound on the printed one's runs
``ledger``          the claims ledger and the published verdicts
``report``          the ledger as a reader meets it: the README's summary, the book's sections,
                    notebook 00's grid, the prose's PDF numbers and links
``paper``           the PDF's numbers by label: eq:TG → (4.10), lem:Sig_dec → Lemma 11
``proofmap``        which result each proof cites (from the .tex), coloured by the published
                    verdicts; the categories and their look, shared by the book's figures
                    (the data, the parsing and the categories in ``proofgraph``; the drawing)
``atlas``           the looseness atlas: every measured bound's bound/measured, from the
                    published verdicts, as a frame and a figure (the bars declared in
                    ``atlas_bounds``)
``verdict``         ``Verdict``, ``Status``, ``Qualifier``, ``Measurement``
``stats``           Monte Carlo errors, proportions and their test, bootstrap, slopes
==================  ==========================================================================

Each experiment's settings are one frozen configuration object (``section5.LEMMA51``,
``appendix_e.TRAJECTORY``, …) whose ``run()`` is cached: the check, the notebook and the tests
use the same object, so each number is computed once per process.
"""

from .verdict import Kind, Measurement, Qualifier, Status, Verdict

__all__ = ["Kind", "Measurement", "Qualifier", "Status", "Verdict"]
