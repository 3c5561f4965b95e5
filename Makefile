# The two commands: `make demo` (the main job) and `make test` (the whole suite).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)
PYTEST_ARGS ?=
SOAK_GAMES ?= 3000

.PHONY: demo test soak bench install clean

DEMO_SERVE ?= 1

demo: $(STAMP)
	$(BIN)/python manage.py migrate --no-input -v 0
	$(BIN)/python manage.py demo
	@if [ "$(DEMO_SERVE)" != "0" ]; then \
	  echo "Serving the site at http://127.0.0.1:8000/ (the API at /api/, the admin at /admin/: manage.py createsuperuser); Ctrl-C stops it."; \
	  DEBUG=true $(BIN)/python manage.py runserver 127.0.0.1:8000; fi

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

soak: $(STAMP)
	SOAK_GAMES=$(SOAK_GAMES) $(BIN)/python -m pytest -q -k "random" tests/games $(PYTEST_ARGS)

bench: $(STAMP)
	cd bench && for script in *_bots.py; do ../$(BIN)/python $$script || exit 1; done

install: $(STAMP)

$(STAMP): requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed (set PYTHON=python3.11)")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	rm -f $(VENV)/.installed-* && touch $@

clean:
	rm -rf $(VENV) db.sqlite3 .pytest_cache .hypothesis
