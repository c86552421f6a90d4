# mines-theory: `make figures` regenerates every notebook and figure, `make test` runs every test.
# Both build .venv on first use (python3 -m venv), so a fresh machine needs only python3 and make.

SHELL := /bin/bash
VENV ?= .venv
PYTHON := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# The one place where BLAS threads are set, for tests, notebook kernels (they inherit this
# environment) and benchmarks: default threads on a loaded 2-core machine made a loop of small
# solves 200x slower. PYDEVD_DISABLE_FILE_VALIDATION keeps ipykernel's debugger warning about
# frozen modules out of the notebooks' stored outputs.
export OPENBLAS_NUM_THREADS := 1
export OMP_NUM_THREADS := 1
export MKL_NUM_THREADS := 1
export PYDEVD_DISABLE_FILE_VALIDATION := 1
# Page faults are slow on these VMs (~7 us each): a fresh 2 MB array costs ~3.5 ms to touch.
# Keeping large freed blocks in glibc's heap instead of returning them to the kernel made
# `A - 0.1 * np.eye(500)` 16x faster (3.97 ms -> 0.25 ms); it changes no result.
export MALLOC_MMAP_THRESHOLD_ := 67108864
export MALLOC_TRIM_THRESHOLD_ := 268435456
export MALLOC_TOP_PAD_ := 67108864

NOTEBOOKS := $(sort $(wildcard notebooks/*.ipynb))

.PHONY: figures test test-fast test-book lint bench html slides pdf lab venv clean coco probe

# One venv; each target installs the extras it needs (pyproject.toml), once, and again when
# pyproject.toml changes. `make venv` (and test, figures, bench) installs everything the tests
# need; `make html` only the library and the book's toolchain; `make lab` the notebooks' kernel
# and JupyterLab.
BASE := $(VENV)/.created
BOOK_STAMP := $(VENV)/.book-installed

venv: $(STAMP)

$(BASE):
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	touch $(BASE)

$(STAMP): pyproject.toml | $(BASE)
	$(PYTHON) -m pip install --quiet -e '.[test,notebooks,book,data,coco]'
	touch $(STAMP)

$(BOOK_STAMP): pyproject.toml | $(BASE)
	$(PYTHON) -m pip install --quiet -e '.[book]'
	touch $(BOOK_STAMP)

figures: $(STAMP)
	$(PYTHON) tools/render_ledger.py
	$(PYTHON) tools/execute_notebooks.py $(NOTEBOOKS)
	$(PYTHON) tools/render_ledger.py --readme-only

test: $(STAMP)
	$(PYTHON) -m pytest -n 2 --dist loadscope --doctest-modules --nbval-lax \
		tests mines_theory notebooks

# The tests without the notebooks; .ci/run runs them a second time under a forced OpenBLAS
# kernel (OPENBLAS_CORETYPE), because another CPU picks another kernel and rounds otherwise.
test-fast: $(STAMP)
	$(PYTHON) -m pytest -n 2 --dist loadscope --doctest-modules tests mines_theory

# The book in a browser (tests/test_site.py: headless Chromium, every page on screen and in
# print), printing every page to PDF; make test prints only a sample (test_site.PRINTED).
test-book: $(STAMP)
	MINES_BOOK_PRINT=all $(PYTHON) -m pytest -p no:cacheprovider tests/test_site.py

# The probe of the public API (issue 36): every case of the tables in tests/probes, an input
# and the outcome class it must end in, with the count per class; it fails if any case breaks
# the contract (0 unclear errors, inputs accepted silently, valid inputs refused, internal
# exceptions, silent NaN, hangs, memory blow-ups). make test runs the cases not marked slow.
probe: $(STAMP)
	$(PYTHON) tools/probe_public_api.py

# The checks of .pre-commit-config.yaml, with the versions of the test extra: ruff's lint and
# format rules ([tool.ruff]) over the tree, mypy ([tool.mypy]) over the library and the probe.
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# JupyterLab on notebooks/ in the project's environment, with progress bars for long cells
# (MINES_THEORY_PROGRESS); the kernels inherit this Makefile's environment. LAB_ARGS passes
# options to jupyter lab (e.g. LAB_ARGS=--no-browser on a machine without a screen); as root
# (containers) jupyter lab needs --allow-root, which is added then.
LAB_STAMP := $(VENV)/.lab-installed
LAB_ARGS ?=

$(LAB_STAMP): pyproject.toml | $(BASE)
	$(PYTHON) -m pip install --quiet -e '.[notebooks,interactive]'
	touch $(LAB_STAMP)

lab: $(LAB_STAMP)
	MINES_THEORY_PROGRESS=1 $(VENV)/bin/jupyter lab --notebook-dir=notebooks \
		$(if $(filter 0,$(shell id -u)),--allow-root) $(LAB_ARGS)

# The book in site/, with its course kit (tools/course_kit.py): the slides of 00, 01 and 02 in
# site/slides/ and every page printed to PDF by Chromium, with the whole book, in site/pdf/
# (tools/build_site.py --no-pdf builds the book without Chromium). `make slides` and `make pdf`
# make again only the slides, or only the PDFs, of a book that `make html` has built.
html: $(BOOK_STAMP)
	$(PYTHON) tools/build_site.py

slides: $(BOOK_STAMP)
	$(PYTHON) tools/build_site.py --only slides

pdf: $(BOOK_STAMP)
	$(PYTHON) tools/build_site.py --only pdf

# The COCO/bbob experiment of issues 27, 35 and 44 (tools/coco_experiment.py): MiNES (practical
# defaults), MiNES-step (the same with the step-size rule, beyond the paper), xNES, CMA-ES and
# RGF, each restarted with a doubled population (IPOP) within
# 10^4*d evaluations, on 9 bbob functions x d in {2,5,10} x instances 1-3, in 2 worker
# processes; every argument checked before a file is touched, new data replacing the old only
# when the run completes; cocopp's full output in coco/ppdata/ (coco/ is git-ignored), the
# summary CSV that notebook 10 and the ledger read, and figures/coco-bbob-runs.csv.
# The coco extra is part of the venv that make test builds (a test runs the practical defaults
# on every bbob function).
coco: $(STAMP)
	$(PYTHON) tools/coco_experiment.py

bench: $(STAMP)
	$(PYTHON) benchmarks/bench_estimators.py
	$(PYTHON) benchmarks/bench_lockstep.py
	$(PYTHON) benchmarks/bench_startup.py

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .hypothesis site .cache
