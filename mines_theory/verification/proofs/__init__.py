"""The proof walk: every displayed relation of the paper's proofs, a step with a status.

The suite checks the paper's statements; the walk checks its proofs, line by line (issue 42). A
proof is a chain of displayed relations; each relation is a *step*, declared as data in a
``.toml`` file of this package (one per proof) and read with :mod:`tomllib` alone (``spec``):
listing the steps imports neither sympy nor scipy nor a checker. A checker module is imported
only to run a step (``check``).

Step spec
---------
A proof file has one ``[proof]`` table and one ``[[step]]`` table per relation.

``[proof]``
    ``name``
        our section-based name ("Lemma 5.1"); ``printed`` the PDF's ("Lemma 9"); ``label`` the
        .tex label of the statement proved ("lem:gd_dec_1", or "eq:dd").
    ``anchor``
        a verbatim fragment of the .tex; the proof is the first ``proof`` environment after it.
    ``statement``
        optional: a verbatim fragment of the .tex inside the statement proved (its
        ``\\label{…}``, usually); the displayed relations of the environment that encloses it
        (lemma, theorem, proposition or corollary) are walked too, as the proof's first steps.
        A statement's relation is checked on the same model as the proof's lines: the lemma's
        conclusion on its own hypotheses.
    ``complete``
        true when every relation of the proof (and of its statement) has a step
        (``tests/test_proof_walk.py`` then
        compares the steps with the relations ``coverage.relations`` finds in the proof).
    ``hypotheses``
        the admissible instances the numeric models sample, in words.
    ``reaches``
        optional: what the proof reaches once every erratum that names its steps is corrected,
        where that is less than its statement (a probability, a constant), with the step that
        says so; the page says it beside the errata its failing steps answer to.
    ``regime``, ``regime_from``
        optional, together: the names of a counterexample's values the paper's regime orders
        (``["tau", "L", "zeta"]``: τ ≤ L ≤ ζ), and where the paper sets it, in words. A failing
        step whose counterexample lies outside it also publishes the worst failing random
        instance inside it (``StepResult.inside``), which its page shows beside it.
    ``unwalked``
        optional: a step of the argument that is no displayed relation (a sentence of the
        proof with inline mathematics) and that the walk does not check, quoted with why; the
        page lists it as not walked, so that "every relation walked" is not read as "every
        line checked".
``[[step]]``
    ``index``
        its place in the proof: 1, 2, … in the order of the .tex.
    ``latex``
        the relation as printed: its symbol and the member that follows it, quoted verbatim
        from the .tex (whitespace normalized, ``coverage.normalized``); a test finds it there.
    ``relation``
        one of ``RELATIONS``: "=", "<=", ">=", "<", ">", "preceq", "succeq".
    ``uses``
        what the step rests on: hypotheses, cited equations ("eq:nu"), and earlier steps as
        "step N". A step that uses a failing step keeps its own status (the line is true or
        false on its own); its result names the first false step the proof reaches it through
        (``after``).
    ``premise``
        optional: the earlier steps (a subset of the ``step N`` in ``uses``) whose conclusion
        the step's check takes as given (it samples instances that satisfy it, or substitutes
        its right side); where a premise step fails or follows, the step ``follows``.
    ``how``
        ``identity`` (sympy proves lhs − rhs = 0, or a matrix identity at random dimensions to
        1e-10 relative), ``inequality`` (a numeric model searches for a violation),
        ``expectation`` (Monte Carlo: an instance's draws, the estimate of E[lhs] − rhs with its
        standard error, failing beyond 4 SE; ``check``'s docstring) or ``not_checked``.
    ``checker``
        for the first three, ``module:function`` of ``mines_theory.verification.proofs.models``.
    ``reason``
        required for ``not_checked``; elsewhere a note shown beside the result (how the line is
        read, why a failure is harmless).
    ``erratum``
        the label of the erratum (``mines_theory/verification/errata/*.toml``) that names this
        step, where one does (``walk.errata_cross_check``).
    ``slip``
        optional, on a failing step no erratum names: the walk's own reading of its slip, one
        of the errata's kinds (``framework.spec.KINDS``), "typo" where the paper shows the
        intended form (a later line, the definition it restates); refused beside ``erratum``,
        whose kind is the erratum's ("typo", "imprecision", …). The pages read it
        (``pages.first_not_typo``, ``pages.badge``), and the ledger's ``report.proof_note``
        through ``pages.with_slips``: a typo is not where a proof fails.
    ``corrected``
        optional, on a checked step that names its ``erratum``: ``module:function``, the step's
        check re-run with the erratum's correction (the erratum's A_t in place of the
        printed one), at the same instances; its outcome is published beside the step's
        (``StepResult.corrected``) and its page shows it.
    ``note``
        optional: ``module:function`` of the models, no arguments, returning a note in Markdown
        shown under the step on its page, computed where the page is built (Lemma D.6's step 1:
        why its 2 log is a typo, from exact χ² tails); a fact about the step lives in its spec.

Statuses
--------
``STATUSES``: ``identity`` (proved equal), ``holds`` (no violation at N instances and in the
adversarial search; the worst normalized margin is reported), ``fails`` (a counterexample,
printed), ``follows`` (its check holds only given an earlier step's conclusion, its
``premise``, and that step fails or follows: named) and ``not checked`` (with the reason). A
step's result also names ``after``, the first false step the proof reaches it through (via
``uses``), or None: a line that holds on its own keeps ``holds`` and its evidence says "the proof
reaches it through step N, which fails".

Modules
-------
``spec``      the step specs as data (``proofs``, ``steps``, ``find``).
``check``     the engine: a step's checker run, its perturbation, the ``StepResult``.
``walk``      ``walk`` (a proof's steps with their statuses and ``after``) and
              ``errata_cross_check``.
``coverage``  the scanner of the .tex's displayed relations, per appendix.
``command``   ``python -m mines_theory.verification.proofs walk NAME… [--json]``.
``models``    one numeric or symbolic model per proof: the checkers.
"""
