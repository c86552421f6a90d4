"""The paper's claims and what the notebooks find beyond them, each checked where declared.

==================  ===========================================================================
module              the paper
==================  ===========================================================================
``section2``        Section 2: eq:log_lh, the scores, the Fisher matrix, eq:nat_grad; NES as
                    printed
``section3``        Section 3: Theorems 1–4 of the PDF (our 3.1–3.4), the regularized objective
``section4``        Section 4 with Appendices A–C: Lemmas 6–8 (our 4.1–4.3), Props 15–16 (A.1,
                    A.2), Lemmas 17–22 (B.1–B.6), Lemma 23 (C.1)
``section5``        Section 5: Lemmas 9–11 (our 5.1–5.3), Theorem 12 (5.4), the remarks; the
                    runs on γ > 0 and the findings (a constant η₂, the start, the α-bias)
``appendix_d``      Appendix D: Lemmas 24–30 (our D.1–D.7)
``appendix_e``      Appendix E: Lemmas 31–40 (our E.1–E.10), the proof of Lemma 11
``repaired``        the corrigendum's repaired results, each declared with its printed and
                    repaired statements and checked on the printed one's runs
``comparisons``     MiNES against the baselines (notebook 07)
``coco_bbob``       the 2019 version's claim on COCO's bbob (notebook 10)
==================  ===========================================================================
"""
