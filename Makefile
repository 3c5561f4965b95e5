# The two commands: `make demo` (the main job) and `make test` (the whole suite).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)
PYTEST_ARGS ?=
SOAK_GAMES ?= 3000
# Logs and mutants per game that today's engines and the base revision's must answer alike.
DIFF_CASES ?= 10000

.PHONY: demo serve test test-rules soak fuzz bench bench-strength bench-spectators up install clean

DEMO_SERVE ?= 1
PORT ?= 8000

# Run twice, the demo shows the tournaments it played rather than copies of them.
demo: $(STAMP)
	$(BIN)/python manage.py migrate --no-input -v 0
	$(BIN)/python manage.py demo
	@if [ "$(DEMO_SERVE)" != "0" ]; then $(MAKE) --no-print-directory serve; fi

# The site as production serves it, on 127.0.0.1:$(PORT): gunicorn, no DEBUG (the service's own
# error pages and the API's JSON errors), static files collected and served by whitenoise.
serve:
	$(BIN)/python manage.py collectstatic --no-input -v 0
	@echo "Serving the site at http://127.0.0.1:$(PORT)/ (the API at /api/, the admin at /admin/: manage.py createsuperuser); Ctrl-C stops it."
	DEBUG=false WHITENOISE_USE_FINDERS=false $(BIN)/gunicorn config.wsgi --bind 127.0.0.1:$(PORT) --workers 1 --threads 4

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The rules package's tests alone, without Django or the service (tests/games/standalone.ini).
test-rules: $(STAMP)
	$(BIN)/python -m pytest -q -c tests/games/standalone.ini tests/games $(PYTEST_ARGS)

soak: $(STAMP)
	SOAK_GAMES=$(SOAK_GAMES) $(BIN)/python -m pytest -q -k "random" tests/games $(PYTEST_ARGS)
	DIFF_CASES=$(DIFF_CASES) $(BIN)/python -m pytest -q tests/games/test_differential.py $(PYTEST_ARGS)

# 100,000 mutated logs per game through the verifier, the verify_log command and the API; the
# four games run side by side, each printing its figures (see docs/reliability.md).
FUZZ_CASES ?= 100000
fuzz: $(STAMP)
	@for part in leapfrog_race measure_and_tempo froggit leap_frog hypothesis_draws; do \
	  FUZZ_CASES=$(FUZZ_CASES) $(BIN)/python -m pytest -q -p no:cacheprovider --durations=0 \
	    tests/tournaments/test_fuzz_logs.py -k "$$part" $(PYTEST_ARGS) > .fuzz-$$part.log 2>&1 & pids="$$pids $$!"; \
	done; status=0; for pid in $$pids; do wait $$pid || status=1; done; \
	for part in leapfrog_race measure_and_tempo froggit leap_frog hypothesis_draws; do \
	  echo "== $$part"; grep -E "passed|failed|^[0-9.]+s call" .fuzz-$$part.log; done; \
	exit $$status

# The speed benchmarks of docs/benchmarks.md (engines, tournament throughput, bot processes,
# ratings, the API under load), about 20 minutes on a quiet machine; figures in bench/results/.
bench: $(STAMP)
	PYTHON=$(BIN)/python bench/run

# The built-in bots' win rates against each other (docs/benchmarks.md, "Bot strength").
BENCH_GAMES ?= 200
bench-strength: $(STAMP)
	cd bench && for script in *_bots.py; do ../$(BIN)/python $$script --games $(BENCH_GAMES) || exit 1; done

# 1,000 spectators' live streams on one web process: a move's time to the last of them, memory
# per connection, page requests meanwhile (docs/benchmarks.md, "Spectators"); needs PostgreSQL
# and Redis (REDIS_URL, DATABASE_URL).
SPECTATORS ?= 1000
bench-spectators: $(STAMP)
	$(BIN)/python bench/spectators.py --spectators $(SPECTATORS)

# The whole service on one machine (web, worker, beat from the Procfile, run by honcho) against
# PostgreSQL and Redis already running here; Ctrl-C stops it. Override the URLs to use others.
up: export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/leapfrog
up: export CELERY_BROKER_URL ?= redis://127.0.0.1:6379/0
up: export CELERY_MATCH_QUEUE ?= matches
up: export PATH := $(abspath $(BIN)):$(PATH)
up: $(STAMP)
	$(BIN)/python manage.py create_database
	$(BIN)/python manage.py migrate --no-input -v 0
	$(BIN)/python manage.py collectstatic --no-input -v 0
	@echo "Starting web (uvicorn: pages and live updates at http://127.0.0.1:$${PORT:-8000}/), worker and beat; Ctrl-C stops them."
	$(BIN)/honcho start

install: $(STAMP)

$(STAMP): requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed (set PYTHON=python3.11)")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	rm -f $(VENV)/.installed-* && touch $@

clean:
	rm -rf $(VENV) db.sqlite3 .pytest_cache .hypothesis
