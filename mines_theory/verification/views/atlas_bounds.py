"""The looseness atlas's declarations: ``Bound`` (one bar: which measurements of which verdict
give a bound and what it bounds), ``BOUNDS`` (every bar) and ``LEFT_OUT`` (the claims without a
bar, with the reason). ``views.atlas`` draws them with ``frame`` and ``draw``; its
docstring describes the declarations.
"""

from __future__ import annotations

import dataclasses
import math

from ..framework.ledger import PRINTED
from ..framework.verdict import Kind, Measurement, Verdict

__all__ = ["BOUNDS", "FORMS", "LEFT_OUT", "RATIOS", "SENSES", "Bound"]

SENSES = ("upper", "lower")
FORMS = ("printed", "repaired")
RATIOS = ("bound/measured", "measured/bound")

#: Kinds of measurement whose ``uncertainty`` is a standard error or a numeric tolerance of the
#: value itself (a z-score or a "below a tolerance" residual is not a size a bound can bound).
_SIZED = (Kind.SE, Kind.INTERVAL, Kind.NUMERIC, Kind.COUNT)


@dataclasses.dataclass(frozen=True)
class Bound:
    """One bar of the atlas (see the module docstring).

    Parameters
    ----------
    claim : str
        The ledger number of the statement whose bound this is (``ledger.PRINTED`` gives the
        PDF's number).
    label : str
        What is bounded, in the paper's symbols; ``eq:`` labels get the PDF's number.
    bound, measured : str, optional
        Measurement names of the bound's value and of the measured quantity.
    ratio : str, optional
        Instead: the measurement name of their ratio, which ``ratio_of`` says.
    ratio_of : {"bound/measured", "measured/bound"}
    sense : {"upper", "lower"}
    form : {"printed", "repaired"}
    verdict : str, optional
        The ledger row that publishes the measurements (default ``claim``).
    """

    claim: str
    label: str
    bound: str | None = None
    measured: str | None = None
    ratio: str | None = None
    ratio_of: str = "bound/measured"
    sense: str = "upper"
    form: str = "printed"
    verdict: str | None = None

    def __post_init__(self):
        if self.claim not in PRINTED:
            raise ValueError(
                f"claim={self.claim!r}: expected a ledger number of "
                "ledger.PRINTED, e.g. 'Lemma 5.3'"
            )
        for name, value, allowed in (
            ("sense", self.sense, SENSES),
            ("form", self.form, FORMS),
            ("ratio_of", self.ratio_of, RATIOS),
        ):
            if value not in allowed:
                raise ValueError(f"{name}={value!r}: expected one of {allowed}")
        pair = self.bound is not None and self.measured is not None
        if pair == (self.ratio is not None) or (not pair and (self.bound or self.measured)):
            raise ValueError(
                f"Bound {self.claim!r} ({self.label!r}): expected either bound= and "
                f"measured= or ratio=, got bound={self.bound!r}, "
                f"measured={self.measured!r}, ratio={self.ratio!r}"
            )

    @property
    def source(self) -> str:
        """The ledger row whose published verdict holds the measurements."""
        return self.verdict or self.claim

    @property
    def names(self) -> tuple[str, ...]:
        """The measurement names this bar reads."""
        if self.ratio is not None:
            return (self.ratio,)
        return tuple(name for name in (self.bound, self.measured) if name is not None)

    def looseness(self, verdict: Verdict) -> tuple[float, float]:
        """(looseness, uncertainty of its log₁₀) from ``verdict``'s measurements: bound/measured
        for an upper bound, measured/bound for a lower one; the uncertainty propagates the
        measurements' relative uncertainties (NaN where one is infinite or undefined).

        Raises
        ------
        ValueError
            If ``verdict`` lacks a measurement this bar names, or one is not a size (a z-score or
            a residual reported only as below a tolerance).
        """
        found = {}
        for name in self.names:
            try:
                m = verdict[name]
            except KeyError:
                raise ValueError(
                    f"Bound {self.claim!r} ({self.label!r}): the verdict of {self.source!r} has no "
                    f"measurement {name!r}; it has {[m.name for m in verdict.measurements]}"
                ) from None
            if m.kind not in _SIZED:
                raise ValueError(
                    f"Bound {self.claim!r}: measurement {name!r} is of kind "
                    f"{m.kind.value!r}; expected a size ({[k.value for k in _SIZED]})"
                )
            found[name] = m
        if self.ratio is not None:
            value, spread = _relative(found[self.ratio])
            natural = "bound/measured" if self.sense == "upper" else "measured/bound"
            looseness = value if self.ratio_of == natural else _divide(1.0, value)
        else:
            bound_name, measured_name = self.names  # both set (__post_init__)
            bound, u_bound = _relative(found[bound_name])
            measured, u_measured = _relative(found[measured_name])
            looseness = (
                _divide(bound, measured) if self.sense == "upper" else _divide(measured, bound)
            )
            spread = math.hypot(u_bound, u_measured)
        return looseness, spread / math.log(10)


def _divide(a: float, b: float) -> float:
    """a/b, with a positive number over 0 infinite (a bound over a measured 0 is infinitely
    loose) and 0/0 NaN."""
    if b == 0:
        return math.inf if a > 0 else math.nan
    return a / b


def _relative(m: Measurement) -> tuple[float, float]:
    """(value, relative uncertainty) of a measurement."""
    value = m.value
    if value == 0 or not math.isfinite(value):
        return value, math.nan
    return value, (m.uncertainty / abs(value) if math.isfinite(m.uncertainty) else math.nan)


#: Every bound the suite measures as one number against one bound, at the published settings.
BOUNDS: tuple[Bound, ...] = (
    # Section 3: the minimizer of Q_α
    Bound("Thm 3.3", "f(μ̂*) − f(μ*) and ‖μ* − μ̂*‖² are O(α²)", ratio="loose"),
    Bound("Thm 3.3", "the same, O(α⁴) (theorem33_improved)", ratio="improved", form="repaired"),
    Bound("Thm 3.4", "‖Σ̂* − Π_S(∇²f(μ̂*)⁻¹)‖ = O(α) under eq:alp_cond", ratio="loose"),
    # Section 5: convergence (a promised contraction is a lower bound on the measured one)
    Bound(
        "Lemma 5.1",
        "contraction promised by eq:dec_0, quadratic",
        bound="promised",
        measured="measured",
        sense="lower",
    ),
    Bound(
        "Lemma 5.2",
        "contraction promised by eq:dec, quadratic",
        bound="promised",
        measured="measured",
        sense="lower",
    ),
    Bound(
        "Lemma 5.1, γ > 0",
        "contraction promised by eq:dec_0, logistic",
        bound="promised",
        measured="measured",
        sense="lower",
    ),
    Bound(
        "Lemma 5.2, γ > 0",
        "contraction promised by eq:dec, logistic",
        bound="promised",
        measured="measured",
        sense="lower",
    ),
    Bound("Lemma 5.3", "k‖Σ_k⁻¹ − H‖² ≤ C of eq:C, quadratic", bound="C", measured="largest"),
    Bound(
        "Lemma 5.3",
        "k‖Σ_k⁻¹ − H*‖² ≤ C of eq:C, logistic",
        bound="C",
        measured="largest",
        verdict="α-bias",
    ),
    *(
        Bound(
            "Thm 5.4",
            f"final contraction c₂/(8c₁), κ = {kappa}",
            bound="final_bound",
            measured=f"rate_{kappa}",
            sense="lower",
        )
        for kappa in (10, 100, 1000)
    ),
    # Appendix B: probability tools
    Bound(
        "Lemma B.1",
        "d^{p/2} ≤ E‖u‖^p, eq:gauss_power",
        ratio="lower",
        ratio_of="measured/bound",
        sense="lower",
    ),
    Bound("Lemma B.1", "E‖u‖^p ≤ (p + d)^{p/2}, eq:gauss_power", ratio="upper"),
    Bound("Lemma B.2", "χ² tail ≤ e^{−t}, equal weights", ratio="worst", ratio_of="measured/bound"),
    Bound(
        "Lemma B.4",
        "P(‖u‖² > 2d + 3 log(1/δ)) ≤ δ, eq:u_norm",
        ratio="worst",
        ratio_of="measured/bound",
    ),
    Bound(
        "Lemma B.5",
        "Hoeffding, the intended exponent",
        ratio="worst",
        ratio_of="measured/bound",
        form="repaired",
    ),
    Bound("Lemma B.6", "a_{k+1} ≤ a₀/(k+1)", ratio="worst", ratio_of="measured/bound"),
    # Appendix D: g̃ and G̃
    Bound("Lemma D.2", "‖Ũν‖² by eq:nu, median", ratio="ratio", ratio_of="measured/bound"),
    Bound(
        "Lemma D.3", "P(below eq:gd_low) ≤ δ, exact χ²", ratio="worst", ratio_of="measured/bound"
    ),
    Bound("Lemma D.4", "‖g̃‖²_{∇²f} by eq:hh, at ∇f = 0", bound="bound", measured="g_sq"),
    Bound("Lemma D.5", "‖g̃‖ by eq:tgm_3, at ∇f = 0", bound="bound", measured="norm"),
    Bound(
        "Lemma D.6", "one-sample G̃ term by eq:G_norm", ratio="largest1", ratio_of="measured/bound"
    ),
    Bound(
        "Lemma D.6", "‖BG − (same, ∇²f(μ))‖₂ by eq:GG", ratio="largest2", ratio_of="measured/bound"
    ),
    Bound("Lemma D.7", "‖G̃‖² by eq:G_norm_1, H ∉ S'", bound="bound", measured="G_sq"),
    Bound(
        "Lemma D.7", "‖G̃ − (H* − Σ⁻¹)‖² by eq:G_norm_2, H ∈ S'", bound="in_bound", measured="away"
    ),
    # Appendix E: the proof of Lemma 5.3
    Bound(
        "Lemma E.1",
        "‖∇f‖²_Σ ≥ ξ(f − f*), eq:nab_rst",
        ratio="worst",
        ratio_of="measured/bound",
        sense="lower",
    ),
    Bound(
        "Lemma E.4",
        "α-error sums by eq:alpha_err with √d",
        ratio="largest",
        ratio_of="measured/bound",
        form="repaired",
    ),
    Bound("Lemma E.7", "the X part of the sum", ratio="largest", ratio_of="measured/bound"),
    Bound(
        "Lemma E.8",
        "P(‖u‖² ≥ A_t) ≤ δ/(b(t+1)²), eq:chi_1",
        ratio="worst",
        ratio_of="measured/bound",
    ),
    Bound("Lemma E.8", "P(some Y ≠ 0) ≤ π²δ/6, eq:Y0", bound="allowed", measured="y0"),
    Bound("Lemma E.9", "stochastic sum by eq:sto_err", ratio="largest", ratio_of="measured/bound"),
    Bound("Lemma E.10", "Σ‖H_t − H*‖² by eq:dd", ratio="largest", ratio_of="measured/bound"),
    # The repaired results of the corrigendum (ledger.REPAIRED), on the runs the printed bounds
    # are checked on: the looseness each check publishes (bound/measured at the δ-quantile, or
    # measured/promised contraction for a rate)
    Bound(
        "Lemma 5.1, repaired",
        "one step from μ*, by the repaired Δ_α,1",
        ratio="looseness",
        form="repaired",
    ),
    Bound(
        "Lemma 5.2, repaired",
        "contraction promised by eq:dec at 1/32, quadratic",
        ratio="looseness",
        ratio_of="measured/bound",
        sense="lower",
        form="repaired",
    ),
    Bound(
        "Lemma 5.2, repaired, γ > 0",
        "contraction promised by eq:dec at 1/32, logistic",
        ratio="looseness",
        ratio_of="measured/bound",
        sense="lower",
        form="repaired",
    ),
    Bound(
        "Lemma 5.3, repaired",
        "k‖Σ_k⁻¹ − H‖² ≤ the repaired C, quadratic",
        ratio="looseness",
        form="repaired",
    ),
    Bound(
        "Thm 5.4, repaired",
        "final contraction c₂/(32c₁), quadratic",
        ratio="looseness",
        ratio_of="measured/bound",
        sense="lower",
        form="repaired",
    ),
    Bound("Lemma D.2, repaired", "‖Ũν‖² by the repaired eq:nu", ratio="looseness", form="repaired"),
    Bound(
        "Lemma D.4, repaired",
        "‖g̃‖²_{∇²f} by the repaired eq:hh, at ∇f = 0",
        ratio="looseness",
        form="repaired",
    ),
    Bound(
        "Lemma D.5, repaired",
        "‖g̃‖ by the repaired eq:tgm_3, at ∇f = 0",
        ratio="looseness",
        form="repaired",
    ),
    Bound("Lemma D.7, repaired", "‖G̃‖², the b-free bound", ratio="looseness", form="repaired"),
    Bound(
        "Lemma E.8, repaired",
        "P(‖u‖² ≥ A_t) ≤ δ/(b(t+1)²), the repaired A_t",
        ratio="worst",
        form="repaired",
    ),
)

#: Claims (and findings) with no bar, or with a part that has none, and why: their bound is not
#: one number against one measurement at the published settings.
LEFT_OUT: dict[str, str] = {
    "Sec. 2": "identities (sympy) and a Monte Carlo z-score; no bound",
    "Thm 3.1": "an equality (the minimizer of Q_α), checked to rounding; no bound",
    "Thm 3.2": "a two-sided sandwich, published as the smallest margin to it (a share of its "
    "width), not as a ratio to one bound",
    "Thm 3.3": "the order in α (a slope of 4 where the bounds have 2) is not a ratio",
    "Thm 3.4": "the order in α (slopes on four objectives) is not a ratio",
    "Lemma 4.1": "an expectation identity, checked by quadrature and z-scores; no bound",
    "Lemma 4.2": "an expectation identity, checked against finite differences; no bound",
    "Lemma 4.3": "unbiasedness, checked by quadrature and z-scores; no bound",
    "Sec. 4": "B_R ≥ 0 is a sign, with no scale to compare with; the rest are identities",
    "Lemma 5.1, γ > 0": "the one-step run publishes the share of draws above Δ_α,1 (printed and "
    "corrected), not the size of the step against it",
    "Lemma 5.3": "the rate (a slope) and its constant Var G̃ are not bounds",
    "Remark 5.3": "an exact identity (sympy) and z-scores",
    "Thm 5.4": "eq:lxi's bound on 𝓛_k is the trivial L/τ at the last k; the dependence on κ is a "
    "slope",
    "Remark 5.6": "compares rates across b and d; the bound c₂/(8c₁) is not published per (d, b)",
    "Prop. A.1": "set membership (convexity); no bound",
    "Prop. A.2": "a projection, checked by its optimality condition; no bound",
    "Lemma B.2": "the weighted case is published as a z-score of the exceedance",
    "Lemma B.3": "published as a z-score of the exceedance, not a ratio",
    "Lemma B.5": "the printed exponent has the wrong sign: a 'bound' above 1 on a probability",
    "Lemma C.1": "an identity",
    "Lemma D.1": "the share of directions above the bound (none of those drawn), without its size",
    "Lemma D.3": "the Monte Carlo part is a share of batches below the bound",
    "Lemma E.2": "shares of (k, seed) pairs where the recursion fails; no ratio",
    "Lemma E.3": "an identity",
    "Lemma E.4": "the printed form fails on a share of draws (no ratio published)",
    "Lemma E.5": "an identity",
    "Lemma E.6": "expectations checked by z-scores; no bound",
    "MiNES demo": "a finding without a bound",
    "NES as printed": "a finding without a bound",
    "Constant η₂": "a predicted level (an equality), not a bound",
    "The start": "a finding without a bound",
    "α-bias": "the offsets and levels are findings; Lemma 5.3's C on this run is a bar",
    "Comparison": "a comparison of methods, without a bound",
    "COCO bbob": "a benchmark of methods (shares of runs reaching a target), without a bound",
}
