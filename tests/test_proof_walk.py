"""The proof walk (issue 42): step specs as data, checkers that can fail, the walk's findings,
the coverage scanner and the errata cross-check."""

import json
import math
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import pytest

from mines_theory.verification.proofs import check, command, coverage, published, spec, walk
from mines_theory.verification.proofs.models import common, eq_dd, lemma9, lemma_x, prop_sigma

ROOT = Path(__file__).resolve().parents[1]

CHECKED = [
    pytest.param(s, id=f"{p.name}, step {s.index}")
    for p in spec.proofs()
    for s in p.steps
    if s.how != "not_checked"
]


@pytest.fixture(scope="module")
def walked():
    """Every proof walked once, at the published walk's fidelity (``published.fresh``'s
    defaults): the tests below read it, and it is compared with ``walked.json`` step by step
    (the suite's one walk of the whole registry)."""
    return {p.name: walk.walk(p) for p in spec.proofs()}


def test_every_step_has_its_published_status(walked):
    """Every walked proof walked again: each step's status is the published one (``make
    figures`` republishes a changed status; a margin that moves within rounding on another
    CPU changes nothing)."""
    published_walk = published.load()["proofs"]
    assert set(published_walk) == {p.name for p in spec.proofs()}
    assert {name: [(r.index, r.status) for r in rs] for name, rs in walked.items()} == {
        name: [(s["index"], s["status"]) for s in steps] for name, steps in published_walk.items()
    }


def status(walked, name, index):
    return walked[name][index - 1].status


def test_specs_load_as_data_without_the_checkers():
    # what the parent packages import is theirs (the lead makes it lazy): only what listing
    # the steps adds is counted
    code = (
        "import sys, mines_theory.verification; before = set(sys.modules); "
        "from mines_theory.verification.proofs import spec; "
        "n = sum(len(p.steps) for p in spec.proofs()); "
        "bad = sorted(m for m in set(sys.modules) - before "
        "if m.split('.')[0] in ('sympy', 'scipy') or '.models' in m); print(n, bad)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    n, bad = out.stdout.split(" ", 1)
    assert int(n) == sum(len(p.steps) for p in spec.proofs())
    assert bad.strip() == "[]"


def test_names_find_the_same_proof():
    assert spec.find("Lemma 9") is spec.find("Lemma 5.1") is spec.find("lem:gd_dec_1")
    assert spec.find("Lemma 40").label == "eq:dd"
    with pytest.raises(ValueError, match="Lemma 99"):
        spec.find("Lemma 99")


def test_an_erratum_points_into_a_proof_by_any_of_its_names_whole():
    """``walk.points_into``, the matcher the cross-check and the book's index use: an erratum
    "proof of …" points into the proof it names by our name, the PDF's or the .tex label,
    whole; a longer number ("Lemma 5.10", "Thm 3.41") or a label that is not "proof of …"
    does not (the alternatives: a substring match, or any label naming the proof)."""
    thm34, lemma51 = spec.find("Thm 3.4"), spec.find("Lemma 5.1")
    assert walk.points_into("proof of Thm 3.4, after eq:Sig_opt", thm34)
    assert walk.points_into("proof of Lemma 9, line 2", lemma51)  # the PDF's name
    assert walk.points_into(f"proof of {lemma51.label}", lemma51)  # the .tex label
    assert not walk.points_into("proof of Thm 3.41", thm34)
    assert not walk.points_into("proof of Lemma 5.10", lemma51)
    assert not walk.points_into("proof of Lemma 9.1", lemma51)
    assert not walk.points_into("eq:Sig_opt_1 (Thm 3.4)", thm34)
    assert not walk.points_into("proof of Thm 3.4", spec.find("Thm 3.2"))


@pytest.mark.parametrize(
    "field, value, match",
    [
        ("relation", '"≈"', "relation must be one of"),
        ("how", '"by eye"', "how must be one of"),
        ("how", '"not_checked"', "must give its reason"),
        ("uses", '["step 3"]', "uses 'step 3'"),
        ("colour", '"red"', "unknown field"),
        ("premise", '["step 1"]', "premise 'step 1'"),  # no earlier step 1 at step 1
        ("premise", '["eq:nu"]', "every entry of premise must be 'step N'"),
        ("note", '"two_log_note"', "note must be 'module:function'"),
    ],
)
def test_a_bad_step_spec_is_refused_naming_the_field(tmp_path, field, value, match):
    lines = {
        "index": "1",
        "latex": "'= x'",
        "relation": '"="',
        "how": '"identity"',
        "checker": '"lemma9:gram_identity"',
    }
    lines[field] = value
    if field == "how" and value == '"not_checked"':
        del lines["checker"]
    body = "\n".join(f"{k} = {v}" for k, v in lines.items())
    path = tmp_path / "bad.toml"
    path.write_text(
        '[proof]\nname = "X"\nprinted = "Y"\nlabel = "z"\nanchor = "a"\ncomplete = false\n'
        f'hypotheses = "h"\n\n[[step]]\n{body}\n'
    )
    with pytest.raises(ValueError, match=match):
        spec.load(path)


def test_every_latex_is_quoted_from_its_proof(tex):
    for proof in spec.proofs():
        body = " ".join(coverage.normalized(tex[lo:hi]) for lo, hi in proof.spans(tex))
        for step in proof.steps:
            assert coverage.normalized(step.latex) in body, (proof.name, step.index)


def test_a_complete_proof_has_one_step_per_relation_in_order(tex):
    for proof in spec.proofs():
        if not proof.complete:
            continue
        spans = proof.spans(tex)
        found = [
            r
            for d in coverage.displays(tex)
            if any(lo <= d.start < hi for lo, hi in spans)
            for r in coverage.relations(d)
        ]
        assert [coverage.normalized(r.fragment) for r in found] == [
            coverage.normalized(s.latex) for s in proof.steps
        ], proof.name
        assert [r.symbol for r in found] == [s.relation for s in proof.steps], proof.name


def test_a_statement_span_is_the_environment_around_its_fragment():
    tex = (
        "x \\begin{lemma}\\label{lem:a} $$a \\le b$$ \\end{lemma} y "
        "\\begin{proof} $$c = d$$ \\end{proof}"
    )
    proof = spec.Proof(
        "L", "Lemma 1", "lem:a", "\\label{lem:a}", True, "h", "f", (), "\\label{lem:a}"
    )
    (s_lo, s_hi), (p_lo, p_hi) = proof.spans(tex)
    assert tex[s_lo:s_hi].startswith("\\begin{lemma}") and tex[s_hi:].startswith("\\end{lemma}")
    assert tex[p_lo:p_hi].startswith("\\begin{proof}") and "c = d" in tex[p_lo:p_hi]
    without = spec.Proof("L", "Lemma 1", "lem:a", "\\label{lem:a}", True, "h", "f", ())
    assert without.spans(tex) == [(p_lo, p_hi)]
    lost = spec.Proof("L", "Lemma 1", "lem:a", "\\label{lem:a}", True, "h", "f", (), "nowhere")
    with pytest.raises(ValueError, match="statement of 'L' not found"):
        lost.spans(tex)


def test_the_scanner_counts_relations_at_depth_zero_only():
    display = coverage.Display(
        "E", 0, 1, r"a &= \sum_{i=1}^n x_i \stackrel{\eqref{eq:x}}{\le} \frac{b}{c<d} \\ \preceq e"
    )
    found = coverage.relations(display)
    assert [r.symbol for r in found] == ["=", "<=", "preceq"]
    assert coverage.normalized(found[1].fragment) == r"\stackrel{\eqref{eq:x}}{\le} \frac{b}{c<d}"


def test_coverage_per_appendix(tex, walked):
    spans = {p.name: p.spans(tex) for p in spec.proofs()}
    statuses = coverage.statuses(
        (r.latex, r.status, (spans[name][0][0], r.index))
        for name, results in walked.items()
        for r in results
    )
    table = coverage.coverage(tex, statuses, [s for ss in spans.values() for s in ss])
    assert {k: v["relations"] for k, v in table.items()} == {"C": 93, "D": 75, "E": 162, "F": 7}
    assert table["F"]["walked"] == 7 and table["F"].get("holds") == 7
    # each appendix's walked relations are the steps of the proofs whose spans lie in it
    bounds = coverage.appendices(tex)
    for letter, (lo, hi) in bounds.items():
        inside = [p for p in spec.proofs() if lo <= spans[p.name][0][0] < hi]
        assert table[letter]["walked"] == sum(len(p.steps) for p in inside), letter
        # and each status as often as the steps of those proofs have it (a cold reader found
        # appendix C's 24 identities and 48 holds against its proofs' 23 and 49: the same
        # fragment, Lemma C.1's "= H.", at two steps, took one status for both)
        for status in ("identity", "holds", "fails", "not checked"):
            steps = [r for p in inside for r in walked[p.name] if r.status == status]
            assert table[letter].get(status, 0) == len(steps), (letter, status)
    assert sum(v["walked"] for v in table.values()) == sum(len(p.steps) for p in spec.proofs())
    # the published counts are the relation lines' (``coverage.relations``): an event inside
    # P(·) or a quantifier's range is text of its line, no relation of its own (stop 57)
    proofs = {name: [r.to_json() for r in rs] for name, rs in walked.items()}
    table = published.coverage_of(proofs, tex)
    assert table["E"]["relations"] == table["E"]["walked"] == 162
    assert table == published.load()["coverage"]


def _chain(tmp_path, premised: bool) -> spec.Proof:
    """A proof whose step 1 fails (Lemma 38's Basel sum from t = 1, sympy), step 2 uses it but
    is an identity on its own, step 3 takes step 1 as its premise, step 4 takes step 3, and
    step 5 uses step 2 (``premised=False``: the premises left out, a mutant walk)."""
    rows = [
        ("lemma_y:basel", [], []),
        ("lemma9:gram_identity", ["step 1"], []),
        ("lemma9:contraction_identity", ["step 1"], ["step 1"]),
        ("lemma9:gram_identity", ["step 3"], ["step 3"]),
        ("lemma9:contraction_identity", ["step 2"], []),
    ]
    steps = []
    for index, (checker, uses, premise) in enumerate(rows, 1):
        steps.append(
            f'[[step]]\nindex = {index}\nlatex = "= x"\nrelation = "="\nhow = "identity"\n'
            f'checker = "{checker}"\nuses = {uses!r}\n'.replace("'", '"')
            + (f"premise = {premise!r}\n".replace("'", '"') if premised and premise else "")
        )
    path = tmp_path / "chain.toml"
    path.write_text(
        '[proof]\nname = "Chain"\nprinted = "Chain"\nlabel = "c"\nanchor = "a"\n'
        'complete = false\nhypotheses = "h"\n\n' + "\n".join(steps)
    )
    return spec.load(path)


def _assert_the_chain(results):
    assert [r.status for r in results] == ["fails", "identity", "follows", "follows", "identity"]
    assert [r.after for r in results] == [None, 1, 1, 1, 1]
    assert "the proof reaches it through step 1, which fails" in results[1].evidence
    assert "only given step 1, its premise, which fails" in results[2].evidence
    assert "only given step 3, its premise, which holds only given step 1" in results[3].evidence
    assert "the proof reaches it through step 1" in results[4].evidence  # via step 2


def test_a_line_follows_only_from_a_false_premise_and_otherwise_keeps_its_status(tmp_path):
    """A step that uses a false step but whose check is independent of it keeps its own status
    (``after`` names the false step); one whose check takes the false step's conclusion as its
    premise follows; the walk without the premises (a mutant) is caught."""
    _assert_the_chain(walk.walk(_chain(tmp_path, premised=True), draws=5))
    mutant = walk.walk(_chain(tmp_path, premised=False), draws=5)
    assert [r.status for r in mutant][2:4] == ["identity", "identity"]
    with pytest.raises(AssertionError):
        _assert_the_chain(mutant)
    # the JSON keeps the issue's fields and the chain's ``after``
    out = mutant[1].to_json()
    assert {"proof", "index", "latex", "relation", "status", "reason", "after"} <= set(out)
    assert out["after"] == 1


def test_a_premise_must_be_a_step_it_uses(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(
        '[proof]\nname = "X"\nprinted = "Y"\nlabel = "z"\nanchor = "a"\ncomplete = false\n'
        'hypotheses = "h"\n\n[[step]]\nindex = 1\nlatex = "= x"\nrelation = "="\n'
        'how = "identity"\nchecker = "lemma9:gram_identity"\n\n[[step]]\nindex = 2\n'
        'latex = "= y"\nrelation = "="\nhow = "identity"\nchecker = "lemma9:gram_identity"\n'
        'premise = ["step 1"]\n'
    )
    with pytest.raises(ValueError, match="premise 'step 1' must be among the steps it uses"):
        spec.load(path)


def test_the_2ab_step_of_lemma_9_holds(walked):
    result = walked["Lemma 5.1"][3]
    assert (result.index, result.status) == (4, "holds")
    assert result.worst_margin is not None and result.worst_margin >= -check.TOLERANCE


def test_replacing_eta_in_lemma_9_fails_at_the_issues_instance():
    c1, c2, _ = common.constants(8, 8, 2 / math.e)
    assert c1 == pytest.approx(50.0) and c2 > 0
    lhs, rhs = lemma9.replace_step_sides(tau=0.5, zeta=6.0, L=3.0, c1=c1, a=1.0, n=0.0, m=0.0)
    # by hand: η/b = τ/(4Lc₁), so −(η/2b) + Lη²c₁/(τb²) = −τ/(16Lc₁); printed −1/(16Lζ)
    assert lhs == pytest.approx(-0.5 / (16 * 3 * 50)) == pytest.approx(-2.083e-4, rel=1e-3)
    assert rhs == pytest.approx(-1 / (16 * 3 * 6)) == pytest.approx(-3.472e-3, rel=1e-3)
    assert lhs > rhs


def test_lemma_9_walks_to_its_first_false_lines(walked):
    results = walked["Lemma 5.1"]
    assert results[8].status == "fails" and results[8].counterexample is not None
    ce = results[8].counterexample
    assert ce["lhs"] > ce["rhs"]
    assert status(walked, "Lemma 5.1", 10) == "fails"
    # the last three lines hold on their own (no premise): the proof reaches them through the
    # false steps 9 and 10, and each names the first, step 9
    for index, own in ((11, "holds"), (12, "holds"), (13, "identity")):
        assert status(walked, "Lemma 5.1", index) == own
        assert results[index - 1].after == 9
        assert "the proof reaches it through step 9, which fails" in results[index - 1].evidence
    assert results[8].after is None and results[9].after == 9
    assert status(walked, "Lemma 5.1", 6) == "fails"  # Ũ U Σ Uᵀ Ũᵀ: a typo
    assert status(walked, "Lemma 5.1", 3) == "fails"  # Ũ Ũ ∇f, the same defect: a typo
    assert status(walked, "Lemma 5.1", 7) == "holds"  # read with UᵀΣU, not through step 6
    # the update rule restated, against the library's Algorithm 1
    assert status(walked, "Lemma 5.1", 1) == "identity"


def _step10_at_the_walks_instances():
    """Lemma 5.1's step 10 at the walk's own 1000 random instances (its seed, its model's
    draws: a = ‖Ũᵀ∇f‖² ∈ [c₂s, c₁s], eq:nu's n = ‖ν‖² and m = ‖Ũν‖²), its left side, step 9's
    right side, as printed or as corrected: the left of ``lemma9.replace_step_sides``, step 4's
    right side with η₁,k = bτ/(4Lc₁) substituted (the erratum's −τ/(16Lc₁), τ/(8Lc₁),
    τ²/(16Lc₁²)). Its right side is −c₂τ/(16c₁L)·s plus Δ_α,1 from the library's bounds
    (``bounds.delta_alpha_1`` as printed; ``bounds.delta_alpha_1_corrected``, which carries the
    γ² of eq:nu as its erratum corrects it: there n and m are the instance's times γ).

    Returns per instance τζ and the margins (rhs − lhs)/(|lhs| + |rhs|) of: printed step 9
    with printed Δ_α,1 (the line as walked); corrected step 9 with printed Δ_α,1; corrected
    step 9 with corrected Δ_α,1; the same at the worst instance for the noise terms (∇f = 0,
    n and m at eq:nu's bounds); and there with Δ_α,1 halved (the control)."""
    from mines_theory.theory.bounds.corrected import delta_alpha_1_corrected
    from mines_theory.theory.bounds.section5 import delta_alpha_1

    step = spec.find("Lemma 5.1").steps[9]
    assert step.index == 10 and step.checker == "lemma9:gradient_lower_bound"
    rng = np.random.default_rng(check.seed_of(step))

    def margin(lhs, rhs):
        return (rhs - lhs) / (abs(lhs) + abs(rhs))

    rows = []
    for _ in range(1000):
        draw = lemma9.gradient_lower_bound(rng)
        v = draw.describe(draw.x0)
        d, b, tau, zeta, L, g = (v[k] for k in ("d", "b", "tau", "zeta", "L", "gamma"))
        c1, c2, c3, s, alpha = v["c1"], v["c2"], v["c3"], v["s"], v["alpha"]
        kw = dict(d=d, b=b, delta=math.exp(-(c3 - 2 * d) / 3), L=L, tau=tau, alpha=alpha)
        sides = dict(tau=tau, zeta=zeta, L=L, c1=c1)
        corrected9, printed9 = lemma9.replace_step_sides(**sides, a=v["a"], n=v["n"], m=v["m"])
        corrected9_sq, _ = lemma9.replace_step_sides(**sides, a=v["a"], n=g * v["n"], m=g * v["m"])
        grad = -c2 * tau / (16 * c1 * L) * s
        noise = delta_alpha_1_corrected(gamma=g, **kw)
        printed = grad + delta_alpha_1(gamma=g, zeta=zeta, **kw)
        corrected = grad + noise
        # the noise alone (∇f = 0, so a = s = 0), at eq:nu's bounds (with γ²): the worst case
        n_max = g**2 * b * alpha**4 * c3**3 / (36 * tau**3)
        m_max = min(g**2 * b * alpha**4 * c3**4 / (36 * tau**4), c1 / tau * n_max)
        worst, _ = lemma9.replace_step_sides(**sides, a=0.0, n=n_max, m=m_max)
        rows.append(
            (
                tau * zeta,
                margin(printed9, printed),
                margin(corrected9, printed),
                margin(corrected9_sq, corrected),
                margin(worst, noise),
                margin(worst, noise / 2),
            )
        )
    return np.array(rows)


def test_lemma_9_step_10_fails_only_through_what_the_erratum_corrects():
    """Step 10 of Lemma 5.1 fails as printed and names step 9's erratum ("proof of Lemma 5.1,
    substituting η₁,k; Δ_α,1"), since it fails only through what that erratum corrects: with
    the erratum's corrected step 9 and its corrected Δ_α,1 (the one step 10 prints) the line
    holds at every instance of the walk and at the worst for its noise terms; with step 9
    corrected but Δ_α,1 as printed it still fails, and only where τζ > 1 (the printed Δ_α,1's
    powers of τ and ζ are the wrong ones); the control, the corrected Δ_α,1 halved, fails at
    every worst instance: the comparison can fail."""
    rows = _step10_at_the_walks_instances()
    tau_zeta, printed, step9_only, corrected, worst, halved = rows.T
    tol = -check.TOLERANCE
    assert (printed < tol).sum() > 100  # the line as the walk checks it: fails
    assert (step9_only < tol).sum() > 5  # step 9 corrected, Δ_α,1 as printed: fails …
    assert (tau_zeta[step9_only < tol] > 1).all()  # … only where τζ > 1
    assert (corrected >= tol).all()  # the erratum's corrections: holds at every instance
    # … and at the worst instance for the noise: there the ‖ν‖² term alone is 2/3 of the
    # corrected Δ_α,1 (with ‖Ũν‖² ≤ (c₁/τ)‖ν‖² the other third), so halved it fails everywhere
    assert (worst >= tol).all() and (halved < tol).all()
    steps = spec.find("Lemma 5.1").steps
    assert steps[9].erratum == steps[8].erratum == "proof of Lemma 5.1, substituting η₁,k; Δ_α,1"


def test_lemma_e1_fails_where_its_erratum_says(walked):
    # the statement: its conclusion holds inside its condition (a hypothesis, not checked)
    assert [status(walked, "Lemma E.1", i) for i in (1, 2)] == ["holds", "not checked"]
    assert [status(walked, "Lemma E.1", i) for i in (3, 4, 8, 9, 10, 19, 23, 24)] == [
        "identity",
        "identity",
        "fails",  # Δ₁ as printed is not ∇f(μ_k) − H(μ_k − μ*)
        "fails",  # the cross term's sign
        "holds",  # ξ_kΣ_k⁻¹ ⪯ H on its own, reached through steps 8 and 9
        "holds",  # with its true left side
        "holds",
        "identity",
    ]
    ce = walked["Lemma E.1"][8].counterexample
    assert ce is not None and ce["lhs"] > ce["rhs"]


def test_lemma_10_fails_at_its_two_errata_and_the_rest_holds_on_its_own(walked):
    statuses = [r.status for r in walked["Lemma 5.2"]]
    assert [i + 1 for i, s in enumerate(statuses) if s == "fails"] == [5, 6]
    assert statuses[12:] == ["holds"] * 3 + ["identity"]
    assert [r.after for r in walked["Lemma 5.2"][12:]] == [5] * 4  # step 6 uses step 5
    assert statuses[10] == "holds"  # ‖Σ^{1/2}∇f‖ ≤ √(2Lτ⁻¹(f − f*)): needs log cosh accurate


def test_eq_sig_dec_drops_a_factor_2_and_eq_sig_2_bnd_follows_its_citations(walked):
    statuses = [r.status for r in walked["Lemma E.2"]]
    # the statement's eq:Sig_dec (the factor 2) and eq:Sig_2_bnd (O(1/b)) fail as the lemma does
    assert [i + 1 for i, s in enumerate(statuses) if s == "fails"] == [1, 2, 9, 10]
    assert statuses[7] == "holds"  # the recursion unwound
    assert statuses[14] == "holds"  # given eq:G_norm_1, eq:G_norm_2 as cited


def test_the_eq_dd_equality_is_off_by_k_minus_1_delta(walked):
    assert status(walked, "Lemma E.10", 1) == "holds"  # the statement, given Lemmas 9 and 10
    result = walked["Lemma E.10"][10]
    assert (result.index, result.status) == (11, "fails")
    assert "(k - 1)" in result.evidence and "harmless" in result.reason
    assert status(walked, "Lemma E.10", 12) == "holds"
    # independently of sympy: the sum, term by term, minus the printed line, is (k − 1)Δ
    for k, rho, F, D in [(2, 0.3, 1.0, 2.0), (7, 0.05, 3.0, 0.5), (20, 0.9, 0.0, 1.0)]:
        q = 1 - rho
        printed = q / rho * ((1 - q ** (k - 1)) * F + ((k - 1) - (1 - q ** (k - 1)) / rho) * D)
        assert eq_dd.exact_sum(k=k, rho=rho, F=F, D=D) - printed == pytest.approx((k - 1) * D)


@pytest.mark.parametrize("step", CHECKED)
def test_each_checker_flags_its_perturbed_step(step):
    kind = "scaled" if step.relation == "=" else "reversed"
    outcome = check.run(step, draws=40, starts=1, perturb=kind, max_evaluations=150)
    if outcome.status != "fails":
        # a false line can be made true by its perturbation (Lemma C.1's ½Σ⁻¹ doubled; Theorem
        # 3.3's wrong-signed last line reversed): its checker shows it can fail on the line itself
        assert check.run(step, draws=40, starts=1, max_evaluations=150).status == "fails"
        return
    assert outcome.status == "fails", (step.proof, step.index, kind, outcome.evidence)


def test_the_margin_decides_each_relation_both_ways():
    eye = np.eye(2)
    assert check.margin(1.0, 2.0, 1.0, "<=") > 0 > check.margin(2.0, 1.0, 1.0, "<=")
    assert check.margin(2.0, 1.0, 1.0, ">=") > 0 > check.margin(1.0, 2.0, 1.0, ">=")
    assert check.margin(eye, 2 * eye, 1.0, "preceq") > 0 > check.margin(2 * eye, eye, 1.0, "preceq")
    assert check.margin(eye, eye, 1.0, "=") == 0 > check.margin(eye, 2 * eye, 1.0, "=")
    with pytest.raises(ValueError, match="relation"):
        check.margin(1.0, 1.0, 1.0, "≈")


def test_the_monte_carlo_verdict_flips_beyond_4_standard_errors():
    # Z ~ N(μ, 1), 20,000 draws: SE ≈ 0.0071, so 4 SE ≈ 0.028
    z = np.random.default_rng(np.random.SeedSequence(42)).standard_normal(20_000)
    for mu, relation, expected in [
        (0.0, "<=", "holds"),
        (0.1, "<=", "fails"),  # 14 SE above: the alternative E[Z] > rhs
        (-0.1, "<=", "holds"),
        (-0.1, ">=", "fails"),
        (0.1, "=", "fails"),
        (0.0, "=", "holds"),
    ]:
        verdict, estimate, se = check.monte_carlo(z + mu, 0.0, relation)
        assert verdict == expected, (mu, relation)
        assert se == pytest.approx(1 / math.sqrt(20_000), rel=0.05)
    assert check.monte_carlo(z + 0.02, 0.0, "<=")[0] == "holds"  # within 4 SE
    # equality draw by draw: SE 0, the rounding decides
    assert check.monte_carlo(np.full(10, 3e-15), 0.0, "<=")[0] == "fails"
    assert check.monte_carlo(np.full(10, 3e-15), 0.0, "<=", rounding=1e-12)[0] == "holds"
    with pytest.raises(ValueError, match="values"):
        check.monte_carlo(np.zeros(1), 0.0, "<=")


def test_lemma_37s_hoeffding_steps_run_by_monte_carlo(walked):
    for index in (2, 8):  # the statement's deviation, the proof's Hoeffding line
        result = walked["Lemma E.7"][index - 1]
        assert result.status == "holds", result.evidence
        assert "20000 Monte Carlo draws" in result.evidence
    # the centring E⟨X_{t,i}, W⟩ against brute Monte Carlo (its SE)
    rng = np.random.default_rng(np.random.SeedSequence(7))
    Lam, W = np.diag([0.5, 1.5]), np.array([[1.0, 0.3], [0.3, -2.0]])
    u = rng.standard_normal((400_000, 2))
    sq = (u * u).sum(1)
    v = (
        np.einsum("ni,ij,nj->n", u, Lam, u)
        * (np.einsum("ni,ij,nj->n", u, W, u) - np.trace(W))
        * (sq <= 3.0)
    )
    exact = lemma_x.truncated_mean(Lam, W, 3.0)
    assert abs(v.mean() - exact) < 4 * v.std() / math.sqrt(v.size)
    assert lemma_x.truncated_mean(Lam, W, 1e6) == pytest.approx(2 * np.sum(Lam * W))


def test_lemmas_24_to_26_walk_to_their_errata(walked):
    d1 = [r.status for r in walked["Lemma D.1"]]
    # the statement: eq:tgm (two identities), ν's definition, eq:sigma_1 (fails as printed)
    assert d1[:5] == ["identity", "identity", "not checked", "not checked", "fails"]
    ce = walked["Lemma D.1"][4].counterexample
    assert ce is not None and ce["lhs"] > ce["rhs"] and ce["zeta"] > ce["tau"]
    assert d1[5:9] == ["identity"] * 4  # eq:g_mu against the library's estimator, then algebra
    assert d1[9] == "fails"  # |ν_i| = (a(α) − a(−α))/(2α): the |·| dropped (a new finding)
    assert walked["Lemma D.1"][9].counterexample["nu_1"] < 0
    assert d1[10:] == ["holds", "holds", "fails", "holds"]  # ‖Σ‖ ≤ 1/τ needs Σ ∈ S
    ce = walked["Lemma D.1"][12].counterexample
    assert ce is not None and ce["lhs"] > ce["rhs"] and ce["zeta"] > ce["tau"]
    d2 = [r.status for r in walked["Lemma D.2"]]
    # the statement's two bounds fail as the lemma does, then the proof's steps
    assert [i + 1 for i, s in enumerate(d2) if s == "fails"] == [1, 2, 4, 8, 9]
    for index in (1, 4):  # γ, not γ²
        assert walked["Lemma D.2"][index - 1].counterexample["gamma"] > 1
    assert d2[10] == "holds" and "Monte Carlo" in walked["Lemma D.2"][10].evidence
    assert [r.status for r in walked["Lemma D.3"]] == ["holds", "identity", "holds"]
    # the erratum's instance, by hand: u₂ = −u₁, ν = (1, −1) gives νᵀUᵀUν = 4‖u₁‖² > 0 = ‖U1‖²
    U = np.array([[1.0, -1.0], [2.0, -2.0]])
    nu = np.array([1.0, -1.0])
    assert nu @ U.T @ U @ nu == pytest.approx(20.0) and np.linalg.norm(U.sum(axis=1)) == 0


def test_lemmas_27_and_28_fail_at_the_max_nu_step_and_their_typos(walked):
    d4 = [r.status for r in walked["Lemma D.4"]]
    # the statement's first line holds, its second fails (the ν term) as the lemma does
    assert d4[0] == "holds" and [i + 1 for i, s in enumerate(d4) if s == "fails"] == [2, 6, 12]
    assert d4[12:] == ["holds", "holds"]
    assert d4[8] == "holds" and "Monte Carlo" in walked["Lemma D.4"][8].evidence  # eq:smax
    d5 = [r.status for r in walked["Lemma D.5"]]
    assert [i + 1 for i, s in enumerate(d5) if s == "fails"] == [1, 3, 5, 7, 9]
    for index in (1, 5, 9):  # ‖Σ‖ ≤ 1/τ under Σ⁻¹ ⪯ τ⁻¹I: the counterexample's Σ is large
        ce = walked["Lemma D.5"][index - 1].counterexample
        assert ce is not None and ce["lhs"] > ce["rhs"]
    # step 6's typo by hand: Σ = diag(1, 4), H = diag(1, 1/4) ⪯ Σ⁻¹, x = (1, 1): the true
    # xᵀΣ^{1/2}HΣ^{1/2}x = 2, the printed xᵀΣ^{-1/2}HΣ^{1/2}x = 1 + 1/4
    root, inv_root, H, x = (
        np.diag([1.0, 2.0]),
        np.diag([1.0, 0.5]),
        np.diag([1.0, 0.25]),
        np.ones(2),
    )
    assert x @ root @ H @ root @ x == pytest.approx(2.0)
    assert x @ inv_root @ H @ root @ x == pytest.approx(1.25)


def test_lemma_30_fails_where_its_erratum_says(walked):
    assert [r.status for r in walked["Lemma D.7"]] == [
        "fails",  # the statement's eq:G_norm_1, as the lemma: no O(1/b) bound
        "fails",  # the statement's eq:G_norm_2
        "identity",  # eq:TG restated: the library's estimator of eq:TG
        "fails",  # ‖(1/b)Σ Y_i‖² ≤ (1/b²)Σ‖Y_i‖²
        "holds",  # on its own, reached through step 4
        "holds",
        "identity",
        "fails",  # eq:G_norm_2: no O(1/b) bound
    ]
    for index in (1, 2, 8):
        ce = walked["Lemma D.7"][index - 1].counterexample
        assert ce is not None and ce["b"] > 8 and ce["lhs"] > ce["rhs"]
    # by hand, the erratum's family: f = (a/2)x², d = 1, S' = [τ, τ] (Σ⁻¹ = H* = τ), all u_i² = c:
    # (1/(2bα²))Σ_i X_i = a·c(c − 1)/2, against the printed bound at b = 16
    a, tau, c, b = 2.0, 0.5, 2 + 3 * math.log(1e3), 16
    lhs = (a * c * (c - 1) / 2 - tau) ** 2
    bound = 2 * a**2 * c**2 * (tau * c + tau) ** 2 / (b * tau**2) + tau**2 / (2 * b)
    assert lhs > bound


def test_lemma_29_fails_at_its_taylor_expansions_and_its_2_log(walked):
    d6 = [r.status for r in walked["Lemma D.6"]]
    assert d6[1] == "holds"  # the statement's eq:GG, with its 3 log(1/δ)
    assert [i + 1 for i, s in enumerate(d6) if s == "fails" and i > 1] == [
        3,
        4,
        5,
        8,
        9,
        13,
        14,
        15,
        16,
    ]
    assert d6[5:7] == ["holds", "holds"] and d6[9:12] == ["holds", "holds", "identity"]
    for index in (8, 13, 16):  # ‖u‖² above 2d + 2 log(1/δ), within eq:u_norm's 2d + 3 log(1/δ)
        ce = walked["Lemma D.6"][index - 1].counterexample
        assert ce is not None and ce["r_u"] < ce["norm_u_sq"] <= ce["c3"] * (1 + 1e-12)
    # the /(2α²) bracket of step 14 fails where the second difference is near 2α²q_i, and the
    # statement's eq:G_norm (its 2 log) near the boundary of eq:u_norm's event: the adversarial
    # search finds them at the walk's defaults (random draws alone may not)
    assert walked["Lemma D.6"][13].status == "fails"
    outcome = walked["Lemma D.6"][0]
    assert outcome.status == "fails" and outcome.counterexample is not None
    ce = outcome.counterexample
    assert ce["lhs"] > ce["rhs"] and ce["r_u"] < ce["norm_u_sq"] <= ce["c3"] * (1 + 1e-12)
    # the Taylor remainder by hand (sympy), f = x⁴/12 at μ = 0: f(α) − f(0) − αf'(0) = α⁴/12 is
    # α²∫₀¹(1 − t)f''(tα) dt, while the printed α²∫₀¹f''(tα) dt is α⁴/3
    import sympy

    t, a = sympy.symbols("t alpha", positive=True)
    f2 = (t * a) ** 2  # f''(tα)
    assert sympy.simplify(a**2 * sympy.integrate((1 - t) * f2, (t, 0, 1)) - a**4 / 12) == 0
    assert sympy.simplify(a**2 * sympy.integrate(f2, (t, 0, 1)) - a**4 / 3) == 0


def test_theorem_2s_proof_holds_line_by_line(walked):
    # every line holds: eq:taylor at any μ, z; the Gaussian integrals by Monte Carlo
    assert [r.status for r in walked["Thm 3.2"]] == ["holds", "identity"] + ["holds"] * 6
    moments = walked["Thm 3.2"][3]
    assert "Monte Carlo" in moments.evidence and moments.instances == check.EXPECTATION_INSTANCES


def test_theorem_2s_change_of_variables_rules_out_a_wrong_jacobian():
    """The printed u-integral with Σ^{1/2} is J(θ) over N(μ, α²Σ); with Σ (the sentence before
    the display) or without (2π)^{-d/2} it is not."""
    from mines_theory.verification.proofs.models import prop_close

    A, c, beta = np.array([[2.0, 0.5], [0.5, 1.0]]), np.array([0.3, -0.2]), 1.5
    W, mu, alpha = np.array([[1.0, -0.5], [0.2, 2.0]]), np.array([0.1, 0.4]), 0.7
    sigma = np.array([[3.0, 1.0], [1.0, 0.5]])
    w, P = np.linalg.eigh(sigma)
    root = (P * np.sqrt(w)) @ P.T
    exact = prop_close.j_closed_form(A, c, beta, W, mu, alpha**2 * sigma)
    assert prop_close.j_printed(A, c, beta, W, mu, alpha, root) == pytest.approx(exact, rel=1e-13)
    wrong = prop_close.j_printed(A, c, beta, W, mu, alpha, sigma)
    assert abs(wrong - exact) > 0.1 * abs(exact)
    # by hand, d = 1, f = z²/2 (A = 1, β = 0): J = (μ² + α²Σ)/2
    one = prop_close.j_printed(
        np.eye(1), np.zeros(1), 0.0, np.zeros((1, 1)), np.ones(1), 0.5, np.array([[2.0]])
    )
    assert one == pytest.approx((1 + 0.25 * 4) / 2, rel=1e-13)


def test_lemma_23s_statement_holds_and_its_proof_has_its_half_sigma_typo(walked):
    results = walked["Lemma C.1"]
    assert [r.status for r in results] == ["holds", "identity", "fails", "holds", "identity"]
    # the statement and the proof's E[½qD] = H, by Monte Carlo; the reduction of G̃ is off by
    # ½Σ⁻¹ at every draw
    assert "Monte Carlo" in results[0].evidence and "Monte Carlo" in results[3].evidence


def test_theorem_4s_proof_fails_at_its_errata_and_the_rest_holds_on_its_own(walked):
    statuses = [r.status for r in walked["Thm 3.4"]]
    assert [i + 1 for i, s in enumerate(statuses) if s == "fails"] == [4, 21, 24, 27, 33, 41]
    # the lines after the false ones hold on their own at the model's minimizers
    reached = [r.index for r in walked["Thm 3.4"] if r.after is not None and r.status != "fails"]
    assert "follows" not in statuses and {25, 34, 35, 36, 38, 42, 43} <= set(reached)
    assert statuses[11:16] == ["identity"] * 3 + ["holds"] * 2  # the KKT system
    assert statuses[27:32] == ["holds"] * 5  # eq:tmp2 from its second line, eq:tmp1
    # the last chain's Frobenius norms: each inverse up to √d/σ, so the product beats γ/σ²
    ce = walked["Thm 3.4"][40].counterexample
    assert ce is not None and ce["d"] >= 2 and ce["lhs"] > ce["rhs"]
    # eq:Sig_opt_1's μ*: the counterexample has μ̂* ≠ μ*
    assert walked["Thm 3.4"][20].counterexample["mu_gap"] > 0


def test_theorem_4s_model_minimizer_is_stationary_for_q_alpha_from_f_alone():
    """The model's (μ̂*, Σ̂*) and Σ_* against Q_α(μ, s) = E f(μ + α√s g) − (α²/2) log s computed
    from f's values alone (Gauss–Hermite, 80 nodes; not the model's sech²/tanh integrals), d = 1,
    both Σ's inside S: the partial derivatives (central differences) vanish there, while at μ*
    the μ-derivative does not (the shift makes μ̂* ≠ μ*)."""
    f = prop_sigma.Shifted(np.array([[1.0]]), np.array([[1.5]]), np.array([0.7]), 2.0, np.zeros(1))
    alpha, tau, zeta = 0.3, 0.2, 5.0
    mu_hat, S_hat, S_star = prop_sigma.minimizers(f, alpha, tau, zeta)
    g, w = np.polynomial.hermite_e.hermegauss(80)
    w = w / w.sum()

    def q(mu, s):
        smoothed = float(w @ f.values((mu + alpha * np.sqrt(s) * g)[:, None]))
        return smoothed - alpha**2 / 2 * np.log(s)

    def partials(mu, s, h=1e-5):
        return (q(mu + h, s) - q(mu - h, s)) / (2 * h), (q(mu, s + h) - q(mu, s - h)) / (2 * h)

    m, s_hat, s_star = float(mu_hat[0]), float(S_hat[0, 0]), float(S_star[0, 0])
    assert 1 / zeta < s_star < 1 / tau and 1 / zeta < s_hat < 1 / tau
    assert max(abs(v) for v in partials(m, s_hat)) < 1e-8
    assert abs(partials(0.0, s_star)[1]) < 1e-8  # Σ_* at μ*
    assert abs(partials(0.0, s_star)[0]) > 1e-4 and abs(m) > 1e-4


def test_theorem_4s_rho_tilde_is_its_remainder_to_rounding_at_any_scale():
    """ρ̃(h) = f(μ + h) − f(μ) − ∇f(μ)ᵀh − ½hᵀ∇²f(μ)h as the walk sums it (Taylor series of log
    cosh from order 3 where |wᵢᵀh| < 0.1) against the same differences at 60 digits (mpmath),
    from ‖h‖ ≈ 10⁻⁶, where f's values in double precision cancel to rounding, to ‖h‖ ≈ 1: to
    10⁻¹⁰ of its size."""
    mpmath = pytest.importorskip("mpmath")
    mpmath.mp.dps = 60
    rng = np.random.default_rng(3)
    f = prop_sigma.Shifted(np.diag([1.0, 2.0]), rng.standard_normal((3, 2)), rng.standard_normal(3),
                           0.7, rng.standard_normal(2))  # fmt: skip
    mu = f.mu_star + 0.3 * rng.standard_normal(2)
    s0 = [mpmath.mpf(float(v)) for v in f.W @ (mu - f.mu_star) - f.c]
    for scale in (1e-6, 1e-3, 0.05, 1.0):
        h = scale * rng.standard_normal((4, 2))
        ours = prop_sigma.rho_tilde(f, mu, h)
        for row, value in zip(h, ours):
            exact = 0
            for s, t in zip(s0, (mpmath.mpf(float(v)) for v in f.W @ row)):
                T = mpmath.tanh(s)
                cosh = mpmath.log(mpmath.cosh(s + t)) - mpmath.log(mpmath.cosh(s))
                exact += cosh - T * t - (1 - T**2) * t**2 / 2
            assert abs(value - float(f.beta * exact)) <= 1e-10 * abs(float(f.beta * exact))


def test_theorem_4s_step_27_sides_are_alpha_squared_apart_at_its_counterexample():
    """(C.12)'s first line drops α⁻² (Φ = ½E[…]): at the published counterexample, whatever its
    α, the left side (Price's identity) is α⁻² times the right (quadrature of ρ̃): the printed
    sides are not rounding (reader 58 found them 1.8×10¹⁰ apart where α⁻² = 4.2×10¹⁰)."""
    (step,) = [s for s in published.load()["proofs"]["Thm 3.4"] if s["index"] == 27]
    c = step["counterexample"]
    assert step["status"] == "fails"
    assert c["lhs"] / c["rhs"] * c["alpha"] ** 2 == pytest.approx(1, rel=1e-6)


def test_theorem_1s_kkt_construction_checks_out(walked):
    statuses = [r.status for r in walked["Thm 3.1"]]
    assert statuses[3:9] == ["identity"] * 4 + ["holds"] * 2  # ∂L/∂Σ and the KKT system
    assert statuses[13:] == ["identity"] * 3
    assert statuses.count("not checked") == 5  # the Lagrangian and the construction: definitions
    assert "fails" not in statuses


def test_theorem_3s_proof_fails_at_eq_r_and_its_last_line(walked):
    statuses = [r.status for r in walked["Thm 3.3"]]
    assert [i + 1 for i, s in enumerate(statuses) if s == "fails"] == [16, 18, 20]
    assert statuses[:4] == ["holds"] * 4  # Theorem 2 at (any) θ
    assert statuses[10:14] == ["holds"] * 4  # φ's bounds, Monte Carlo
    ce = walked["Thm 3.3"][17].counterexample  # eq:R: the log-det gap beats τ⁻¹ − ζ⁻¹
    # the lines that need Q_α(θ̂*) ≤ Q_α(θ*), at Theorem 4's joint model's minimizers
    assert statuses[4] == "holds" and statuses[7] == "holds"
    assert ce is not None and ce["lhs"] > ce["rhs"]


def test_phi_against_closed_forms_and_monte_carlo():
    """φ(Σ) = (γ/6)E‖Σ^{1/2}u‖³ (Theorem 3's step 5): at Σ = cI it is (γ/6)c^{3/2}E[χ_d³]; at an
    anisotropic Σ, Monte Carlo within 5 SE; an indefinite Σ is refused."""
    from math import gamma as G

    from mines_theory.verification.proofs.models import prop_mu

    for d, c in [(1, 2.0), (2, 1.0), (3, 1e-3), (3, 50.0)]:
        exact = c**1.5 * 2**1.5 * G((d + 3) / 2) / G(d / 2)
        assert prop_mu.phi(c * np.eye(d), 6.0) == pytest.approx(exact, rel=1e-9)
    S = np.array([[2.0, 0.3, 0.0], [0.3, 0.05, 0.01], [0.0, 0.01, 0.5]])
    u = np.random.default_rng(np.random.SeedSequence(7)).standard_normal((400_000, 3))
    v = np.einsum("ni,ij,nj->n", u, S, u) ** 1.5 / 6
    assert abs(prop_mu.phi(S, 1.0) - v.mean()) < 5 * v.std() / math.sqrt(v.size)
    with pytest.raises(ValueError, match="positive definite"):
        prop_mu.phi(-np.eye(2), 1.0)


def test_the_union_bound_before_eq_y0_needs_t_0_not_the_errata_value():
    """Lemma E.8, step 4 and the erratum 'display before eq:Y0': with A_t meeting eq:chi_1
    with equality, P(∃ t ≥ 0, i: ‖u_{t,i}‖² ≥ A_t) exceeds (π²/6 − 1)δ, the sum from t = 1
    (the erratum's first reading, which kept the range and corrected the value), and stays
    below the printed π²δ/6, the sum from t = 0 (its reading now: the range is the typo)."""
    from scipy.stats import chi2

    d, b, delta = 1, 1, 0.01
    t = np.arange(200_001)
    p = chi2.sf(chi2.isf(delta / (b * (t + 1.0) ** 2), d), d)
    exceed = 1 - np.exp(b * np.sum(np.log1p(-p)))
    assert exceed == pytest.approx(0.01637, abs=5e-5)
    assert (math.pi**2 / 6 - 1) * delta < exceed <= math.pi**2 * delta / 6


def test_lemma_38_fails_with_its_radius_and_its_union_drops_t_0(walked):
    """Lemma E.8 (lem:Y): the first false line is eq:chi_1 (step 3, its A_t too small); the
    union bound sums from t = 1 while its event holds t = 0 (step 4, the erratum 'display before
    eq:Y0'); the Basel sum from t = 1 is (π²/6 − 1)δ (step 6); the statement (step 1) fails by
    more than 4 SE. Its steps are the proof's relation lines: eq:chi's ∀ β ≥ 1 and the events
    inside P(·) are text of their lines, no step of their own (32 steps)."""
    steps = walked["Lemma E.8"]
    assert len(steps) == 32
    first = next(s.index for s in steps[1:] if s.status == "fails")  # step 1 is the statement
    assert first == 3
    assert [status(walked, "Lemma E.8", i) for i in (4, 6, 16)] == ["fails"] * 3
    assert steps[3].counterexample["lhs"] > steps[3].counterexample["rhs"]
    assert steps[5].counterexample["lhs - rhs"] == pytest.approx(-0.5)  # −δ at δ = 1/2
    ce = steps[0].counterexample
    assert ce["estimate"] > 4 * ce["se"]  # P(exceedance) − δ
    assert [status(walked, "Lemma E.8", i) for i in (2, 8, 19, 20)] == [
        "holds",
        "identity",
        "identity",
        "identity",
    ]


def test_lemma_11s_proof_first_fails_at_eq_dec_sig(walked):
    """Lemma 5.3's proof: eq:dec_sig's first line drops eq:Sig_dec's factor 2, its second fails
    where γ > 1 (C₃ without γ), the base case where C < 4C₄; the induction step holds on its
    own (given the induction hypothesis, not step 2's conclusion), reached through step 1."""
    steps = walked["Lemma 5.3"]
    ce = steps[0].counterexample
    assert steps[0].status == "fails" and ce["lhs"] > ce["rhs"]
    assert steps[1].status == "fails" and steps[1].counterexample["gamma"] > 1
    assert [s.status for s in steps[2:]] == ["identity", "holds", "identity", "fails", "holds"]
    assert steps[6].after == 1


def test_errata_cross_check(walked):
    labels = []
    for path in sorted((ROOT / "mines_theory/verification/errata").glob("*.toml")):
        labels += list(tomllib.loads(path.read_text()))
    by_proof = {p: walked[p.name] for p in spec.proofs()}
    result = walk.errata_cross_check(by_proof, labels, published.proof_labels())
    assert result.matched == {
        "proof of Lemma 5.1, substituting η₁,k; Δ_α,1": (("Lemma 5.1", 9), ("Lemma 5.1", 10)),
        "proof of Lemma E.1 (lem:nab_f)": (("Lemma E.1", 8), ("Lemma E.1", 9)),
        "proof of Lemma 5.2, fourth line of the chain": (("Lemma 5.2", 5),),
        "proof of Lemma 5.2, the step after eq:tgm_3": (("Lemma 5.2", 6),),
        "eq:Sig_dec (Lemma E.2)": (("Lemma E.2", 1), ("Lemma E.2", 9), ("Lemma 5.3", 1)),
        "eq:Sig_2_bnd (Lemma E.2)": (("Lemma E.2", 2),),
        "eq:bG": (("Lemma E.2", 10),),
        "eq:alpha_err (Lemma E.4)": (("Lemma E.4", 1), ("Lemma E.4", 5)),
        "eq:C, C₃": (("Lemma 5.3", 2),),
        "proof of Lemma 5.3, base case k = 2; eq:C": (("Lemma 5.3", 6),),
        "eq:chi_1 (Lemma E.8); A_K of Lemma 5.3": tuple(
            ("Lemma E.8", i) for i in (1, 3, 5, 7, 21, 24, 27, 28, 29, 32)
        ),
        "display before eq:Y0 (Lemma E.8)": (("Lemma E.8", 4), ("Lemma E.8", 6)),
        "proof of lem:Y (Lemma E.8), E[Y_{t,i}]": (("Lemma E.8", 16),),
        "proof of eq:sto_err (Lemma E.9), the line citing eq:E": (("Lemma E.9", 2),),
        "proof of eq:sto_err (Lemma E.9)": (("Lemma E.9", 5),),
        "eq:sto_err, eq:dec_sig, induction hypothesis in the proof of Lemma 5.3": (
            ("Lemma E.9", 6),
        ),
        'proof of eq:dd (Lemma E.10), the "=" line': (("Lemma E.10", 11),),
        "Lemmas D.1, D.4, D.5, hypotheses": (
            ("Lemma D.1", 5),
            ("Lemma D.1", 13),
            ("Lemma D.5", 1),
            ("Lemma D.5", 5),
            ("Lemma D.5", 9),
        ),
        "eq:nu (Lemma D.2)": (("Lemma D.2", 1), ("Lemma D.2", 4), ("Lemma D.2", 9)),
        "eq:G_norm_1, eq:G_norm_2 (Lemma D.7)": (
            ("Lemma D.7", 1),
            ("Lemma D.7", 2),
            ("Lemma D.7", 4),
            ("Lemma D.7", 8),
        ),
        "proof of Lemma D.6, Taylor expansions": (
            ("Lemma D.6", 3),
            ("Lemma D.6", 4),
            ("Lemma D.6", 5),
            ("Lemma D.6", 9),
            ("Lemma D.6", 14),
            ("Lemma D.6", 15),
        ),
        "eq:G_norm, eq:GG (Lemma D.6)": (
            ("Lemma D.6", 1),
            ("Lemma D.6", 8),
            ("Lemma D.6", 13),
            ("Lemma D.6", 16),
        ),
        "proof of Lemma C.1": (("Lemma C.1", 3),),
        "eq:J_Sig_0, middle line (same in the proof of eq:Q_Sig)": (("Thm 3.4", 4),),
        "eq:Sig_opt_1": (("Thm 3.4", 21),),
        "eq:tmp, lines 3–4, and the display after eq:tmp1": (("Thm 3.4", 24), ("Thm 3.4", 33)),
        "eq:tmp2, first line": (("Thm 3.4", 27),),
        "proof of Thm 3.4, last chain, second line": (("Thm 3.4", 41),),
        "eq:R (proof of Thm 3.3)": (("Thm 3.3", 16), ("Thm 3.3", 18)),
        "proof of Thm 3.3, last line": (("Thm 3.3", 20),),
        "proofs of eq:nu, eq:hh, eq:tgm_3": (
            ("Lemma D.2", 2),
            ("Lemma D.2", 8),
            ("Lemma D.4", 2),
            ("Lemma D.4", 12),
            ("Lemma D.5", 3),
        ),
    }
    # the typo of "proof of Thm 3.2" stands in the prose (z = μ + αΣu), not in a displayed
    # relation: the displays use Σ^{1/2} and hold, so no step can name it; so does the sentence
    # "the optimization problem is strictly convex" after eq:Sig_opt (proof of Thm 3.4), and the
    # four each walk spec's [proof.unanswered] gives its reason for (stop 58)
    assert result.unmatched == (
        "Lemma 5.3 (statement and proof); Thm 5.4, item 2",
        "eq:alpha_err (Lemma E.4), the step citing eq:GG",
        "eq:sto_err (Lemma E.9), proof",
        "proof of Thm 3.4, after eq:Sig_opt",
        "eq:Sig_opt → eq:Sig_opt_1",
        "proof of Thm 3.2",
    )
    # an erratum named by a step that does not fail is reported with the reason
    # Lemma E.7's erratum is about Hoeffding's hypotheses, not the tail at fixed Σ_t, H_t
    assert result.dangling == (("Lemma E.7", 8, "proof of lem:X (Lemma E.7)", "the step holds"),)
    assert set(result.new_findings) == {
        ("Lemma 5.1", 3),  # Ũ_kŨ_k∇f, defined only when b = d
        ("Lemma 5.1", 6),
        ("Lemma D.1", 10),  # |ν_i| = ν_i
        ("Lemma D.4", 6),  # Σ^{-1/2}HΣ^{1/2}
        ("Lemma D.5", 7),  # ‖UᵀΣ^{-1/2}∇f‖
    }  # Lemma D.6's steps 14-15 (the /(2α²) bracket) answer to its Taylor erratum (stop 58)
    report = command.errata_report(result)
    assert "step 8 of Lemma E.1, step 9 of Lemma E.1 fail" in report
    assert "step 9 of Lemma 5.1, step 10 of Lemma 5.1 fail" in report
    assert "step 6 of Lemma 5.1 fails and no erratum names it (a new finding)" in report
    # an erratum of a walked proof that no failing step names is reported
    extra = walk.errata_cross_check(
        by_proof, labels + ["proof of Lemma 5.1, line 3"], published.proof_labels()
    )
    assert extra.unmatched == (*result.unmatched, "proof of Lemma 5.1, line 3")
    assert walk.errata_cross_check(by_proof, []).dangling[0][3] == "no such erratum"


def test_the_walk_command(capsys):
    assert command.main(["walk", "Lemma 40", "--json", "--draws", "30"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["index"] for r in rows] == list(range(1, 13))
    for r in rows:
        assert {"proof", "index", "latex", "relation", "status", "reason"} <= set(r)
        assert r["status"] in spec.STATUSES
    assert command.main(["walk", "--list"]) == 0
    assert "Lemma 9" in capsys.readouterr().out
    assert command.main(["walk", "Lemma 99"]) == 2
    assert "Lemma 99" in capsys.readouterr().err


def test_theorem_4_s_kkt_point_is_the_least_value_a_multi_start_finds():
    """Reader (stop 56): the erratum after eq:Sig_opt says Q_α(μ̂*, ·) need not be convex on
    S, so a KKT point need not minimize; the walk's model takes the KKT point as (μ̂*, Σ̂*).
    At the model's instances no start of a multi-start minimization reaches a lower Q_α
    (beyond rounding); and the comparison can fail: a point of S that is not the KKT point is
    beaten by the starts."""
    found = prop_sigma.kkt_global(instances=3, starts=3)
    for d, at_kkt, best in found:
        assert best >= at_kkt - 1e-8 * abs(at_kkt) - 1e-15, (d, at_kkt, best)
    one = np.ones((1, 1))
    f = prop_sigma.Shifted(2 * one, one, np.array([0.5]), 1.0, np.zeros(1))
    alpha, tau, zeta = 0.5, 0.1, 10.0
    mu_hat, S_hat, _ = prop_sigma.minimizers(f, alpha, tau, zeta)
    at_kkt = prop_sigma.q_alpha(f, mu_hat, S_hat, alpha)
    for other in (1.5 * S_hat, 0.5 * S_hat):
        assert prop_sigma.q_alpha(f, mu_hat, other, alpha) > at_kkt


@pytest.mark.parametrize("checker", ["replace_step", "gradient_lower_bound"])
def test_lemma_9_s_steps_9_and_10_fail_in_the_paper_s_regime_too(checker):
    """Reader (stop 56): the published counterexamples of Lemma 9's steps 9 and 10 have τ > L,
    which Lemma 9's printed hypotheses allow but the paper's remark after Theorem 12 sets
    aside (τ ≤ σ, ζ ≥ L without loss of generality). The steps fail inside τ ≤ σ ≤ L ≤ ζ as
    well (σ appears in neither step: any σ ∈ [τ, L] completes the instance)."""
    from mines_theory.verification.proofs.models import lemma9

    rng = np.random.default_rng(56)
    for _ in range(20_000):
        draw = getattr(lemma9, checker)(rng)
        x = draw.x0 + 2 * rng.standard_normal(draw.x0.size)
        v = draw.describe(x)
        if not v["tau"] <= v["L"] <= v["zeta"]:
            continue
        lhs, rhs, scale = draw.sides(x)
        if lhs > rhs + check.TOLERANCE * scale:
            return
    pytest.fail(f"no counterexample of {checker} with τ ≤ L ≤ ζ")


def test_lemma_25s_bounds_fail_with_real_probability_on_a_cubic():
    """Reader D, stop 58: Lemma 25's step 2 failed only at a U with ‖U‖₂² ≥ 1864 (probability
    below e⁻⁹¹⁹), no failure probability above δ; step 1 at a ν chosen with no f behind it. Both
    are now Monte Carlo of the statement as stated, ν from f = γx₁³/6: each counterexample's
    failure probability is re-estimated here from the closed form ν_i = γα²ũ_{i1}³/6 (not the
    model's f values), a fresh seed, and its 99.9% Wilson interval lies above δ. Step 2's at
    γ ≤ 1, where γ² ≤ γ, fails against the γ²-corrected bound too: ‖U1‖'s flaw alone."""
    steps = walk.walk(spec.find("Lemma D.2"))
    gen = np.random.default_rng(np.random.SeedSequence(58_025))
    n = 4000
    for index, power in ((1, 3), (2, 4)):
        ce = steps[index - 1].counterexample
        assert steps[index - 1].status == "fails" and ce is not None
        d, b, tau, alpha, gamma = (ce[k] for k in ("d", "b", "tau", "alpha", "gamma"))
        u = gen.standard_normal((n, d, b)) / np.sqrt(tau)
        nu = gamma * alpha**2 * u[:, 0, :] ** 3 / 6
        if index == 1:
            lhs = (nu**2).sum(axis=1)
        else:
            lhs = (np.einsum("ndb,nb->nd", u, nu) ** 2).sum(axis=1)
        g = gamma**2 if index == 2 else gamma  # step 2 against γ² (the erratum on eq:nu)
        bound = g * b * alpha**4 * ce["c3"] ** power / (36 * tau**power)
        k = int((lhs > bound).sum())
        p, z = k / n, 3.29
        low = (p + z * z / (2 * n) - z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / (
            1 + z * z / n
        )
        assert low > ce["delta"], (index, k, n, ce["delta"])
    assert steps[1].counterexample["gamma"] <= 1 and steps[0].counterexample["gamma"] > 1
    assert "γ ≤ 1" in (steps[1].reason or "")
