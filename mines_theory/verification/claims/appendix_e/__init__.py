"""Appendix E of the paper: the lemmas that prove Lemma 5.3.

E.1 = ``lem:nab_f``, E.2 = ``eq:Sig_dec``/``eq:Sig_2_bnd``, E.3 = ``lem:GH``, E.4 =
``eq:alpha_err``, E.5 = ``lem:E``, E.6 = ``lem:EXY``, E.7 = ``lem:X``, E.8 = ``lem:Y``, E.9 =
``eq:sto_err``, E.10 = ``eq:dd``; and the errata in their proofs. E.2, E.4, E.9 and E.10 are
checked along ``TRAJECTORY``: Algorithm 1 (``MiNESStrategy``, the symmetric root as printed) on a
3-D log-cosh objective, with a record hook that keeps what the lemmas talk about. Numbers along
that run carry bootstrap intervals over its independent seeds.

The package's modules: ``trajectory`` (E.2, E.4, E.9, E.10 and the run they share),
``moments`` (those checked off the run: E.1, and E.3, E.5–E.8: identities, truncated moments,
tails) and ``common`` (what they share with the errata). The errata in their proofs are in
``errata.appendix_e_recursion`` (E.1, E.2, E.4, E.10), ``errata.appendix_e_stochastic``
(E.7–E.9) and ``errata.appendix_e_induction`` (Lemma 5.3's base case, probability count and
induction hypothesis).
"""
