# svmbook: the two commands a newcomer needs are `make book` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
BUILD := _build

# External data sets live outside the repository; point the loaders at the shared copy when it exists.
SHARED_DATA := $(abspath ../shared/data)
ifneq ($(wildcard $(SHARED_DATA)),)
export SVMBOOK_DATA ?= $(SHARED_DATA)
endif
# Widgets are no-ops and plots use Agg in every non-interactive run (tests, executor, book).
export MPLBACKEND ?= Agg
export PYTHONHASHSEED := 0

.PHONY: venv test pytest unit nbval lint notebooks book assignments lab bench clone-check clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,book,dask,assign]'
	touch $(STAMP)

test: lint pytest nbval

lint: $(STAMP)
	$(BIN)/ruff check .

# The whole suite, the book build, the browser test and the notebook executor included; not the
# clone check (a fresh clone running this very target), which `make clone-check` runs.
pytest: $(STAMP)
	SVMBOOK_STATIC=1 $(BIN)/python -m pytest -q --doctest-modules -m "not clone" svmbook tests

# The edit loop: everything but the tests marked slow (the book build, the executor).
unit: $(STAMP)
	SVMBOOK_STATIC=1 $(BIN)/python -m pytest -q --doctest-modules -m "not slow" svmbook tests

nbval: $(STAMP)
	SVMBOOK_STATIC=1 OMP_NUM_THREADS=1 $(BIN)/python -m pytest -q -p no:cacheprovider \
		--nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg notebooks

# Canonical executor: re-runs every chapter in place and cleans the metadata. The only way outputs get committed.
notebooks: $(STAMP)
	$(BIN)/python tools/warm_jit.py
	SVMBOOK_STATIC=1 OMP_NUM_THREADS=1 $(BIN)/python tools/nbexec.py --inplace notebooks/*.ipynb

# Executes every chapter into $(BUILD)/notebooks (committed notebooks untouched), then builds the HTML book.
book: $(STAMP)
	rm -rf $(BUILD)/notebooks
	$(BIN)/python tools/warm_jit.py
	SVMBOOK_STATIC=1 OMP_NUM_THREADS=1 $(BIN)/python tools/nbexec.py --outdir $(BUILD)/notebooks notebooks/*.ipynb
	$(BIN)/python tools/build_book.py -q --notebooks $(BUILD)/notebooks --out $(BUILD)/html
	@echo "Book: $(BUILD)/html/index.html"

# Student versions of the classroom assignments: nbgrader strips the solutions and hidden tests of
# assignments/source/chNN into assignments/release/chNN (no gradebook database, no config file).
assignments: $(STAMP)
	cd assignments && for dir in source/ch*/; do \
		$(abspath $(BIN))/nbgrader generate_assignment $$(basename $$dir) --no-db --force || exit 1; \
	done
	@echo "Student versions: assignments/release/"

# The notebooks name the kernel "python3"; register it inside .venv and prefer it over a user-wide one.
lab: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[lab]'
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (ipykernel)" >/dev/null
	JUPYTER_PREFER_ENV_PATH=1 $(BIN)/jupyter lab notebooks

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/geometry.py
	$(BIN)/python benchmarks/model_selection.py
	$(BIN)/python benchmarks/simplify.py
	$(BIN)/python benchmarks/reduced.py

# A fresh clone of HEAD runs `make book` and `make test` in a clean environment (about 20 minutes);
# prints each command's exit status and wall time.
clone-check: $(STAMP)
	$(BIN)/python -m pytest -q -s -p no:cacheprovider -m clone tests/test_clone_check.py

clean:
	rm -rf $(BUILD) .pytest_cache .ruff_cache
