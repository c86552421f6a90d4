"""The book's figure gallery (issue 45 §3): every file the notebooks write into ``figures/``, in
reading order, each figure shown with its caption, a link to the section of the notebook whose
cell draws it and its vector PDF (for slides); then the tables and data files beside them.

The drawing cell is found, not declared: the first code cell of a notebook whose source names
the file, a literal (``"05-idea"``) or an f-string that produces it (``f"10-ecdf-{dim:02d}D"``),
preferring the cell that saves it. ``tools/build_site.py`` stages the page as ``gallery.md`` with
``figures/`` beside it; ``tests/test_book_pages.py`` checks that every file appears on it once,
with a link to a notebook that names it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from myst_parser.mdit_to_docutils.base import default_slugify

from mines_theory.experiments.coco import SUBSET
from mines_theory.experiments.coco_stats import FUNCTION_GROUPS, function_group
from mines_theory.numbers import powers_of_ten
from mines_theory.verification.claims.coco_bbob import STEP

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ROOT / "figures"
NOTEBOOKS = ROOT / "notebooks"
#: The book's front page: Sphinx numbers figures through the whole book, the front page's first.
FRONT = ROOT / "book" / "index.md"

#: The image formats ``plotting.save_figure`` writes: the PNG is shown, the PDF offered.
SHOWN, VECTOR = ".png", ".pdf"

#: What each figure shows (its caption). A figure in ``figures/`` without one is an error that
#: names it, and so is a caption of no figure.
CAPTIONS = {
    "00-search-distributions": (
        r"The search distribution's shape (the 1-σ ellipse of $C_k$, scaled) at a few iterations"
        r" $k$ for MiNES, the NES meta-algorithm as printed and xNES on a 2-D ellipsoid, against"
        r" the Hessian's (dashed); in each corner the condition number of the preconditioned"
        " Hessian."
    ),
    "00-overview-demo": (
        r"A first run of MiNES on a rotated ellipsoid ($\kappa = 100$, several seeds) against"
        r" function evaluations: the optimality gap $f(\mu_k) - f^*$, the relative error"
        r" $\|\Sigma_k^{-1} - H\|_F / \|H\|_F$ of the precision matrix beside a $k^{-1/2}$ slope,"
        " and the condition number of the preconditioned Hessian."
    ),
    "00-looseness-atlas": (
        "The looseness atlas: every checked bound, printed or repaired, as its ratio to what is"
        r" measured on a log₁₀ axis, $\log_{10}$(bound/measured): 0 is a bound attained, a bar"
        " below 0 a bound the runs violate, a long bar one that says little; coloured as the"
        " proof map, a star beside a bar of a statement false as printed on a run without a bar."
    ),
    "01-natural-vs-vanilla-steps": (
        "A vanilla and a natural gradient step from the same one-dimensional Gaussian: in"
        r" parameter space (mean $\mu$, variance $s$) with the KL ball the natural step ends on,"
        " and in distribution space (the densities before and after)."
    ),
    "01-natural-vs-vanilla-kl": (
        "How far one step moves the distribution (the KL divergence from before to after)"
        r" against the starting variance $s$: a vanilla step of fixed Euclidean length moves it"
        r" more the smaller $s$ (∝ $1/s$) and leaves the distributions left of the dash-dotted"
        " line; a natural step moves it by the same KL."
    ),
    "01-nes-meta-algorithm": (
        "The NES meta-algorithm of Section 2 as printed, run on an ellipsoid from several seeds:"
        " the runs stall far from the optimum."
    ),
    "02-bregman-divergence": (
        r"The Bregman divergence of $\psi = -\log$ (log det in one dimension) and of the square:"
        r" the gap between $\psi$ and its tangent, and the divergence from $y = 1$, infinite at"
        r" the boundary $x = 0$ for $-\log$ and not for the square."
    ),
    "02-mirror-descent-rate": (
        r"Entropic mirror descent on the simplex, $f(x) = \|x - p\|_1$: the optimality gap of the"
        r" average iterate against the horizon $T$, below the bound $G\sqrt{2\log n/T}$."
    ),
    "02-projection-spectrum": (
        r"One batch estimate of $H$ ($d = 10$, $b = 20$): its eigenvalues before and after the"
        r" projection onto $S'$ (clipped to the band $[\tau, \zeta]$), and what the printed rule"
        " would produce."
    ),
    "02-rank-above-tau": (
        r"The paper's regime with $b < d$ ($\Sigma_1^{-1} = I$, $\eta_{2,k} = 1/k$, $d = 50$,"
        r" $b = 5$): the eigenvalues of $\Sigma_{k+1}^{-1}$ above $\tau$ after each step, after"
        r" steps with $c_k < 0$ and with $c_k > 0$, against $b$."
    ),
    "03-score-function-variance": (
        "The relative variance of the score-function estimator of the mean's gradient for each"
        " weighting of the function values, Monte Carlo (±2 SE) against closed forms, as the"
        r" smoothing radius $\sigma$ and a constant added to $f$ vary."
    ),
    "03-running-estimates": (
        r"Running estimates of the first coordinate of $\tilde g$ on a quadratic ($d = 3$) with"
        r" their ±2 SE band, against the exact $\Sigma\nabla f(\mu)$ (Lemma 4.1)."
    ),
    "03-variance-d-b": (
        r"The variance $\mathbb{E}\|\tilde G - \mathbb{E}\tilde G\|_F^2$ of the covariance"
        r" estimator against the dimension $d$ for several batch sizes $b$, exact (lines) and"
        r" Monte Carlo (points), at $\Sigma^{-1} = H = I$ and for a spread Hessian, beside a"
        r" $d^4$ slope."
    ),
    "04-sandwich": (
        r"Theorem 3.2 on the 2-D logistic objective: each $Q_\alpha$ placed inside its sandwich"
        " (0 is the lower side, 1 the upper)."
    ),
    "04-theorems-33-34": (
        r"Theorems 3.3 and 3.4: how far the minimizers of $Q_\alpha$ lie from the function's"
        r" against $\alpha$, on two objectives ($d = 2$ and $d = 1$), with the bounds (dashed for"
        r" $d = 2$, dash-dotted for $d = 1$) and reference slopes 4 and 2, the measured orders"
        " (those of the bounds are 2 and 1), drawn two decades below the data."
    ),
    "04-smoothness-orders": (
        r"Theorem 3.4 in one dimension, where $\hat\Sigma_*$ is a number and the Hessian at the"
        r" optimum is $f''(0) = 1$: the order in $\alpha$ of the error $|\hat\Sigma_* - 1|$"
        r" follows the even part of $f''$ (a kink, a Hölder-½ and a smooth second derivative)."
    ),
    "05-idea": (
        r"The idea of Section 5: the mean's rate against the condition number $\kappa$ with"
        r" $\Sigma$ frozen at $\Sigma_1$ (it fans out with $\kappa$) and with $\Sigma$ learned:"
        r" once $\Sigma^{-1}$ has learned $H$, $\kappa$ stops mattering."
    ),
    "05-mean-convergence": (
        "Lemma 5.2 (PDF Lemma 10): the optimality gap of the Lemma 5.1, Lemma 5.2 (oracle) and"
        " Hutchinson steps against evaluations, and per step the measured contraction against"
        " the one the lemma promises (a step below the diagonal would violate it)."
    ),
    "05-nonquadratic-steps": (
        "Lemmas 5.1 and 5.2 on the 2-D logistic objective, where the estimators are biased:"
        r" the optimality gap of both steps with their bounds $\Delta_\alpha$, at a small and a"
        r" practical $\alpha$, against the limit $f(\hat\mu^*) - f^*$ of $Q_\alpha$."
    ),
    "05-rate-kappa": (
        r"Theorem 5.4 (PDF Theorem 12): the contraction per iteration against $\kappa$ as"
        r" $\Sigma_k^{-1}$ learns $H$, early and late in the runs."
    ),
    "05-two-stages": (
        "Theorem 5.4 where it has two stages (2-D logistic): the runs enter the local region"
        " (5.3) and stay in it."
    ),
    "05-rate-b-over-d": (
        r"The remark on $b/d$ (PDF Remark 14): the early contraction per iteration (fitted"
        r" while $\Sigma_k^{-1}$ still learns $H$) against $b/d$ (95% intervals), beside the"
        r" bound's $c_2/(8c_1)$ where $c_2 > 0$."
    ),
    "06-idea": (
        r"The idea of Lemma 5.3: the ellipse $x^\top\Sigma_k^{-1}x = 1$ at a few $k$ against"
        r" $x^\top Hx = 1$, the shape it learns."
    ),
    "06-covariance-rate": (
        r"Lemma 5.3 (PDF Lemma 11): the squared error $\|\Sigma_k^{-1} - H\|_F^2$ against $k$"
        r" (median and 10–90% of seeds) with the bound $C/k$, and $k$ times the error against"
        " its predicted limit."
    ),
    "06-constant-steps": (
        r"Constant steps $\eta_2$ instead of $1/k$, on one problem: the squared error (mean over"
        r" seeds, ±2 SE) plateaus at a level proportional to $\eta_2$, the one the variance of"
        r" $\tilde G$ predicts (dotted), while with $\eta_{2,k} = 1/k$ it keeps falling along"
        r" $\mathrm{Var}\,\tilde G/k$."
    ),
    "06-start-conditioning": (
        r"The start, $\eta_{2,1} = 1$: the condition number of the preconditioned Hessian over"
        r" the first iterations for several batch sizes; $\Sigma_2^{-1}$ is one projected batch"
        " estimate."
    ),
    "06-alpha-bias": (
        r"A non-quadratic objective at a fixed $\alpha$ (2-D logistic, $\alpha = 0.5$): the gap"
        r" over the run, dipping on the way in, and over the last records (linear scale) its"
        r" level with its 95% interval, below the limit $f(\hat\mu_*) - f^*$ of $Q_\alpha$ and"
        " at the level predicted from the iterates' offset, not at that of iterates centred on"
        r" $\hat\mu_*$."
    ),
    "06-covariance-two-stages": (
        "Lemma 5.3 off a quadratic (2-D logistic, from outside the local region (5.3)):"
        r" $k\|\Sigma_k^{-1} - H^*\|_F^2$, mean over seeds (±2 SE), against"
        r" $\mathrm{Var}\,\tilde G$ at the limit point and"
        r" $\mathbb{E}\|\tilde G + \Sigma^{-1}\|^2$ there."
    ),
    "07-evaluations-to-target": (
        r"Runtime distributions: the fraction of runs that reached $f - f^* \le 10^{-8}$ within"
        " a number of evaluations, per problem and pooled, for MiNES and the compared methods."
    ),
    "07-covariance-learning": (
        "Does the covariance learn the Hessian? The condition number of the preconditioned"
        r" Hessian $C_k^{1/2}HC_k^{1/2}$ against the ceiling $4\kappa^2$ of $\Sigma^{-1} \in S'$,"
        r" and the relative error of MiNES's $\Sigma_k^{-1}$ beside a slope of $-1/2$."
    ),
    "08-proof-map": (
        "The proof map: each checked result of the paper and the results its proof rests on,"
        " coloured by its conclusion in the ledger (stands, proof fails, repaired)."
    ),
    "08-proof-walk-map": (
        "The proof map coloured by the proof walk: for each walked proof, its steps decided"
        " of those walked, and its first error (a false step that is no slip), or that every"
        " false step is a typo or an imprecision."
    ),
    "09-idea": (
        r"The idea of Appendix D: estimates $\tilde g$ for growing batch sizes $b$; the clouds"
        r" shrink like $1/\sqrt b$ around $\mathbb{E}\tilde g$, not around the gradient: the"
        " bias does not average out."
    ),
    "09-bounds-vs-batch-size": (
        r"Appendix D: the measured quantities (±2 SE) against the batch size $b$ sit on their"
        r" limits, while the printed bounds fall like $1/b$ and cross them."
    ),
    "09-sig-dec": (
        r"Lemma E.2 along one MiNES run: the squared error $\|\Sigma_{k+1}^{-1} - H^*\|^2$"
        " against the bound (E.4) as printed and with twice its first sum."
    ),
}


def coco_caption(dimension: int) -> str:
    """The caption of notebook 10's runtime ECDFs in ``dimension``, with the part of bbob that
    ``make coco`` runs (``experiments.coco.SUBSET``: its functions, instances and budget) and
    what MiNES-step is, from the experiment's declaration rather than typed."""
    functions, instances = SUBSET.functions, SUBSET.instances
    total = max(max(members) for members in FUNCTION_GROUPS.values())
    groups = {function_group(f) for f in functions}
    each = (
        f", at least one of each of its {len(groups)} groups"
        if len(groups) == len(FUNCTION_GROUPS)
        else f", from {len(groups)} of its {len(FUNCTION_GROUPS)} groups"
    )
    listed = ", ".join(f"f{f}" for f in functions)
    budget = powers_of_ten(f"{float(SUBSET.budget_multiplier):.0e}")
    runs = ("instance " if len(instances) == 1 else "instances ") + (
        f"{instances[0]}–{instances[-1]}"
        if list(instances) == list(range(instances[0], instances[-1] + 1))
        else ", ".join(map(str, instances))
    )
    return (
        f"COCO's bbob suite in dimension {dimension}, the part of it notebook 10 runs:"
        f" {len(functions)} of its {total} functions ({listed}){each}, {runs}, a budget of"
        f" {budget}·d evaluations. The share of the targets each solver reaches against"
        " evaluations per dimension (runtime ECDFs), per group of functions and all."
        f" {STEP} is MiNES with a step-size rule that adapts α (beyond the paper, whose"
        " Algorithm 1 keeps α fixed), shown beside MiNES, not judged."
    )


CAPTIONS.update({f"10-ecdf-{d:02d}D": coco_caption(d) for d in SUBSET.dimensions})

#: What each table or data file in ``figures/`` holds.
FILES = {
    "07-comparison.md": (
        "The comparison of notebook 07 as a Markdown table: the evaluations each method needs"
        " per problem, with their intervals and the runs that reached the target."
    ),
    "coco-bbob-runs.csv": (
        "Every COCO/BBOB run of notebook 10 (solver, function, dimension, instance, evaluations,"
        " whether it hit the target, its restarts and why it stopped)."
    ),
}


#: The least literal text an f-string needs to name a file (``f"10-ecdf-{dim:02d}D"``).
MIN_LITERAL = 4


class Drawing(NamedTuple):
    """Where a notebook names a file of ``figures/``: the notebook's stem, the index of its
    code cell, and the section heading (level 1 or 2) above that cell with its anchor."""

    notebook: str
    cell: int
    heading: str
    anchor: str


def _names(source: str) -> list[re.Pattern[str]]:
    """The file names a code cell's string literals can name (a path's last part): a literal as
    it is, an f-string with each replacement field as any text (``MIN_LITERAL`` characters of
    it at least)."""
    patterns = []
    for prefix, path in re.findall(r"(?<![\w\"])([rRfF]{0,2})\"([^\"\n]*)\"", source):
        body = path.rsplit("/", 1)[-1]  # "../figures/coco-bbob-runs.csv" names the file
        if "f" in prefix.lower():
            parts = re.split(r"\{[^{}]*\}", body)
            if len("".join(parts)) >= MIN_LITERAL:  # f"{x:.3g}" names nothing
                patterns.append(re.compile(".+".join(re.escape(p) for p in parts)))
        else:
            patterns.append(re.compile(re.escape(body)))
    return patterns


def drawing(name: str, notebooks: Path = NOTEBOOKS) -> Drawing:
    """The cell that writes (or first names) the file ``name`` of ``figures/``: the first code
    cell whose string literals produce its stem (or its full name), one that saves it
    (``save_figure``, ``save_table``, ``to_csv``) before one that only names it. A file no
    notebook names is a ValueError naming it."""
    stem = name.rsplit(".", 1)[0]
    found = []
    for path in sorted(notebooks.glob("*.ipynb")):
        heading = ""
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for index, cell in enumerate(cells):
            source = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                headings = re.findall(r"^#{1,2} (.+)$", source, re.M)
                heading = headings[-1] if headings else heading
            elif any(p.fullmatch(stem) or p.fullmatch(name) for p in _names(source)):
                saves = bool(re.search(r"save_figure|save_table|to_csv", source))
                found.append((not saves, path.stem, index, heading))
    if not found:
        raise ValueError(f"name must be a file that a notebook names, got {name!r}")
    _, notebook, index, heading = min(found)
    title = index == 0 or heading.startswith(notebook.split("-")[0] + " ·")
    return Drawing(notebook, index, heading, "" if title else default_slugify(heading))


def plain(caption: str) -> str:
    """A caption as plain text, for an image's alt text: its mathematics without the dollars
    and with each TeX command's name alone.

    >>> plain(r"the rate against $\\kappa$ and $\\|\\Sigma_k^{-1}\\|$")
    'the rate against kappa and ‖Sigma_k^{-1}‖'
    """
    text = caption.replace(r"\|", "‖").replace("$", "")
    return re.sub(r"\\([A-Za-z]+)", r"\1", text)


def alt_texts(figures: Path = FIGURES, notebooks: Path = NOTEBOOKS) -> dict[tuple[str, int], str]:
    """(notebook, code cell index) → the alt text of the figures that cell draws: their captions
    (``CAPTIONS``) as plain text (``plain``), joined where one cell draws several."""
    alts: dict[tuple[str, int], list[str]] = {}
    for path in sorted(figures.glob(f"*{SHOWN}")):
        if path.stem in CAPTIONS:
            d = drawing(path.name, notebooks)
            alts.setdefault((d.notebook, d.cell), []).append(plain(CAPTIONS[path.stem]))
    return {where: " ".join(texts) for where, texts in alts.items()}


def _link(d: Drawing) -> str:
    target = f"{d.notebook}.ipynb" + (f"#{d.anchor}" if d.anchor else "")
    where = f"“{d.heading}”" if d.anchor else "the notebook"
    return f"[{d.notebook.split('-')[0]}, {where}]({target}) (code cell {d.cell})"


def gallery_page(
    figures: Path = FIGURES,
    notebooks: Path = NOTEBOOKS,
    earlier: Sequence[tuple[str, str]] | None = None,
) -> str:
    """The gallery as MyST Markdown: one section per notebook, each figure as a ``figure``
    directive (its PNG, its caption, the drawing cell's link and its PDF for download), then the
    tables and data files. A figure without a caption in ``CAPTIONS``, a caption of no figure,
    or a file of neither kind is a ValueError naming it.

    ``earlier`` holds the pages the book places before the gallery, in its order, as (file
    name, MyST text: a notebook's Markdown cells); ``tools/build_site.py`` passes them, the
    front page alone by default. Sphinx numbers the figures through the book, so the gallery's
    first number, and the number a figure shown on one of them has there, come from them
    (``numbered``)."""
    files = sorted(p.name for p in figures.iterdir() if p.is_file())
    stems = sorted({n[: -len(SHOWN)] for n in files if n.endswith(SHOWN)})
    others = [n for n in files if not n.endswith((SHOWN, VECTOR))]
    missing = [s for s in stems if s not in CAPTIONS] + [n for n in others if n not in FILES]
    stale = [s for s in CAPTIONS if s not in stems] + [n for n in FILES if n not in others]
    if missing or stale:
        raise ValueError(
            f"figures/ must match the gallery's captions: without a caption {missing}, "
            f"a caption of no file {stale}"
        )
    lines = [
        "# Figure gallery",
        "",
        f"Every figure the notebooks draw ({len(stems)}), in reading order: each with what it"
        " shows, the notebook section whose code cell draws it, and the figure as a vector PDF"
        " for slides. The figures are those of the committed notebooks (`make figures` redraws"
        " them). The tables and data files the notebooks write follow.",
    ]
    pages = [("index.md", FRONT.read_text(encoding="utf-8"))] if earlier is None else earlier
    shown = numbered(pages)
    if shown:
        places = ", ".join(
            f"{_numbers([n for n, _, page in shown if page == name])} on {_page_link(name, text)}"
            for name, text in pages
            if any(page == name for _, _, page in shown)
        )
        lines[-1] += (
            f" The book numbers its figures through all its pages: {places}, so the gallery's"
            f" numbers start at {len(shown) + 1}."
        )
    also = {stem: (n, page) for n, stem, page in shown}
    titles = dict(pages)
    drawn = sorted((drawing(f"{stem}{SHOWN}", notebooks), stem) for stem in stems)
    section = None
    for d, stem in drawn:  # in reading order: by notebook, then by cell
        if d.notebook != section:  # 08a and 08d each their own (both write "08-" files)
            section = d.notebook
            lines += ["", f"## {_title(d.notebook, notebooks)}"]
        pdf = f"{stem}{VECTOR}"
        vector = f" {{download}}`PDF <figures/{pdf}>`." if pdf in files else ""
        lines += [
            "",
            f"```{{figure}} figures/{stem}{SHOWN}",
            f":alt: {stem}, a figure of notebook {d.notebook[:3].rstrip('-')}",
            ":width: 100%",
            "",
            f"{CAPTIONS[stem]} Drawn in {_link(d)}.{vector}{_also(also.get(stem), titles)}",
            "```",
        ]
    lines += ["", "## Tables and data", ""]
    for name in others:
        d = drawing(name, notebooks)
        lines.append(f"* {{download}}`{name} <figures/{name}>`: {FILES[name]} Named in {_link(d)}.")
    return "\n".join(lines) + "\n"


#: A figure directive of MyST (```{figure} path or :::{figure} path).
FIGURE = re.compile(r"^(?:`{3,}|:{3,})\{figure\}\s+(\S+)", re.M)


def numbered(pages: Sequence[tuple[str, str]]) -> list[tuple[int, str, str]]:
    """(number, stem of its image, page) of each figure directive of ``pages`` ((name, MyST
    text) in the book's order), numbered from 1 through them, as Sphinx numbers them.

    >>> numbered([("index.md", "```{figure} figures/a.png\\n```"), ("p.md", ":::{figure} b.png")])
    [(1, 'a', 'index.md'), (2, 'b', 'p.md')]
    """
    found = [(Path(path).stem, name) for name, text in pages for path in FIGURE.findall(text)]
    return [(n, stem, name) for n, (stem, name) in enumerate(found, start=1)]


def _numbers(numbers: list[int]) -> str:
    """ "Fig. 3", "Figs. 1–2" (consecutive), "Figs. 1, 4"."""
    if len(numbers) == 1:
        return f"Fig. {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"Figs. {numbers[0]}–{numbers[-1]}"
    return "Figs. " + ", ".join(map(str, numbers))


def _also(where: tuple[int, str] | None, titles: dict[str, str]) -> str:
    """ " (Also Fig. 1, on the front page.)" for a figure that ``where`` (its number, its page)
    shows on an earlier page; "" for one shown here alone."""
    if where is None:
        return ""
    number, page = where
    return f" (Also Fig. {number}, on {_page_link(page, titles[page])}.)"


def _page_link(name: str, text: str) -> str:
    """A link to the book's page ``name`` (its file, "proofs.md"): "the front page", or the page
    by its title (its first heading)."""
    if name == "index.md":
        return "[the front page](index.md)"
    title = re.search(r"^# (.+)$", text, re.M)
    return f"the page [{title.group(1).strip() if title else name}]({name})"


def _title(notebook: str, notebooks: Path) -> str:
    """The notebook's title (its first heading), "05 · The convergence of the mean"."""
    cells = json.loads((notebooks / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    first = next(c for c in cells if c["cell_type"] == "markdown")
    return "".join(first["source"]).splitlines()[0].lstrip("# ").strip()
