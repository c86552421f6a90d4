"""Sphinx configuration of the book (``make html``): the executed notebooks, in reading order, with
their stored outputs (nothing is re-executed), rendered by MyST-NB in the sphinx-book-theme.
``tools/build_site.py`` stages this folder with the notebooks and a local MathJax, so that the
pages render their mathematics without a network."""

project = "mines-theory"
author = "the mines-theory developers"
copyright = "2026, the mines-theory developers"
html_title = "mines-theory: checking Mirror Natural Evolution Strategies"

extensions = ["myst_nb", "sphinxcontrib.bibtex", "sphinx_proof", "sphinx_exercise"]
bibtex_bibfiles = ["references.bib"]
bibtex_default_style = "plain"
bibtex_reference_style = "author_year"
nb_execution_mode = "off"  # the committed outputs are the book
nb_output_stderr = "remove"
nb_render_markdown_format = "myst"  # Markdown outputs (tables) may hold $…$ mathematics
myst_enable_extensions = ["dollarmath", "amsmath", "html_image"]
myst_heading_anchors = 2  # NN-slug.ipynb#verdict links to a verdict cell
# The paper's statements (sphinx-proof): the PDF numbers theorems, lemmas, propositions and
# remarks with one counter that no per-page counter can reproduce, so every prf: directive is
# :nonumber: and its title begins with the PDF's number, our section-based name beside it:
# "```{prf:lemma} 11 (our Lemma 5.3)" renders as "Lemma 11 (our Lemma 5.3)".
# Each carries a :label: of its own (pdf-lemma-11): unlabelled, sphinx-proof names them
# lemma-0, lemma-1, … on every page, and the same name on two pages fails the -W build.
# (tests/test_book_pages.py checks each title against verification.ledger.PRINTED.)
proof_title_format = "%t"
# figures/ holds a table as Markdown (07-comparison.md), a download of the gallery, not a page
exclude_patterns = ["_build", "**.ipynb_checkpoints", "figures/*.md"]
suppress_warnings = ["mystnb.unknown_mime_type", "myst.header"]

html_theme = "sphinx_book_theme"
# tools/build_site.py adds the footer of every page, html_theme_options.extra_footer (the
# version, the commit and the date of the build: build_site.footer), and sets version and
# release to pyproject.toml's version, as -D overrides: they come from git at build time.
html_theme_options = {"show_toc_level": 2, "home_page_in_toc": True}
html_static_path = ["_static"]
html_js_files = ["checks.js"]
html_css_files = ["wrap.css"]  # code and verdict lines wrap at book width
mathjax_path = "mathjax/tex-chtml.js"  # copied into _static by tools/build_site.py
# Typeset $…$ anywhere outside code, so that the mathematics inside raw HTML (the <details> of an
# exercise's solution) renders too; MathJax skips <pre> and <code>.
# The paper's macros (\norm, \TG, …), with which the proof walk's pages quote its proofs.
from mines_theory.verification.proofs.pages import MACROS  # noqa: E402

mathjax3_config = {
    "tex": {
        "inlineMath": [["$", "$"], ["\\(", "\\)"]],
        "processEscapes": True,
        "macros": MACROS,
    },
    "options": {"ignoreHtmlClass": "tex2jax_ignore|mathjax_ignore"},
}


def unique_proof_ids(app, doctree, docname) -> None:
    """sphinx-proof gives every box's content the id "proof-content", repeated on a page: once
    the references are resolved, each is named after its box ("pdf-lemma-9-content")."""
    from docutils import nodes

    for section in list(doctree.findall(nodes.section)):
        box = section.parent
        if "proof-content" in section["ids"] and box is not None and box.get("ids"):
            section["ids"] = [f"{box['ids'][0]}-content"]


def depart_unnumbered_box(self, node) -> None:
    """sphinx-proof's HTML departure of a :nonumber: box, which finds the box's title by the
    box's own id, given to the title for that; the title then drops it, so that the id names
    the box alone (not twice on the page)."""
    from sphinx_proof import nodes as proof

    proof.depart_unenumerable_node(self, node)
    tag = f'<p class="admonition-title" id="{node["ids"][0]}">'
    self.body[proof.list_rindex(self.body, tag)] = '<p class="admonition-title">'


def setup(app):
    from sphinx_proof import nodes as proof

    app.connect("doctree-resolved", unique_proof_ids)
    app.add_node(
        proof.unenumerable_node,
        override=True,
        html=(proof.visit_unenumerable_node, depart_unnumbered_box),
    )
