"""The repaired results, as data: each ``Repair`` names a numbered result (our name, the PDF's
number, the .tex label), its statement as printed and as repaired (MyST math), whether it
survives (``SURVIVAL``), the errata it repairs (labels of ``errata.ERRATA``), the
``bounds.*_corrected`` functions that hold its constants, the ``derivations`` function that
derives them, and its check (``corrigendum.checks``).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable

from ..framework.verdict import Verdict
from .repaired import (
    check_lemma51_repaired,
    check_lemma52_nonquadratic_repaired,
    check_lemma52_repaired,
    check_lemma53_repaired,
    check_lemma_d2_repaired,
    check_lemma_d4_repaired,
    check_lemma_d5_repaired,
    check_lemma_d7_repaired,
    check_lemma_e8_repaired,
    check_theorem54_repaired,
)

__all__ = ["SURVIVAL", "Repair", "REPAIRS", "repair", "repairs_by_survival", "looseness_table"]


#: Whether a result survives, in the order the corrigendum groups them.
SURVIVAL = (
    "false as printed",
    "constant changes",
    "true as printed, proof repaired",
    "cannot be repaired in its approach",
)


@dataclasses.dataclass(frozen=True)
class Repair:
    """One repaired result. ``printed`` and ``repaired`` are MyST Markdown with $…$ math;
    ``hypotheses`` what the repaired statement adds; ``survives`` one of ``SURVIVAL``;
    ``errata`` labels of ``errata.ERRATA``; ``corrected`` names in ``bounds``; ``derivation``
    a function of ``derivations`` (or None); ``check`` returns a ``Verdict`` (or None: the
    repair is argued by its errata's checks)."""

    ours: str
    pdf: str
    label: str
    printed: str
    repaired: str
    hypotheses: str
    survives: str
    errata: tuple[str, ...]
    corrected: tuple[str, ...] = ()
    derivation: str | None = None
    check: Callable[[], Verdict] | None = None
    more: tuple[Callable[[], Verdict], ...] = ()  # further checks, on other runs

    def __post_init__(self):
        if self.survives not in SURVIVAL:
            raise ValueError(f"survives must be one of {SURVIVAL}, got {self.survives!r}")

    @property
    def title(self) -> str:
        """Both numbers: "Lemma 5.3 · PDF Lemma 11"."""
        return f"{self.ours} · PDF {self.pdf}"


_UNION = ('Lemmas 5.1, 5.2, D.2, D.4, D.5: "with probability ≥ 1 − δ"',)

REPAIRS: tuple[Repair, ...] = (
    Repair(
        "Lemma 5.1",
        "Lemma 9",
        "lem:gd_dec_1",
        r"For $f$ $L$-smooth and $\sigma$-strongly convex, with $\eta_{1,k} = b\tau/(4Lc_1)$, "
        r"with probability $\ge 1-\delta$: $f(\mu_{k+1}) - f^* \le \left(1 - \frac{c_2\tau\sigma}"
        r"{16c_1L\zeta}\right)(f(\mu_k) - f^*) + \Delta_{\alpha,1}$, $\Delta_{\alpha,1} = "
        r"\frac{c_3^3\gamma b\alpha^4}{2^5\cdot 3^2\, c_1L\zeta\tau^3}\left(1 + "
        r"\frac{c_1c_3}{2\tau\zeta}\right)$.",
        r"The same rate, with $\Delta_{\alpha,1} = \frac{c_3^3\gamma^2 b\alpha^4}{2^6\cdot 3\, "
        r"c_1L\tau^2}$, with probability $\ge 1-(b+2)\delta$ (or $1-\delta$ with $\delta/(b+2)$ "
        r"in $c_1, c_2, c_3$).",
        r"$f$ also has a $\gamma$-Lipschitz Hessian; $\Sigma_k^{-1} \in \mathcal{S}'$.",
        "false as printed",
        (
            "proof of Lemma 5.1, substituting η₁,k; Δ_α,1",
            "Lemma 5.1, hypotheses",
            "eq:nu (Lemma D.2)",
            *_UNION,
        ),
        ("delta_alpha_1_corrected", "per_step_failures_corrected"),
        "lemma51_repair",
        check_lemma51_repaired,
    ),
    Repair(
        "Lemma 5.2",
        "Lemma 10",
        "lem:dec_local",
        r"If $\xi_k\Sigma_k^{-1} \preceq \nabla^2 f(\mu_k) \preceq \mathscr{L}_k\Sigma_k^{-1}$ "
        r"and $f(\mu_k) - f^* \le \min\left\{\frac{2^3\cdot 3^2\,\mathscr{L}_k^4\tau^4}"
        r"{L\gamma^2}, "
        r"\frac{\xi_k^2\sigma^3}{8\gamma^2(L\tau^{-1}+2\xi_k)^2}\right\}$, then with "
        r"$\eta_{1,k} = b/(4\mathscr{L}_kc_1)$, w.p. $\ge 1-\delta$: $f(\mu_{k+1}) - f^* \le "
        r"\left(1 - \frac{\xi_kc_2}{8\mathscr{L}_kc_1}\right)(f(\mu_k)-f^*) + \Delta_{\alpha,2}$.",
        r"Under $f(\mu_k) - f^* \le \min\left\{\frac{9\,\mathscr{L}_k^4\tau^4}{2L\gamma^2}, "
        r"\frac{\xi_k^2\sigma^3}{8\gamma^2(L\tau^{-1}+2\xi_k)^2}\right\}$: $f(\mu_{k+1}) - f^* "
        r"\le \left(1 - \frac{\xi_kc_2}{32\mathscr{L}_kc_1}\right)(f(\mu_k)-f^*) + "
        r"\Delta_{\alpha,2}$, $\Delta_{\alpha,2} = \frac{b^{3/2}\zeta^3\gamma^4c_3^{9/2}"
        r"\alpha^6}{2^8\cdot 3^4\,\sigma^3c_1^{3/2}\tau^6} + \frac{b\zeta\gamma^2c_3^3\alpha^4}"
        r"{2^6\cdot 3\,\sigma\tau^3c_1}$, w.p. $\ge 1-(b+2)\delta$.",
        r"$\Sigma_k^{-1} \in \mathcal{S}'$ (Lemmas D.1, D.4, D.5 use $\|\Sigma_k\| \le 1/\tau$).",
        "constant changes",
        (
            "proof of Lemma 5.2, the step after eq:tgm_3",
            "proof of Lemma 5.2, fourth line of the chain",
            "Δ_α,2 of Lemma 5.2, third term",
            "eq:nu (Lemma D.2)",
            "proofs of eq:nu, eq:hh, eq:tgm_3",
            *_UNION,
        ),
        ("lemma52_rate_corrected", "local_region_threshold_corrected", "delta_alpha_2_corrected"),
        "lemma52_repair",
        check_lemma52_repaired,
        (check_lemma52_nonquadratic_repaired,),
    ),
    Repair(
        "Lemma 5.3",
        "Lemma 11",
        "lem:Sig_dec",
        r"With $\eta_{2,k} = 1/k$, w.p. $\ge 1-\delta$: $\|\Sigma_k^{-1} - \Pi_{\mathcal{S}'}"
        r"(\nabla^2 f(\mu^*))\|^2 \le C/k$, $C = \max\left\{\frac{9(C_1+C_2+C_3)^2}{4} + 3C_4,\ "
        r"2C_4 + \frac{L^2}{b},\ \|\Sigma_1^{-1} - H^*\|^2\right\}$ (eq:C).",
        r"The same with $C = \max\left\{9(C_1+C_2+C_3+C_5)^2 + 3C_4,\ 2\min\{d(\zeta-\tau)^2, "
        r"C_4\},\ \|\Sigma_1^{-1} - H^*\|^2\right\}$: $A_K$ with $\log(b/\delta)$; $L \to "
        r"\max(L,\tau)$ in $C_1$; $C_2$ with the repaired $\Delta_{\alpha,1}, \Delta_{\alpha,2}$ "
        r"and $64$ for $32$; $C_3 = \frac{c_3^{3/2}(c_3+1)\zeta\gamma\sqrt{(K-1)d}}{4\tau^{3/2}}"
        r"\alpha$; $C_4 = \left(\frac{Lc_3\zeta(c_3+\sqrt d)}{2\tau} + \sqrt d\zeta\right)^2$ "
        r"(free of $b$); $C_5$ Lemma E.8's term; w.p. $\ge 1 - [(K-1)(b+3) + 2(\pi^2/6-1)]"
        r"\delta$. Not repaired here: $C_1$'s step applies Azuma–Hoeffding to a martingale "
        r"whose ranges depend on the random $\|\Sigma_t^{-1} - H^*\|$; a rigorous version "
        r"needs Freedman's inequality with peeling, or deterministic ranges from the induction "
        r"hypothesis, and would likely add logarithmic factors to $C_1$. An independent "
        r"re-derivation also finds $C_3$ about 5 times smaller (Taylor weight $1/6$, Frobenius "
        r"factor $\sqrt{c_3^2+d}$) and $C_5$ smaller by $2\sqrt d$: this $C$ is valid, not "
        r"the tightest.",
        r"$\nabla^2 f(\mu_t) \in \mathcal{S}'$ for every $t$ (e.g. $\tau \le \sigma$, "
        r"$L \le \zeta$), and $c_2 > 0$ where $\gamma > 0$.",
        "constant changes",
        (
            "eq:Sig_dec (Lemma E.2)",
            "proof of Lemma 5.3, base case k = 2; eq:C",
            "eq:C, C₃",
            "eq:alpha_err (Lemma E.4)",
            "eq:alpha_err (Lemma E.4), the step citing eq:GG",
            "eq:sto_err (Lemma E.9), proof",
            "eq:chi_1 (Lemma E.8); A_K of Lemma 5.3",
            "eq:G_norm_1, eq:G_norm_2 (Lemma D.7)",
            "eq:Sig_2_bnd (Lemma E.2)",
            "proof of eq:sto_err (Lemma E.9)",
            "Lemma 5.3 (statement and proof); Thm 5.4, item 2",
        ),
        ("lemma53_constants_corrected", "G_norm_1_bound_corrected", "chi_threshold_corrected"),
        "lemma53_repair",
        check_lemma53_repaired,
    ),
    Repair(
        "Theorem 5.4",
        "Theorem 12",
        "thm:main_cvg",
        r"Outside eq:cond, eq:dec_0 holds; inside, eq:dec holds with $\mathscr{L}_k \le \min\{L/"
        r"\tau, 1 + \tau^{-1}e_k\}$, $\xi_k \ge \max\{\sigma/\zeta, 1 - \tau^{-1}e_k\}$, $e_k = "
        r"\sqrt{C/k} + \gamma\sqrt{2(f(\mu_k)-f^*)/\sigma} + \|\nabla^2 f(\mu_k) - "
        r"\Pi_{\mathcal{S}'}(\nabla^2 f(\mu_k))\|$ (eq:lxi), each w.p. $\ge 1-\delta$; final "
        r"rate $1 - c_2/(8c_1)$.",
        r"eq:lxi with the repaired $C$; inside the repaired eq:cond the rate is $1 - "
        r"\frac{\xi_kc_2}{32\mathscr{L}_kc_1}$, the final rate $1 - c_2/(32c_1)$, the "
        r"probability Lemma 5.3's. Remark 13's “the convergence rate in the local region is "
        r"no slower than the one before entering” no longer follows: at the worst "
        r"$\mathscr{L}_k = L/\tau$, $\xi_k = \sigma/\zeta$ the repaired local contraction "
        r"$c_2\tau\sigma/(32c_1L\zeta)$ is half Lemma 5.1's $c_2\tau\sigma/(16c_1L\zeta)$.",
        r"Those of the repaired Lemmas 5.1–5.3.",
        "constant changes",
        (
            "proof of Lemma 5.2, the step after eq:tgm_3",
            "Lemma 5.3 (statement and proof); Thm 5.4, item 2",
        ),
        ("theorem54_bounds_corrected",),
        None,
        check_theorem54_repaired,
    ),
    Repair(
        "Lemma D.2",
        "Lemma 25",
        "eq:nu",
        r"W.p. $\ge 1-\delta$: $\|\nu\|^2 \le \frac{\gamma b\alpha^4c_3^3}{36\tau^3}$ and "
        r"$\|\tilde U\nu\|^2 \le \frac{\gamma b\alpha^4c_3^4}{36\tau^4}$.",
        r"$\|\nu\|^2 \le \frac{\gamma^2 b\alpha^4c_3^3}{36\tau^3}$ and $\|\tilde U\nu\|^2 \le "
        r"\frac{c_1\gamma^2b\alpha^4c_3^3}{36\tau^4}$, w.p. $\ge 1-(b+1)\delta$: "
        r"$\|U\nu\| \le \|U\|\|\nu\|$ replaces $\max_i|\nu_i|\,\|U\mathbf 1\|$.",
        r"$\Sigma \in \mathcal{S}$ ($\|\Sigma\| \le 1/\tau$).",
        "false as printed",
        ("eq:nu (Lemma D.2)", "proofs of eq:nu, eq:hh, eq:tgm_3", *_UNION),
        ("nu_bounds_corrected",),
        None,
        check_lemma_d2_repaired,
    ),
    Repair(
        "Lemma D.4",
        "Lemma 27",
        "lem:tgm",
        r"W.p. $\ge 1-\delta$: $\|\tilde g\|^2_{\nabla^2 f} \le \frac{2\mathscr{L}c_1}{b^2}"
        r"\|U^\top\Sigma^{1/2}\nabla f\|^2 + \frac{\mathscr{L}\gamma^2\alpha^4c_3^4}{18b\tau^3}$.",
        r"$\|\tilde g\|^2_{\nabla^2 f} \le \frac{2\mathscr{L}c_1}{b^2}\|U^\top\Sigma^{1/2}"
        r"\nabla f\|^2 + \frac{\mathscr{L}c_1\gamma^2\alpha^4c_3^3}{18b\tau^3}$, "
        r"w.p. $\ge 1-(b+1)\delta$.",
        r"$\Sigma \in \mathcal{S}$.",
        "false as printed",
        ("proofs of eq:nu, eq:hh, eq:tgm_3", "Lemmas D.1, D.4, D.5, hypotheses"),
        ("hh_bound_corrected",),
        None,
        check_lemma_d4_repaired,
    ),
    Repair(
        "Lemma D.5",
        "Lemma 28",
        "eq:tgm_3",
        r"W.p. $\ge 1-\delta$: $\|\tilde g\| \le \frac{\gamma\alpha^2c_3^2}{6b^{1/2}\tau^2} + "
        r"\frac{\sqrt{c_1}}{b\tau^{1/2}}\|U^\top\Sigma^{1/2}\nabla f\|$.",
        r"$\|\tilde g\| \le \frac{\sqrt{c_1}\gamma\alpha^2c_3^{3/2}}{6b^{1/2}\tau^2} + "
        r"\frac{\sqrt{c_1}}{b\tau^{1/2}}\|U^\top\Sigma^{1/2}\nabla f\|$, w.p. $\ge 1-(b+1)\delta$.",
        r"$\Sigma \in \mathcal{S}$.",
        "false as printed",
        ("proofs of eq:nu, eq:hh, eq:tgm_3", "Lemmas D.1, D.4, D.5, hypotheses"),
        ("tgm3_bound_corrected",),
        None,
        check_lemma_d5_repaired,
    ),
    Repair(
        "Lemma D.7",
        "Lemma 30",
        "eq:G_norm_1",
        r"W.p. $\ge 1-\delta$: $\|\tilde G(\Sigma_k)\|^2$ and $\|\tilde G(\Sigma_k) - (H^* - "
        r"\Sigma_k^{-1})\|^2$ are $\le \frac{2L^2c_3^2(\zeta c_3 + \sqrt d\zeta)^2}{b\tau^2} + "
        r"\frac{d\zeta^2}{2b}$.",
        r"No bound that vanishes with $b$ holds, since $\mathbb{E}\tilde G = \mathbb{E}\nabla^2"
        r"f(\mu+\alpha z) - \Sigma^{-1}$. Strongest true statement of its form: "
        r"$\|\tilde G(\Sigma)\|^2 \le \left(\frac{Lc_3\zeta(c_3+\sqrt d)}{2\tau} + \sqrt d\zeta"
        r"\right)^2$ w.p. $\ge 1-b\delta$.",
        r"$\Sigma^{-1} \in \mathcal{S}'$.",
        "cannot be repaired in its approach",
        (
            "eq:G_norm_1, eq:G_norm_2 (Lemma D.7)",
            "eq:G_norm, eq:GG (Lemma D.6)",
            "proof of Lemma D.6, Taylor expansions",
        ),
        ("G_norm_1_bound_corrected",),
        None,
        check_lemma_d7_repaired,
    ),
    Repair(
        "Lemma E.2",
        "Lemma 32",
        "eq:Sig_dec",
        r"$\|\Sigma_{k+1}^{-1}-H^*\|^2 \le \frac{1}{k(k-1)}\sum_{t=2}^k (t-1)\langle "
        r"\bar G(\Sigma_t)"
        r" - H^*, \Sigma_t^{-1} - H^*\rangle + \frac{1}{k(k-1)}\sum_{t=2}^k\frac{t-1}{t}\|\tilde G"
        r"(\Sigma_t)\|^2$, and eq:Sig_2_bnd.",
        r"The first sum with weights $\frac{2(t-1)}{k(k-1)}$; $\|\Sigma_2^{-1} - H^*\|^2 \le "
        r"\min\{d(\zeta-\tau)^2, C_4\}$ with the $b$-free $C_4$ of Lemma D.7.",
        r"None beyond the paper's.",
        "false as printed",
        ("eq:Sig_dec (Lemma E.2)", "eq:Sig_2_bnd (Lemma E.2)"),
        ("lemma53_constants_corrected",),
        "lemma53_repair",
        None,
    ),
    Repair(
        "Lemma E.4",
        "Lemma 34",
        "eq:alpha_err",
        r"$\sum_t z_{t,k}\langle \bar G(\Sigma_t) - \frac{1}{2b}\sum_i(\dots) , \Sigma_t^{-1} - "
        r"H^*\rangle \le \frac{c_3^{3/2}(c_3+1)\zeta\gamma\sqrt{k-1}}{4\tau^{3/2}d^{1/2}}\alpha"
        r"\,(\sum_t (t-1)^2\|\Sigma_t^{-1}-H^*\|^2)^{1/2}$ (up to the $1/(k(k-1))$ weights).",
        r"The factor $\frac{c_3^{3/2}(c_3+1)\zeta\gamma\sqrt{(k-1)d}}{4\tau^{3/2}}\alpha$ "
        r"($\langle A, D\rangle \le \sqrt d\|A\|_2\|D\|_F$), and only where every "
        r"$\nabla^2 f(\mu_t) \in \mathcal{S}'$.",
        r"$\nabla^2 f(\mu_t) \in \mathcal{S}'$ for every $t$.",
        "false as printed",
        ("eq:alpha_err (Lemma E.4)", "eq:alpha_err (Lemma E.4), the step citing eq:GG"),
        ("lemma53_constants_corrected",),
        None,
        None,
    ),
    Repair(
        "Lemma E.8",
        "Lemma 38",
        "lem:Y",
        r"With $A_t = 8\log\frac{1}{b\delta} + 16\log(t+1) + d$: $P(\|u\|^2 \ge A_t) \le "
        r"\frac{\delta}{b(t+1)^2}$, and eq:Y0 w.p. $\ge 1-\pi^2\delta/6$.",
        r"$A_t = 8\log\frac{b}{\delta} + 16\log(t+1) + d$ where $d \le 8\log\frac{b}{\delta} + "
        r"16\log(t+1)$, else $d + 2\sqrt{dx} + 2x$, $x = \log\frac{b(t+1)^2}{\delta}$; eq:Y0 "
        r"w.p. $\ge 1-(\pi^2/6-1)\delta$.",
        r"None.",
        "false as printed",
        (
            "eq:chi_1 (Lemma E.8); A_K of Lemma 5.3",
            "display before eq:Y0 (Lemma E.8)",
            "proof of lem:Y (Lemma E.8), E[Y_{t,i}]",
        ),
        ("chi_threshold_corrected",),
        None,
        check_lemma_e8_repaired,
    ),
    Repair(
        "Lemma E.9",
        "Lemma 39",
        "eq:sto_err",
        r"The stochastic part of eq:Sig_dec is $\le C_1\cdot(\sum_t (t-1)^2\|\Sigma_t - H^*\|^2)"
        r"^{1/2}/(k(k-1))$ w.p. $\ge 1-\delta$.",
        r"$\le (C_1 + C_5)(\sum_t (t-1)^2\|\Sigma_t^{-1} - H^*\|^2)^{1/2}/(k(k-1))$, $C_1$ with "
        r"$\max(L,\tau)$ and the repaired $A_K$, $C_5 = 3\max(L,\tau)d\zeta\delta(A_K^2 + 16A_K "
        r"+ 144)\tau^{-1}(\sum_{t\ge 2}(t+1)^{-4})^{1/2}$ (Lemma E.8's $Y$-part).",
        r"None.",
        "constant changes",
        (
            "eq:sto_err (Lemma E.9), proof",
            "proof of eq:sto_err (Lemma E.9)",
            "proof of eq:sto_err (Lemma E.9), the line citing eq:E",
            "eq:sto_err, eq:dec_sig, induction hypothesis in the proof of Lemma 5.3",
            "proof of lem:X (Lemma E.7)",
        ),
        ("lemma53_constants_corrected",),
        "lemma53_repair",
        None,
    ),
)


def repair(ours: str) -> Repair:
    """The entry of ``REPAIRS`` named ``ours`` ("Lemma 5.3"); ValueError for any other."""
    for r in REPAIRS:
        if r.ours == ours:
            return r
    names = [r.ours for r in REPAIRS]
    raise ValueError(f"ours must name an entry of REPAIRS {names}, got {ours!r}")


def repairs_by_survival() -> dict[str, list[Repair]]:
    """The entries grouped by ``survives``, in the order of ``SURVIVAL`` (empty groups kept)."""
    return {s: [r for r in REPAIRS if r.survives == s] for s in SURVIVAL}


@functools.cache
def looseness_table() -> list[dict]:
    """Per check of a repaired result (``check`` and ``more``): its title, the verdict's status
    and looseness (bound/measured, or measured/promised contraction for a rate, a
    ``Measurement``), for the looseness atlas."""
    rows = []
    for r in REPAIRS:
        checks = ((r.check,) if r.check is not None else ()) + r.more
        for i, check in enumerate(checks):
            verdict = check()
            loose = next(
                (m for m in verdict.measurements if m.name in ("looseness", "worst")), None
            )
            rows.append(
                {
                    "result": r.title + (f" ({check.__name__})" if i else ""),
                    "status": verdict.status.value,
                    "looseness": loose,
                    "verdict": verdict,
                }
            )
    return rows
