# cardc: the card-game compiler, its runtime, the shipped games and tests.
#
#   make          build/bin/cardc, the card file's JSON Schema
#                 (build/share/cardc) and one binary per game in decks/
#   make demo     install missing build dependencies, build, check every deck
#   make test     the whole suite (unit tests under ASan+UBSan, golden
#                 diagnostics, limits, generated C, hostile inputs,
#                 valgrind; docs/LIMITS.md says which runs under what)
#   make bench    speed figures, measured side by side in one run, and
#                 instructions per game under callgrind, for every game
#                 of bench/games.list; OLD=DIR (an older checkout or its
#                 build directory) sets DIR's figures beside these and
#                 fails if a game's instructions per game grew over 5%
#   make bless    rewrite examples/broken/*.expected from what cardc prints
#                 now; review `git diff examples/` before committing
#   make install  cardc, libcardrt.a, the runtime's headers, cardrt.pc,
#                 the man pages, the card file's schema and the bash, zsh
#                 and fish completions (completions/) into PREFIX
#                 (/usr/local), staged under DESTDIR if given; make
#                 uninstall removes them

CC      ?= cc
CSTD     = -std=c11 -D_POSIX_C_SOURCE=200809L
WARN     = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Wwrite-strings -Wundef
OPT     ?= -O2 -g
CFLAGS_ALL = $(CSTD) $(WARN) $(OPT) $(CFLAGS)
# What is built under ASan+UBSan is built at -Og (the last -O given wins):
# with UBSan, gcc takes about three times as long at -O1 or -O2, and the
# ASan builds were most of what `make test-bins` compiles, while what they
# run (the tests' short inputs, a few thousand games) runs only a quarter
# slower (2,000 invariants games of Easy School: 5.4 s against 4.4 s at
# -O1; 3.6 s against 10 s to compile). -O0 compiles faster still but plays
# twice as slowly, and gives up the warnings that need the optimizer.
SAN      = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -Og \
           $(TEST_G)
# Binaries under ASan+UBSan link the sanitizers' runtimes statically: the
# tests start such binaries some thousands of times, and the dynamic
# loader's binding of libasan's symbols is a quarter of the time each
# start takes (100 runs of a short Easy School game: 1.0 s of CPU against
# 1.37 s). What they check is the same.
SAN_LINK = $(SAN) -static-libasan -static-libubsan
# The debug information of the games' C and of what only the tests run
# (all that is built under ASan+UBSan): line tables (-g1, the last -g
# given wins), all that backtraces, the sanitizers' reports, valgrind and
# callgrind use, without the types and variables of -g that gdb shows.
# These are most of what `make test-bins` compiles, and -g1 compiles them
# in two thirds of the time (School Control's C: 2.7 s against 3.8 at -O2,
# 3.7 against 5.0 under ASan+UBSan). `make TEST_G=-g` for the whole.
TEST_G  ?= -g1

B        = build
SCHEMA   = $(B)/share/cardc/cardc-cards.schema.json
YAML_LIBS = $(shell pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml)
CRIT_LIBS = $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)

COMPILER_SRC = $(wildcard compiler/*.c)
COMPILER_LIB = $(filter-out compiler/main.c,$(COMPILER_SRC))
GRAMMAR_OBJ  = $(B)/obj/gen/parser.tab.o $(B)/obj/gen/parser_fast.tab.o $(B)/obj/gen/lexer.o
GRAMMAR_ASAN = $(B)/asan/gen/parser.tab.o $(B)/asan/gen/parser_fast.tab.o $(B)/asan/gen/lexer.o
COMPILER_OBJ = $(COMPILER_LIB:%.c=$(B)/obj/%.o) $(GRAMMAR_OBJ)
ASAN_OBJ     = $(COMPILER_LIB:%.c=$(B)/asan/%.o) $(GRAMMAR_ASAN)
TEST_SRC     = $(wildcard tests/unit/*.c)
DECKS        = $(patsubst %/,%,$(sort $(dir $(wildcard decks/*/cards.yaml))))

.PHONY: all demo test deps bench clean check-decks golden valgrind unit bless games

# A recipe that fails leaves no target behind (a half-written object or
# library would look up to date). The C of a game, build/gen/GAME.c, is
# .PRECIOUS below, which this does not cover: cardc itself writes it whole
# or not at all (a temporary beside it, renamed; tests/output.sh).
.DELETE_ON_ERROR:

# Every deck folder with a *.rules file is a game: build/bin/GAME.
GAMES    = $(notdir $(patsubst %/,%,$(sort $(dir $(wildcard decks/*/*.rules)))))
GAME_BIN = $(GAMES:%=$(B)/bin/%)

# all: cardc, its schema and every deck's game. test-bins and check-bins
# (and test and check, through them) build all too, in a make of their own
# (below): given beside one of them (`make -j2 all test-bins`), all leaves
# the building to that make, which owns every file, or the two makes
# would build the same files at once (cardc linked by both, one link over
# the other's half-written file: "Error 127", an ld error, on a clean
# build). So does check-bins beside test-bins, which builds all it does.
BINS_GOAL = $(firstword $(filter test-bins check-bins test check,$(MAKECMDGOALS)))
all: $(if $(BINS_GOAL),$(BINS_GOAL),$(B)/bin/cardc $(SCHEMA) $(GAME_BIN))

games: $(GAME_BIN)

# The grammar: bison and flex write into build/gen, never into git.
# One bison run writes both files: a grouped target (&:, GNU make 4.3), so
# that make -j does not start a second run for the other file.
$(B)/gen/parser.tab.c $(B)/gen/parser.tab.h &: grammar/parser.y
	@mkdir -p $(B)/gen
	bison -Wall -Werror -o $(B)/gen/parser.tab.c --defines=$(B)/gen/parser.tab.h $<

# The same grammar without LAC (parse.lac none), as rlparse_fast: card
# effects are parsed with it first, and again with rlparse only when it
# reports something (compiler/parse.c, parse_effect).
$(B)/gen/parser_fast.tab.c: grammar/parser.y
	@mkdir -p $(B)/gen
	bison -Wall -Werror -Fparse.lac=none -o $@ $<
	sed -i '1i #define RL_FAST_PARSER 1' $@

$(B)/gen/lexer.c: grammar/lexer.l
	@mkdir -p $(B)/gen
	flex -o $@ $<

# flex's skeleton compares signed with unsigned and defines helpers we do
# not call: the narrow exception the generated scanner needs.
FLEX_OK = -Wno-sign-compare -Wno-unused-function -Wno-missing-prototypes
GEN_H   = $(B)/gen/parser.tab.h
INC     = -Icompiler -I$(B)/gen

$(B)/obj/gen/lexer.o: $(B)/gen/lexer.c $(GEN_H) $(wildcard compiler/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(FLEX_OK) $(INC) -c $< -o $@

$(B)/asan/gen/lexer.o: $(B)/gen/lexer.c $(GEN_H) $(wildcard compiler/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(SAN) $(FLEX_OK) $(INC) -c $< -o $@

$(B)/obj/gen/%.o: $(B)/gen/%.c $(GEN_H) $(wildcard compiler/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(INC) -c $< -o $@

$(B)/asan/gen/%.o: $(B)/gen/%.c $(GEN_H) $(wildcard compiler/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(SAN) $(INC) -c $< -o $@

$(B)/obj/%.o: %.c $(wildcard compiler/*.h) runtime/utf8.h $(GEN_H)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(INC) -c $< -o $@

$(B)/asan/%.o: %.c $(wildcard compiler/*.h) runtime/utf8.h $(GEN_H)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(SAN) $(INC) -c $< -o $@

# Where cardc finds the runtime to build a game's binary (`cardc build
# GAMEDIR -o GAME`, compiler/toolchain.c): compiled into toolchain.o alone.
# The build tree's cardc uses the build tree's runtime (the headers of
# runtime/, build/lib/libcardrt.a); `make install` compiles a toolchain.o
# of its own, with PREFIX's (below). A stamp holding the folders rebuilds
# the object when they change (a checkout moved, another B).
# The card file's JSON Schema for editors (SCHEMA, `cardc schema`) is
# written beside the build's cardc, and its path compiled in with the
# runtime's, for the modeline of `cardc init` (make install: PREFIX/share/cardc).
RT_PATHS = -DCARDC_RUNTIME_INC='"$(abspath runtime)"' -DCARDC_RUNTIME_LIB='"$(abspath $(B)/lib)"' \
           -DCARDC_SCHEMA_FILE='"$(abspath $(SCHEMA))"'

$(B)/obj/compiler/toolchain.o $(B)/asan/compiler/toolchain.o: $(B)/rt-paths
$(B)/obj/compiler/toolchain.o $(B)/asan/compiler/toolchain.o: CFLAGS_ALL += $(RT_PATHS)

.PHONY: FORCE
$(B)/rt-paths: FORCE
	@mkdir -p $(dir $@)
	@echo '$(RT_PATHS)' | cmp -s - $@ || echo '$(RT_PATHS)' >$@

$(B)/bin/cardc: $(COMPILER_OBJ) $(B)/obj/compiler/main.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $^ -o $@ $(YAML_LIBS)

$(SCHEMA): $(B)/bin/cardc
	@mkdir -p $(dir $@)
	$(B)/bin/cardc schema >$@.tmp && mv $@.tmp $@

$(B)/bin/cardc-asan: $(ASAN_OBJ) $(B)/asan/compiler/main.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(SAN_LINK) $^ -o $@ $(YAML_LIBS)

$(B)/bin/unit-tests: $(TEST_SRC) $(ASAN_OBJ) $(wildcard compiler/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(SAN_LINK) $(INC) $(TEST_SRC) $(ASAN_OBJ) -o $@ \
	    $(CRIT_LIBS) $(YAML_LIBS)

# libcardrt: the runtime every game binary links with (runtime/), plain
# and under ASan+UBSan; tests/runtime holds a hand-written game on it.
# runtime/rt_game.h is no part of the library: every game's C includes it
# (so games and runtime-tests depend on RT_HDR).
RT_SRC    = $(wildcard runtime/*.c)
RT_HDR    = $(wildcard runtime/*.h)
RT_CFLAGS = $(CSTD) $(WARN) -O2 -g -pthread $(CFLAGS)
RT_TEST   = tests/runtime
RT_GAME   = $(RT_TEST)/high_card.c $(RT_TEST)/high_card.h

$(B)/rt/%.o: runtime/%.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -c $< -o $@

$(B)/rt-asan/%.o: runtime/%.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) $(SAN) -c $< -o $@

# The page of `GAME serve` (runtime/serve/: HTML, JS, CSS) becomes C byte
# arrays in build/serve/files.c (runtime/serve/embed.sh, od and sed), which
# the library holds beside the runtime's objects.
SERVE_FILES = runtime/serve/page.html runtime/serve/page.js runtime/serve/page.css
$(B)/serve/files.c: $(SERVE_FILES) runtime/serve/embed.sh
	@mkdir -p $(dir $@)
	sh runtime/serve/embed.sh $(SERVE_FILES) > $@

$(B)/rt/serve-files.o: $(B)/serve/files.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -Iruntime -c $< -o $@

$(B)/rt-asan/serve-files.o: $(B)/serve/files.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) $(SAN) -Iruntime -c $< -o $@

$(B)/lib/libcardrt.a: $(RT_SRC:runtime/%.c=$(B)/rt/%.o) $(B)/rt/serve-files.o
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(B)/lib/libcardrt-asan.a: $(RT_SRC:runtime/%.c=$(B)/rt-asan/%.o) $(B)/rt-asan/serve-files.o
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(B)/bin/high-card: $(RT_GAME) $(RT_TEST)/high_card_main.c $(B)/lib/libcardrt.a
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -Iruntime $(RT_TEST)/high_card.c $(RT_TEST)/high_card_main.c \
	    $(B)/lib/libcardrt.a -o $@

$(B)/bin/high-card-asan: $(RT_GAME) $(RT_TEST)/high_card_main.c $(B)/lib/libcardrt-asan.a
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) $(SAN_LINK) -Iruntime $(RT_TEST)/high_card.c \
	    $(RT_TEST)/high_card_main.c $(B)/lib/libcardrt-asan.a -o $@

$(B)/bin/runtime-tests: $(RT_GAME) $(wildcard $(RT_TEST)/test_*.c) $(B)/lib/libcardrt-asan.a $(RT_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) $(SAN_LINK) -Iruntime -I$(RT_TEST) $(RT_TEST)/high_card.c \
	    $(wildcard $(RT_TEST)/test_*.c) $(B)/lib/libcardrt-asan.a -o $@ $(CRIT_LIBS)

# A game: cardc writes its C, which builds with the full warning set.
.PRECIOUS: $(B)/gen/%.c
.SECONDEXPANSION:
$(B)/gen/%.c: $(B)/bin/cardc $$(wildcard decks/$$*/*.rules) decks/$$*/cards.yaml
	@mkdir -p $(dir $@)
	$(B)/bin/cardc build decks/$* -o $@

# A test game (tests/games/NAME/, e.g. a *-lab) builds the same way, for
# the scenario and invariants drivers: build/gen/NAME.c.
$(B)/gen/%.c: $(B)/bin/cardc $$(wildcard tests/games/$$*/*.rules) tests/games/$$*/cards.yaml
	@mkdir -p $(dir $@)
	$(B)/bin/cardc build tests/games/$* -o $@

# A game's C is compiled once per flavour (plain, ASan+UBSan) into an
# object without its main (-DCARDC_NO_MAIN): the game's binary, its
# invariants driver and its scenario runner all link that one object. The
# drivers (the main a game's C would have, runtime/main/game_main.c; the
# invariants; the scenario runner) are objects of their own, in build/drv*.
GAME_CC = $(CC) $(RT_CFLAGS) $(TEST_G) -Iruntime -DCARDC_NO_MAIN
.PRECIOUS: $(B)/gobj/%.o $(B)/gobj-asan/%.o

$(B)/gobj/%.o: $(B)/gen/%.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(GAME_CC) -c $< -o $@

$(B)/gobj-asan/%.o: $(B)/gen/%.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(GAME_CC) $(SAN) -c $< -o $@

$(B)/drv/main.o: runtime/main/game_main.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(GAME_CC) -c $< -o $@

$(B)/drv-asan/main.o: runtime/main/game_main.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(GAME_CC) $(SAN) -c $< -o $@

$(B)/drv/invariants.o: tests/invariants/invariants.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(GAME_CC) -c $< -o $@

$(B)/drv-asan/invariants.o: tests/invariants/invariants.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(GAME_CC) $(SAN) -c $< -o $@

$(B)/drv-asan/determinize.o: tests/agents/determinize.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(GAME_CC) $(SAN) -c $< -o $@

$(B)/drv-asan/runner.o: tests/scenario/runner.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(GAME_CC) $(SAN) -c $< -o $@

$(B)/bin/%: $(B)/drv/main.o $(B)/gobj/%.o $(B)/lib/libcardrt.a
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) $^ -o $@

$(B)/bin/%-asan: $(B)/drv-asan/main.o $(B)/gobj-asan/%.o $(B)/lib/libcardrt-asan.a
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) $(SAN_LINK) $^ -o $@

.PHONY: runtime-test
runtime-test: $(B)/bin/runtime-tests $(B)/bin/high-card-asan $(B)/bin/high-card
	@sh $(RT_TEST)/run.sh $(B)/bin/runtime-tests $(B)/bin/high-card-asan $(B)/bin/high-card

# Scenario files (tests/scenario/GAME/*.scn) and random-game invariants
# (tests/invariants/): generic drivers on rt.h, linked with a game's C.
SCN_GAMES = $(notdir $(patsubst %/,%,$(sort $(dir $(wildcard tests/scenario/*/*.scn)))))
GAME_LINK = -Iruntime -DCARDC_NO_MAIN
$(B)/bin/scenario-%: $(B)/drv-asan/runner.o $(B)/gobj-asan/%.o $(B)/lib/libcardrt-asan.a
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) $(SAN_LINK) $^ -o $@

# The agents' determinization checked over random games (tests/agents/).
$(B)/bin/determinize-%-asan: $(B)/drv-asan/determinize.o $(B)/gobj-asan/%.o $(B)/lib/libcardrt-asan.a
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) $(SAN_LINK) $^ -o $@

$(B)/bin/invariants-%-asan: $(B)/drv-asan/invariants.o $(B)/gobj-asan/%.o $(B)/lib/libcardrt-asan.a
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) $(SAN_LINK) $^ -o $@

$(B)/bin/invariants-%: $(B)/drv/invariants.o $(B)/gobj/%.o $(B)/lib/libcardrt.a
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) $^ -o $@

.PHONY: scenario invariants
scenario: $(SCN_GAMES:%=$(B)/bin/scenario-%)
	@for g in $(SCN_GAMES); do \
	    $(B)/bin/scenario-$$g tests/scenario/$$g/*.scn || exit 1; \
	done

# tests/invariants/games lists the games checked, one a line: NAME, its
# player range (A..B) and how many games (100,000 when not said). Each:
# those games at -O2 (timed), then 2,000 under ASan+UBSan
# (tests/invariants/run.sh).
INV_GAMES = $(shell sed -n 's/^\([a-z0-9-]*\) .*/\1/p' tests/invariants/games)
# tests/agents/games: the games whose determinization is checked.
DET_GAMES = $(shell sed -n 's/^\([a-z0-9-]*\) .*/\1/p' tests/agents/games)
invariants: $(INV_GAMES:%=$(B)/bin/invariants-%) $(INV_GAMES:%=$(B)/bin/invariants-%-asan)
	@sh tests/invariants/run.sh $(B)

# Installs what is missing, through apt-get, only when something is.
deps:
	@sh tests/deps.sh

check-decks: $(B)/bin/cardc
	@for d in $(DECKS); do \
	    printf '%-28s ' "$$d"; \
	    $(B)/bin/cardc check $$d && echo ok || exit 1; \
	done

demo: deps
	@$(MAKE) --no-print-directory all
	@echo "== cardc check: every shipped deck"
	@$(MAKE) --no-print-directory check-decks
	@echo "== cardc check: the rulebooks as written, which must be rejected"
	@for f in examples/rulebooks/*.yaml; do \
	    r=$${f%.yaml}.rules; set -- $$f; [ -f $$r ] && set -- $$f --rules $$r; \
	    echo "$$ cardc check $$*"; \
	    $(B)/bin/cardc check "$$@" 2>$(B)/demo-check.txt; rc=$$?; \
	    if [ $$rc != 1 ]; then \
	        echo "$$f: exit status $$rc: it should be rejected (1)"; exit 1; fi; \
	    grep -E '^[^ ].*: (error|warning):' $(B)/demo-check.txt; \
	done
	@echo "== easy-school: one game between four random players (seed 1)"
	@$(B)/bin/easy-school play --players 4 --seats random,random,random,random \
	    --seed 1 --reveal-all
	@echo "== easy-school: 10000 games between random players (seed 1)"
	@$(B)/bin/easy-school simulate --games 10000 --players 4 --seed 1
	@echo "== easy-school: what 10000 games passed through, by rules line (simulate --coverage), an excerpt"
	@$(B)/bin/easy-school simulate --games 10000 --players 4 --seed 1 --coverage \
	    >$(B)/demo-coverage.txt
	@awk '/^Coverage over/ { on = 1 } on && n < 15 { print; n++ } \
	    /^Where each card kind/ { all = 1 } all' $(B)/demo-coverage.txt
	@echo "(the whole of it: $(B)/demo-coverage.txt)"
	@echo "== school-control: one game between three random players (seed 261), its last moves"
	@$(B)/bin/school-control play --players 3 --seats random,random,random \
	    --seed 261 --reveal-all >$(B)/demo-school-control.txt
	@tail -n 16 $(B)/demo-school-control.txt
	@echo "(the whole game: $(B)/demo-school-control.txt)"
	@echo "== school-control: 10000 games between random players (seed 1)"
	@$(B)/bin/school-control simulate --games 10000 --players 3 --seed 1
	@echo "== last-minute: one game between four random players (seed 1), its last moves"
	@$(B)/bin/last-minute play --players 4 --seats random,random,random,random \
	    --seed 1 --reveal-all >$(B)/demo-last-minute.txt
	@tail -n 16 $(B)/demo-last-minute.txt
	@echo "(the whole game: $(B)/demo-last-minute.txt)"
	@echo "== last-minute: 10000 games between random players (seed 1)"
	@$(B)/bin/last-minute simulate --games 10000 --players 4 --seed 1
	@echo "== easy-school: the balance report of 2,000 games each for 2 to 5 players (seed 1)"
	@for p in 2 3 4 5; do \
	    $(B)/bin/easy-school simulate --games 2000 --players $$p --seed 1 --jobs 2 \
	        --shard 1/1 >$(B)/demo-stats-$$p.json || exit 1; \
	done
	@$(B)/bin/easy-school stats report $(B)/demo-report $(B)/demo-stats-[2-5].json
	@echo "(the report: $(B)/demo-report/report.html, its figures $(B)/demo-report/report.json)"

unit: $(B)/bin/unit-tests
	ASAN_OPTIONS=detect_leaks=1 $(B)/bin/unit-tests --jobs 2

golden: $(B)/bin/cardc-asan
	@sh tests/golden.sh $(B)/bin/cardc-asan
	@sh tests/golden-rules.sh $(B)/bin/cardc-asan
	@sh tests/rulebooks.sh $(B)/bin/cardc-asan

# Rewrites examples/broken-rules/*/expected from what cardc prints now.
# Review `git diff examples/broken-rules/` before committing: every message
# and position must be right and helpful, not merely what cardc says today.
# Rewrites examples/rulebooks/*.expected; review `git diff examples/rulebooks/`.
.PHONY: bless-rulebooks
bless-rulebooks: $(B)/bin/cardc
	@sh tests/rulebooks.sh $(B)/bin/cardc --bless

.PHONY: bless-rules
bless-rules: $(B)/bin/cardc
	@sh tests/golden-rules.sh $(B)/bin/cardc --bless

# Rewrites tests/dump/*.expected from what `cardc build --dump` prints now.
# Review `git diff tests/dump/` before committing: every line must say what
# its phase made, not merely what cardc prints today.
.PHONY: bless-dump
bless-dump: $(B)/bin/cardc
	@sh tests/dump.sh $(B)/bin/cardc --bless

# Rewrites examples/broken/*.expected (and the .expected.json that exist)
# from what cardc prints now. Review `git diff examples/` before committing.
bless: $(B)/bin/cardc
	@sh tests/golden.sh $(B)/bin/cardc --bless

valgrind: $(B)/bin/cardc $(B)/bin/easy-school
	@sh tests/valgrind.sh $(B)/bin/cardc $(B)/bin/easy-school

# Every limit of docs/LIMITS.md just under and just over, under ASan+UBSan.
.PHONY: limits
limits: $(B)/bin/cardc-asan $(B)/bin/easy-school-asan $(B)/lib/libcardrt-asan.a
	@sh tests/limits/limits.sh $(B)/bin/cardc-asan $(B)/bin/easy-school-asan

# Test games whose direct copy (simulate) must play the games of their
# resumable copy (play), seed by seed, as every deck's does.
SAME_LABS = $(shell sed '/^[[:punct:]]/d' tests/games/same-labs)

# The suite: its steps are listed in tests/suite.steps and run side by side
# by tests/suite.sh (as many at once as there are cores), each writing its
# log to build/test-logs/. What they run is built first, once, in one make
# (two steps never build the same file): test-bins for `make test`,
# check-bins for the quick tier `make check`.
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
SUB_JOBS  = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))
CHECK_BINS = all $(B)/bin/cardc-asan $(B)/bin/unit-tests $(B)/lib/libcardrt-asan.a \
             $(SCN_GAMES:%=$(B)/bin/scenario-%)
TEST_BINS  = $(CHECK_BINS) \
             $(B)/bin/runtime-tests $(B)/bin/high-card-asan $(B)/bin/high-card \
             $(INV_GAMES:%=$(B)/bin/invariants-%) $(INV_GAMES:%=$(B)/bin/invariants-%-asan) \
             $(DET_GAMES:%=$(B)/bin/determinize-%-asan) \
             $(GAMES:%=$(B)/bin/%-asan) $(SAME_LABS:%=$(B)/bin/%)

.PHONY: check check-bins test-bins check-bins-all test-bins-all
check-bins:
	@$(MAKE) --no-print-directory $(SUB_JOBS) check-bins-all

test-bins:
	@$(MAKE) --no-print-directory $(SUB_JOBS) test-bins-all

ifneq ($(filter test-bins test,$(MAKECMDGOALS)),)
check-bins: test-bins
endif

# (a goal of their own, so that make says nothing of what is up to date)
check-bins-all: $(CHECK_BINS)
	@:

test-bins-all: $(TEST_BINS)
	@:

# The quick tier, for the edit-compile loop: the build, the golden
# diagnostics, the unit tests and the scenarios of every game.
check: deps
	@$(MAKE) --no-print-directory check-bins
	@sh tests/suite.sh --jobs $(JOBS) check

# The whole suite (tests/suite.steps lists its steps).
test: deps
	@$(MAKE) --no-print-directory test-bins
	@sh tests/suite.sh --jobs $(JOBS) test

# School Control's binary against a second implementation of its rules,
# written in Python from the rulebook and the README's readings (not from
# game.rules): 1,350 seeded games at 2-4 players, every move, option and
# result, and doctored transcripts it must reject (tests/school-control/).
.PHONY: check-transcripts
check-transcripts: $(B)/bin/school-control
	@sh tests/school-control/check-transcripts.sh $(B)/bin/school-control

# Every game binary fed what users send (tests/games/robust.sh), under
# ASan+UBSan: closed stdin, garbage, huge lines, bad ids, closed stdout.
.PHONY: games-robust
games-robust: $(GAMES:%=$(B)/bin/%-asan)
	@for g in $(GAMES); do sh tests/games/robust.sh $(B)/bin/$$g-asan || exit 1; done

# make bench: cardc check beside libyaml's bare parse (bench/cards.sh),
# Easy School beside a hand-written simulator (bench/games.sh,
# bench/instructions.sh), then every game of bench/games.list, its games/s,
# decisions/s and instructions per game (bench/each-game.sh). OLD=DIR (an
# older checkout, or its build directory) measures DIR's binaries beside
# these; the result line fails the run if a game's instructions per game
# grew more than 5% (bench/compare.sh; docs/RUNTIME.md, "Reading make bench").
BENCH_GAMES = $(shell sed -n 's/^\([a-z0-9-]*\) .*/\1/p' bench/games.list)
bench: $(B)/bin/cardc $(B)/bin/easy-school $(BENCH_GAMES:%=$(B)/bin/%)
	@sh bench/cards.sh $(B) $(OLD)
	@sh bench/games.sh $(B) $(RT_CFLAGS)
	@sh bench/instructions.sh $(B) $(RT_CFLAGS)
	@sh bench/each-game.sh $(B) $(OLD)

# ---- fuzzing: libFuzzer harnesses (clang), corpora seeded from the repo ----
FUZZ_CC      = clang
FUZZ_FLAGS   = $(CSTD) $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined \
               -fno-sanitize-recover=all
FUZZ_SECONDS ?= 60
FUZZ_SRC     = $(COMPILER_LIB) $(B)/gen/parser.tab.c $(B)/gen/parser_fast.tab.c
FUZZ_TARGETS = cards rules protocol ttf
# The protocol harness links one game's C: fuzz-protocol is FUZZ_GAME's.
FUZZ_GAME   ?= easy-school

$(B)/fuzz/lexer.o: $(B)/gen/lexer.c $(GEN_H)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FLEX_OK) $(INC) -c $< -o $@

$(B)/fuzz/fuzz-%: fuzz/fuzz_%.c $(FUZZ_SRC) $(B)/fuzz/lexer.o $(wildcard compiler/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(INC) $< $(FUZZ_SRC) $(B)/fuzz/lexer.o -o $@ $(YAML_LIBS)

# A game's JSON protocol (and terminal) reader, against the running game:
# the runtime's sources and the game's C, all under libFuzzer, so the
# fuzzer also gets coverage feedback from the rules' code.
FUZZ_GAME_CC = $(FUZZ_CC) $(FUZZ_FLAGS)

.PRECIOUS: $(B)/fuzz/game-%.o
$(B)/fuzz/game-%.o: $(B)/gen/%.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(FUZZ_GAME_CC) $(GAME_LINK) -c $< -o $@

$(B)/fuzz/fuzz-protocol-%: fuzz/fuzz_protocol.c $(B)/fuzz/game-%.o $(RT_SRC) $(RT_HDR) $(B)/serve/files.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(GAME_LINK) $< $(B)/fuzz/game-$*.o $(RT_SRC) $(B)/serve/files.c -o $@

# Relinked every time, so that a change of FUZZ_GAME takes.
.PHONY: $(B)/fuzz/fuzz-protocol
$(B)/fuzz/fuzz-protocol: $(B)/fuzz/fuzz-protocol-$(FUZZ_GAME)
	@ln -sf fuzz-protocol-$(FUZZ_GAME) $@

# make fuzz-protocol-GAME: that game's protocol harness, FUZZ_SECONDS long.
fuzz-protocol-%: $(B)/fuzz/fuzz-protocol-%
	@sh fuzz/run.sh $(B) $(FUZZ_SECONDS) protocol-$*

.PHONY: fuzz fuzz-build fuzz-ci
fuzz-build: $(FUZZ_TARGETS:%=$(B)/fuzz/fuzz-%)

# make fuzz FUZZ_SECONDS=N: each harness for N seconds (default 60).
fuzz: fuzz-build
	@sh fuzz/run.sh $(B) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# CI: a short run of each on every change.
fuzz-ci: fuzz-build
	@sh fuzz/run.sh $(B) 15 $(FUZZ_TARGETS)

clean:
	rm -rf $(B)

# ---- install: cardc, libcardrt.a, the runtime's headers, cardrt.pc, the
# man pages (man/) and the shell completions (completions/) ----
#   make install [PREFIX=/usr/local] [DESTDIR=]    make uninstall (the same)
# PREFIX is compiled into the installed cardc, a build of its own
# (build/install/cardc): there it finds the runtime for `cardc build
# GAMEDIR -o GAME`. DESTDIR only stages the files (a package's root): it is
# never compiled in. tests/install.sh installs, builds a game against the
# installed tree alone, plays it and uninstalls.
PREFIX  ?= /usr/local
BINDIR   = $(PREFIX)/bin
LIBDIR   = $(PREFIX)/lib
INCDIR   = $(PREFIX)/include/cardrt
PCDIR    = $(LIBDIR)/pkgconfig
MANDIR   = $(PREFIX)/share/man
DATADIR  = $(PREFIX)/share/cardc
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  = $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d
VERSION  = $(shell sed -n 's/^\#define CARDC_VERSION "\(.*\)"/\1/p' compiler/cardc.h)
RT_PUBLIC = runtime/rt.h runtime/rt_game.h runtime/faults.h
MAN_PAGES = man/cardc.1 man/cardc-cards.5 man/cardc-rules.5 man/cardc-protocol.7
INST_PATHS = -DCARDC_RUNTIME_INC='"$(INCDIR)"' -DCARDC_RUNTIME_LIB='"$(LIBDIR)"' \
             -DCARDC_SCHEMA_FILE='"$(DATADIR)/cardc-cards.schema.json"'
INSTALLED = $(BINDIR)/cardc $(LIBDIR)/libcardrt.a $(RT_PUBLIC:runtime/%=$(INCDIR)/%) \
            $(PCDIR)/cardrt.pc $(MANDIR)/man1/cardc.1 $(MANDIR)/man5/cardc-cards.5 \
            $(MANDIR)/man5/cardc-rules.5 $(MANDIR)/man7/cardc-protocol.7 \
            $(DATADIR)/cardc-cards.schema.json \
            $(BASHCOMPDIR)/cardc $(BASHCOMPDIR)/cardc-game $(ZSHCOMPDIR)/_cardc \
            $(ZSHCOMPDIR)/_cardc_game $(FISHCOMPDIR)/cardc.fish $(FISHCOMPDIR)/cardc-game.fish

.PHONY: install uninstall
$(B)/install/paths: FORCE
	@case '$(PREFIX)' in /*) ;; *) echo "PREFIX must be an absolute path, not '$(PREFIX)'"; exit 1;; esac
	@mkdir -p $(dir $@)
	@echo '$(INST_PATHS)' | cmp -s - $@ || echo '$(INST_PATHS)' >$@

$(B)/install/toolchain.o: compiler/toolchain.c $(wildcard compiler/*.h) $(B)/install/paths
	$(CC) $(CFLAGS_ALL) $(INST_PATHS) $(INC) -c $< -o $@

$(B)/install/cardc: $(filter-out %/toolchain.o,$(COMPILER_OBJ)) $(B)/install/toolchain.o \
                    $(B)/obj/compiler/main.o
	$(CC) $(CFLAGS_ALL) $^ -o $@ $(YAML_LIBS)

$(B)/install/cardrt.pc: runtime/cardrt.pc.in $(B)/install/paths
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' $< >$@

install: $(B)/install/cardc $(B)/lib/libcardrt.a $(B)/install/cardrt.pc $(MAN_PAGES) $(SCHEMA)
	install -d $(sort $(dir $(INSTALLED:%=$(DESTDIR)%)))
	install -m 755 $(B)/install/cardc $(DESTDIR)$(BINDIR)/cardc
	install -m 644 $(B)/lib/libcardrt.a $(DESTDIR)$(LIBDIR)/libcardrt.a
	install -m 644 $(RT_PUBLIC) $(DESTDIR)$(INCDIR)
	install -m 644 $(B)/install/cardrt.pc $(DESTDIR)$(PCDIR)/cardrt.pc
	install -m 644 man/cardc.1 $(DESTDIR)$(MANDIR)/man1
	install -m 644 man/cardc-cards.5 man/cardc-rules.5 $(DESTDIR)$(MANDIR)/man5
	install -m 644 man/cardc-protocol.7 $(DESTDIR)$(MANDIR)/man7
	install -m 644 $(SCHEMA) $(DESTDIR)$(DATADIR)
	install -m 644 completions/cardc.bash $(DESTDIR)$(BASHCOMPDIR)/cardc
	install -m 644 completions/cardc-game.bash $(DESTDIR)$(BASHCOMPDIR)/cardc-game
	install -m 644 completions/_cardc completions/_cardc_game $(DESTDIR)$(ZSHCOMPDIR)
	install -m 644 completions/cardc.fish completions/cardc-game.fish $(DESTDIR)$(FISHCOMPDIR)

# Removes what install wrote, and the folders of the headers and of the
# schema (cardc's own); the shared folders (bin, lib, share/man/man1...) stay.
uninstall:
	rm -f $(INSTALLED:%=$(DESTDIR)%)
	if [ -d $(DESTDIR)$(INCDIR) ]; then rmdir $(DESTDIR)$(INCDIR); fi
	if [ -d $(DESTDIR)$(DATADIR) ]; then rmdir $(DESTDIR)$(DATADIR); fi
