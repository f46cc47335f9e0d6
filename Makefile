# boardkit — the two commands a newcomer needs:
#   make lab    set up .venv with what the notebooks need and open JupyterLab on notebooks/
#   make test   set up .venv with the test tools, install Chromium if missing, run every check CI runs
# and for a class: make play GAME=wishland   one game's board in the browser, no code shown
#                  make student              the student edition (build/student/) to hand out
#                  make student-lab          JupyterLab on the student edition, as a student sees it
#                  make grader               the exercises as nbgrader assignments (build/grader/)
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
LAB_STAMP := $(VENV)/.lab-stamp
GRADING_STAMP := $(VENV)/.grading-stamp
CHROMIUM ?= /usr/bin/chromium
PORT ?= 8888
JOBS ?= 2
JUPYTER_SETTINGS := jupyter/overrides.json jupyter/jupyter_server_config.json

.PHONY: test lab venv chromium lint unit notebooks browser bench studies studies-status clean screenshot sync-notebooks student student-lab grader play

# The Jupyter settings .venv gets: JupyterLab's (start the kernel without asking, no news)
# and the server's save hook, which stores the teacher's notebooks (notebooks/) without
# outputs, so running a lesson leaves the tracked files clean (docs/teaching.md).
define install_jupyter_settings
install -D -m 644 jupyter/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
install -D -m 644 jupyter/jupyter_server_config.json $(VENV)/etc/jupyter/jupyter_server_config.json
endef

# nbgrader's own JupyterLab and server extensions stay off in .venv: `make grader` uses its
# commands, and the lab a lesson opens (and the browser tests see) stays the same with it
define disable_nbgrader_ui
@$(BIN)/jupyter labextension disable --level=sys_prefix @jupyter/nbgrader >/dev/null 2>&1
@for x in formgrader validate_assignment assignment_list course_list; do \
  $(BIN)/jupyter server extension disable --sys-prefix nbgrader.server_extensions.$$x >/dev/null 2>&1 || exit 1; done
endef

# The venv and its installer: uv (installed into the venv with pip) installs the same
# versions pip resolves, bytecode compiled as pip does, in 18 s where pip took 84 s of a
# clean clone's `make test` (docs/decisions.md, entry 82).
define venv_with_uv
@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
@test -x $(BIN)/uv || $(BIN)/python -m pip install --quiet 'uv>=0.5'
endef
INSTALL := $(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python

# everything CI needs (the test tools and every extra)
$(STAMP): pyproject.toml $(JUPYTER_SETTINGS)
	$(venv_with_uv)
	$(INSTALL) -e '.[test,lab,analysis,dask,interop,grading,author,class]'
	$(install_jupyter_settings)
	$(disable_nbgrader_ui)
	@touch $(STAMP) $(LAB_STAMP) $(GRADING_STAMP)

# what the notebooks need (make lab, make student; 50-ecosystems needs the interop extra,
# 70-class-playtests the class extra) and
# the tools a student writing a game uses (pytest, hypothesis, Dask, mypy: docs/adding-a-game.md)
$(LAB_STAMP): pyproject.toml $(JUPYTER_SETTINGS)
	$(venv_with_uv)
	$(INSTALL) -e '.[lab,analysis,interop,class,author]'
	$(install_jupyter_settings)
	@touch $(LAB_STAMP)

# the notebooks' needs and nbgrader (make grader)
$(GRADING_STAMP): $(LAB_STAMP)
	$(venv_with_uv)
	$(INSTALL) -e '.[lab,analysis,interop,class,grading]'
	$(disable_nbgrader_ui)
	@touch $(GRADING_STAMP)

venv: $(STAMP)

# Debian's Chromium for the browser tests (Playwright cannot download a browser here).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  echo "Installing Chromium from Debian's packages..."; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi
	@$(CHROMIUM) --version

lint: $(STAMP)
	$(BIN)/ruff check --no-cache .  # no cache: a clean clone sees what CI sees
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy
	@# the scaffold's template, rendered as `boardkit new` writes it: a student's game starts typed
	tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT \
	  && $(BIN)/boardkit new typed-start --dir "$$tmp" > /dev/null \
	  && cd "$$tmp" && $(CURDIR)/$(BIN)/mypy --disallow-untyped-defs --disallow-incomplete-defs \
	       --check-untyped-defs --cache-dir "$(CURDIR)/.mypy_cache/template" typed_start

# Unit, property and notebook tests in parallel (a notebook stays on one worker: loadscope),
# then the browser tests, also on two workers: each worker's tests share one JupyterLab server
# and one Chromium, and a module's tests stay together (2:39 against 3:19 one after another)
test: $(STAMP) chromium lint
	$(BIN)/python -m pytest -m "not browser" -n $(JOBS) --dist loadscope --durations=12
	$(BIN)/python -m pytest -m browser -n $(JOBS) --dist loadscope

unit: $(STAMP)
	$(BIN)/python -m pytest tests -m "not browser"

notebooks: $(STAMP)
	$(BIN)/python -m pytest notebooks

# the student edition (in $(STUDENT)): every notebook without its cells tagged "solution",
# without outputs and execution counts whatever the teacher ran (boardkit/teaching/editions.py)
STUDENT ?= build/student
TEACHER ?= notebooks
student: $(LAB_STAMP)
	$(BIN)/python -m boardkit.teaching.editions student $(TEACHER) $(STUDENT)
	@echo "hand out $(STUDENT)/ (the notebooks in $(TEACHER)/ are the teacher's)"

# JupyterLab on the student edition, as a student opens it: writes the notebooks $(STUDENT)
# lacks and keeps those already there (a student's answers); `make student` rewrites them all
student-lab: $(LAB_STAMP)
	$(BIN)/python -m boardkit.teaching.editions student $(TEACHER) $(STUDENT) --keep
	$(BIN)/jupyter lab --notebook-dir=$(STUDENT) --port=$(PORT) $$( [ "$$(id -u)" = 0 ] && echo --allow-root )

# the checked exercises as nbgrader assignments (in $(GRADER)): source/ (with the solutions)
# and release/ (the student edition to hand out); then, in $(GRADER), students' work goes to
# submitted/STUDENT/ASSIGNMENT/ and `nbgrader autograde ASSIGNMENT` grades it (docs/teaching.md)
GRADER ?= build/grader
grader: $(GRADING_STAMP)
	$(BIN)/python -m boardkit.teaching.editions grader $(TEACHER) $(GRADER)
	cd $(GRADER) && PATH="$(CURDIR)/$(BIN):$$PATH" nbgrader generate_assignment '*' --force --log-level=WARN
	@echo "nbgrader course folder: $(GRADER)/ (hand out release/; grade with nbgrader autograde in $(GRADER))"

# notebooks/*.ipynb <-> notebooks/src/*.py: the newer of each pair wins (jupytext.toml)
sync-notebooks: $(LAB_STAMP)
	$(BIN)/jupytext --sync notebooks/*.ipynb

browser: $(STAMP) chromium
	$(BIN)/python -m pytest tests -m browser -n $(JOBS) --dist loadscope

# refresh the pictures in docs/img: each board in JupyterLab, and at 1366x768 (docs/img/laptop)
screenshot: $(STAMP) chromium
	BOARDKIT_UPDATE_SCREENSHOTS=1 $(BIN)/python -m pytest tests -m browser

lab: $(LAB_STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks --port=$(PORT) $$( [ "$$(id -u)" = 0 ] && echo --allow-root )

# play one game on its board in the browser (Voilà), no code on the page; optional:
# PLAYERS=3 SEED=7 AGAINST=computer PLAY_PORT=8866 NO_BROWSER=1 (see `boardkit play --help`)
GAME ?= dice-grid
play: $(LAB_STAMP)
	$(BIN)/python -m boardkit play $(GAME) $(if $(PLAYERS),--players $(PLAYERS)) \
	  $(if $(SEED),--seed $(SEED)) $(if $(AGAINST),--against $(AGAINST)) \
	  $(if $(PLAY_PORT),--port $(PLAY_PORT)) $(if $(NO_BROWSER),--no-browser)

bench: $(STAMP)
	@for f in benchmarks/*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

# the large studies behind the analysis notebooks (data/studies/): plays only what the stored files lack;
# what is left and how long it would take: make studies-status; one: python -m boardkit.analysis.studies NAME
# at the lowest priority: hours of games never slow a notebook or a test run beside them
studies: $(STAMP)
	nice -n 19 $(BIN)/python -m boardkit.analysis.studies --workers $(JOBS)

# with --rules: whether each stored study was played under today's rules (decision 100)
studies-status: $(STAMP)
	$(BIN)/python -m boardkit.analysis.studies --status --rules

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .mypy_cache test-artifacts
