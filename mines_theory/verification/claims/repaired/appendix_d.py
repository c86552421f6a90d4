"""The repaired results of Appendix D (Lemmas 25, 27, 28 and 30 of the PDF, our D.2, D.4, D.5,
D.7), each declared beside its check with its section of the corrigendum, and evaluated on the
batches the printed bound is checked on (``appendix_d.mean_gradient.BIAS`` and
``appendix_d.sigma_gradient.D7``).
"""

from __future__ import annotations

import numpy as np

from mines_theory.theory.bounds.corrected import G_norm_1_bound_corrected, G_norm_1_supremum_d1
from mines_theory.theory.bounds.section5 import c_constants

from ..appendix_d.mean_gradient import BIAS, BiasExperiment
from ..appendix_d.sigma_gradient import D7, HalfSquareG
from ...framework.declare import repaired
from ...framework.sizes import Data
from ...framework.stats import trials_needed
from ...framework.verdict import Verdict, decides
from .common import exact, exceedance_verdict

__all__ = [
    "check_lemma_d2_repaired",
    "check_lemma_d4_repaired",
    "check_lemma_d5_repaired",
    "check_lemma_d7_repaired",
]


# ---------------------------------------------------------------------------------------------
# Appendix D: Lemmas D.2, D.4, D.5 (the ν-terms), D.7 (G̃)
# ---------------------------------------------------------------------------------------------


def _batch_verdict(
    values,
    bound: float,
    *,
    power: int,
    allowed: float,
    what: str,
    printed=None,
    more=(),
    tail: str = "",
) -> Verdict:
    """``exceedance_verdict`` on batches, with the bound (and the printed one, and ``more``
    measurements that ``tail`` words) reported and the qualifiers of its looseness, "loose" and
    "too loose to be tested" (``common.exceedance_verdict``), each judged on the scale of the
    norm bounded: ``power`` 2 where ``values`` are a squared norm (D.2, D.4, D.7), 1 where a
    norm (D.5), so that D.4's bound, 2𝓛 times the square of D.5's here, gets D.5's answers."""
    return exceedance_verdict(
        values,
        bound,
        allowed=allowed,
        units="batches",
        what=what,
        extra=(
            exact("bound", bound),
            *(() if printed is None else (exact("printed", printed),)),
            *more,
        ),
        summary_tail="; bound {bound}" + ("" if printed is None else " (printed {printed})") + tail,
        loose=True,
        power=power,
    )


def _bias_verdict(
    experiment: BiasExperiment, delta: float, bound: float | None, term: str, quantity: str
) -> Verdict:
    """A repaired bound of D.2, D.4 or D.5 (``term`` of ``BiasExperiment.bounds`` at
    δ/(b + 1): b events ‖u_i‖² ≤ c₃ and one ‖U‖² ≤ c₁) on the batches of ``experiment``
    (∇f(0) = 0, 𝓛 = τ = 1); ``bound``: test another."""
    s = experiment.run()
    values, power = {  # the measured side and the power of the norm it is
        "U_nu_sq": (s["U_nu_sq"], 2),
        "hh": (s["g_sq"], 2),
        "tgm3": (np.sqrt(s["g_sq"]), 1),
    }[term]
    if bound is None:
        bounds = experiment.bounds(delta / (experiment.b + 1), repaired=True)
        bound = bounds["nu"].U_nu_sq if term == "U_nu_sq" else bounds[term]
    what = (
        f"{quantity} on the cubic f(x) = ½‖x‖² + γΣⱼxⱼ³/6 (γ = {experiment.gamma:g}, "
        f"d = {experiment.d}, b = {experiment.b}, α = {experiment.alpha:g}, ∇f(0) = 0)"
    )
    return _batch_verdict(values, bound, power=power, allowed=delta, what=what)


@repaired("Lemma D.2", minimum=Data(batches=trials_needed(0.1)))
@decides
def check_lemma_d2_repaired(
    experiment: BiasExperiment = BIAS, delta: float = 0.1, bound: float | None = None
) -> Verdict:
    """Lemma D.2 repaired: ‖Ũν‖² ≤ c₁γ²bα⁴c₃³/(36τ⁴) (``bounds.nu_bounds_corrected``) on the
    batches of ``appendix_d.check_lemma_d2`` (where the printed one fails: ‖Ũν‖² grows like b²).
    ``bound``: test another."""
    return _bias_verdict(experiment, delta, bound, "U_nu_sq", "‖Ũν‖²")


@repaired("Lemma D.4", minimum=Data(batches=trials_needed(0.1)))
@decides
def check_lemma_d4_repaired(
    experiment: BiasExperiment = BIAS, delta: float = 0.1, bound: float | None = None
) -> Verdict:
    """Lemma D.4 repaired: ‖g̃‖²_{∇²f} ≤ 2𝓛c₁/b²‖w‖² + 𝓛c₁γ²α⁴c₃³/(18bτ³) on the batches of
    ``appendix_d.check_lemma_d4`` (the left side tends to dγ²α⁴/4; the printed right side to
    0, the repaired one to a positive constant since c₁ ~ b)."""
    return _bias_verdict(experiment, delta, bound, "hh", "‖g̃‖²_H")


@repaired("Lemma D.5", minimum=Data(batches=trials_needed(0.1)))
@decides
def check_lemma_d5_repaired(
    experiment: BiasExperiment = BIAS, delta: float = 0.1, bound: float | None = None
) -> Verdict:
    """Lemma D.5 repaired: ‖g̃‖ ≤ √c₁γα²c₃^{3/2}/(6√bτ²) + √c₁/(bτ^{1/2})‖w‖ on the batches of
    ``appendix_d.check_lemma_d5``."""
    return _bias_verdict(experiment, delta, bound, "tgm3", "‖g̃‖")


@repaired("Lemma D.7", minimum=Data(batches=trials_needed(0.5)))
@decides
def check_lemma_d7_repaired(experiment: HalfSquareG = D7, bound: float | None = None) -> Verdict:
    """Lemma D.7 repaired, the b-free bound the proof's ingredients give (not the supremum):
    ‖G̃‖² ≤ C₄ = (L·g(c₃)/2 + √dζ)² (``bounds.G_norm_1_bound_corrected``, at δ/b), on the batches of
    ``appendix_d.check_lemma_d7`` (f = x²/2, Σ⁻¹ = ζ = 0.5, b = 10⁵), where ‖G̃‖² → 0.25 and the
    printed O(1/b) bound fails. It reports c₃ and the supremum of ‖G̃‖² over the event at d = 1
    (``bounds.G_norm_1_supremum_d1``), below C₄: no batch on the event can exceed C₄."""
    G = experiment.run()
    setting = dict(b=experiment.b, delta=experiment.delta / experiment.b, L=1.0, tau=0.25, zeta=0.5)
    if bound is None:
        bound = G_norm_1_bound_corrected(d=1, **setting)
    what = f"‖G̃‖² (f = x²/2, Σ⁻¹ = 0.5, b = {experiment.b})"
    c3 = c_constants(d=1, b=experiment.b, delta=setting["delta"]).c3
    return _batch_verdict(
        G**2,
        bound,
        power=2,
        allowed=experiment.delta,
        what=what,
        printed=experiment.bound,
        more=(exact("c3", c3), exact("supremum", G_norm_1_supremum_d1(**setting))),
        tail="; at δ/b, c₃ = {c3} and the supremum of ‖G̃‖² over the event {supremum}",
    )
