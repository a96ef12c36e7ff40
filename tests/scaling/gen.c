/* gen.c: writes the input of one scaling case at size N (tests/scaling.sh).
 *
 *   gen CASE N DIR     writes DIR/cards.yaml (and DIR/game.rules for the
 *                      cases with rules); prints the PATH to check
 *
 * Each case grows one thing that once cost the square of N, or a product
 * of two of its parts; the script checks cardc at N and 10 N. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *open_in(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(2);
    }
    return f;
}

static void close_file(FILE *f)
{
    if (fclose(f) != 0) {
        perror("gen");
        exit(2);
    }
}

/* The smallest game the rules cases add their lines to. */
static void game_head(FILE *f)
{
    fputs("game \"Scale\"\nplayers 2..4\nzone pile: shared, public\n", f);
}

enum { PER_PROC = 100 }; /* statements of a proc: well within max_locals */

/* Opens statement i of a game's N statements: main calls procs s0, s1, ...
 * of PER_PROC statements each. */
static void open_stmt(FILE *f, long i, long n)
{
    if (i == 0) {
        fputs("proc main() {\n", f);
        for (long k = 0; k < (n + PER_PROC - 1) / PER_PROC; k++)
            fprintf(f, "    s%ld()\n", k);
        fputs("    end\n}\n", f);
    }
    if (i % PER_PROC == 0)
        fprintf(f, "%sproc s%ld() {\n", i ? "}\n" : "", i / PER_PROC);
}

/* cards: N cards whose text names the next card, which their effect
 * quotes: every effect's text against every card name. Clean. */
static const char *text_effect(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  spell:\ncards:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  - name: Card %ld\n    type: spell\n"
                   "    text: \"Swap this card with Card %ld of another player.\"\n"
                   "    effect: 'let c = \"Card %ld\"'\n",
                i, (i + 1) % n, (i + 1) % n);
    close_file(f);
    return "cards.yaml";
}

/* cards: N types of one attribute each, one card of each: N attributes
 * that no card but one has. Clean. */
static const char *sparse_attrs(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  t%ld: {attributes: {a%ld: [v]}}\n", i, i);
    fputs("cards:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  - {name: C%ld, type: t%ld, a%ld: v}\n", i, i, i);
    close_file(f);
    return "cards.yaml";
}

/* cards: one type of N attributes, one card that gives them all. Clean. */
static const char *wide_card(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  t:\n    attributes:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "      a%ld: [v]\n", i);
    fputs("cards:\n  - name: Wide\n    type: t\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "    a%ld: v\n", i);
    close_file(f);
    return "cards.yaml";
}

/* cards: an attribute of N values, a card of each, and an 'expect' that
 * counts each value. Clean. */
static const char *expect_values(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  t:\n    attributes:\n      col: [", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "%sv%ld", i ? ", " : "", i);
    fputs("]\ncards:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  - {name: C%ld, type: t, col: v%ld}\n", i, i);
    fputs("expect:\n  attributes:\n    col:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "      v%ld: 1\n", i);
    close_file(f);
    return "cards.yaml";
}

/* cards: N types and attributes, and N cards of an undeclared type with an
 * unknown key: "did you mean" over every type and every attribute, for
 * errors past --max-errors too. */
static const char *unknown_keys(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  t%ld: {attributes: {a%ld: [v]}}\n", i, i);
    fputs("cards:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  - {name: C%ld, type: x%ld, k%ld: v}\n", i, i, i);
    close_file(f);
    return "cards.yaml";
}

/* rules: N variables, each added an unknown name: "did you mean" over
 * every name in scope, for errors past --max-errors too. */
static const char *unknown_names(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  t:\ncards:\n  - {name: C, type: t}\n", f);
    close_file(f);
    f = open_in(dir, "game.rules");
    game_head(f);
    for (long i = 0; i < n; i++)
        fprintf(f, "var g%ld: int = 0\n", i);
    fputs("proc main() {\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "    g%ld += u%ld\n", i, i);
    fputs("    end\n}\n", f);
    close_file(f);
    return ".";
}

/* rules: N attribute values used by name: each name looked up among the
 * values of every attribute. Clean. */
static const char *value_names(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  t%ld: {attributes: {a%ld: [w%ld]}}\n", i, i, i);
    fputs("cards:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  - {name: C%ld, type: t%ld, a%ld: w%ld}\n", i, i, i, i);
    close_file(f);
    f = open_in(dir, "game.rules");
    game_head(f);
    for (long i = 0; i < n; i++) {
        open_stmt(f, i, n);
        fprintf(f, "    let x%ld = w%ld\n", i, i);
    }
    fputs("}\n", f);
    close_file(f);
    return ".";
}

/* rules: N cards, and N choices of a card by name, the last card first:
 * each choice proven to have an option by a search of the deck. Clean. */
static const char *choice_names(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  t:\ncards:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  - {name: C%ld, type: t}\n", i);
    close_file(f);
    f = open_in(dir, "game.rules");
    game_head(f);
    for (long i = 0; i < n; i++) {
        open_stmt(f, i, n);
        fprintf(f, "    let c%ld = choose card seat(0) \"Pick\" from pile where name == \"C%ld\" "
                   "else \"None\"\n", i, n - 1 - i);
    }
    fputs("}\n", f);
    close_file(f);
    return ".";
}

/* rules: a line of N opening typographic quotes that none closes. */
static const char *open_quotes(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  t:\ncards:\n  - {name: C, type: t}\n", f);
    close_file(f);
    f = open_in(dir, "game.rules");
    game_head(f);
    fputs("proc main() {\n    end\n}\n", f);
    for (long i = 0; i < n; i++)
        fputs("\xe2\x80\x9c" "a ", f);
    fputs("\n", f);
    close_file(f);
    return ".";
}

/* effects: one card whose effect opens N typographic quotes that none
 * closes. */
static const char *effect_quotes(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  t:\ncards:\n  - name: C\n    type: t\n"
          "    effect: |\n      let x = 1 ", f);
    for (long i = 0; i < n; i++)
        fputs("\xe2\x80\x9c" "a ", f);
    fputs("\n", f);
    close_file(f);
    return "cards.yaml";
}

/* effects: N cards whose effects quote a card that does not exist: "did
 * you mean" over every card, for errors past --max-errors too. */
static const char *effect_names(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  t:\ncards:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  - {name: Card %ld, type: t, effect: 'let c = \"Nope %ld\"'}\n", i, i);
    close_file(f);
    return "cards.yaml";
}

/* diagnostics: N types that no card has, one a line: N warnings, each
 * with its line echoed. */
static const char *warnings(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  t%ld:\n", i);
    fputs("cards:\n  - {name: C, type: t0}\n", f);
    close_file(f);
    return "cards.yaml";
}

/* diagnostics: the same N warnings, all on one line. */
static const char *warnings_one_line(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes: {", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "%st%ld: ", i ? ", " : "", i);
    fputs("}\ncards:\n  - {name: C, type: t0}\n", f);
    close_file(f);
    return "cards.yaml";
}

/* triggers: N events raised in a chain by N handlers of the rules (the
 * last raises itself: one cycle), and N cards whose effect raises one of
 * them: the cycle check once searched every handler from every handler,
 * and kept what each handler raises per event, zone and proc. */
static const char *trigger_chain(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  t:\ncards:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  - {name: C%ld, type: t}\n", i);
    close_file(f);
    f = open_in(dir, "game.rules");
    game_head(f);
    for (long i = 0; i < n; i++)
        fprintf(f, "event e%ld() {\n}\non e%ld() {\n    e%ld()\n}\n", i, i,
                i + 1 < n ? i + 1 : i);
    for (long i = 0; i < n; i++)
        fprintf(f, "effect \"C%ld\" {\n    play {\n        e%ld()\n    }\n}\n", i, i);
    fputs("proc main() {\n    play top(pile) by seat(0)\n    end\n}\n", f);
    close_file(f);
    return ".";
}

/* effects: N cards, each with an `instead of c enters pile` clause (a
 * proc each): what may wait in a clause was once sought with a flag per
 * proc, for every clause (20,000 cards took 500 MB). */
static const char *instead_enters(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  t:\ncards:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  - {name: C%ld, type: t}\n", i);
    close_file(f);
    f = open_in(dir, "game.rules");
    fputs("game \"Scale\"\nplayers 2..4\nzone deck: shared, hidden\n"
          "zone pile: shared, public, in play\nvar kept: int = 0\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "effect \"C%ld\" {\n    instead of c enters pile {\n        kept += 1\n"
                   "    }\n}\n", i);
    fputs("proc main() {\n    move all deck to pile\n    end\n}\n", f);
    close_file(f);
    return ".";
}

/* effects: N cards, one held zone, and N effects that each index it with
 * a card local from a filtered source: which cards may index the held zone
 * was once sought over every card, for every local and every use. */
static const char *held_locals(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  t:\n  box:\ncards:\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "  - {name: C%ld, type: t}\n", i);
    fputs("  - {name: Box, type: box}\n", f);
    close_file(f);
    f = open_in(dir, "game.rules");
    fputs("game \"Scale\"\nplayers 2..4\nzone pile: shared, public, in play\n"
          "zone under_box: under box, public, drop to pile\n", f);
    for (long i = 0; i < n; i++)
        fprintf(f, "effect \"C%ld\" {\n    play {\n"
                   "        let b = first(pile where type == box)\n"
                   "        if b != none {\n            move this to under_box[b]\n        }\n"
                   "    }\n}\n", i);
    fputs("proc main() {\n    play top(pile) by seat(0)\n    end\n}\n", f);
    close_file(f);
    return ".";
}

/* rules: N zones, declared last first (every card starts in the first
 * declared, z<N-1>), and N procs, the first moving the top card of z1 to
 * z0, the next of z2 to z1, ...: the kinds a 'play' may hold once grew
 * one zone a round, each round over every rule. */
static const char *zone_chain(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  t:\ncards:\n  - {name: A, type: t}\n  - {name: B, type: t}\n",
          f);
    close_file(f);
    f = open_in(dir, "game.rules");
    fputs("game \"Scale\"\nplayers 2..4\n", f);
    for (long i = n - 1; i >= 0; i--)
        fprintf(f, "zone z%ld: shared, public\n", i);
    fputs("effect \"A\" {\n    play {\n        end\n    }\n}\n", f);
    for (long i = 0; i + 1 < n; i++)
        fprintf(f, "proc s%ld() {\n    if size(z%ld) > 0 {\n        move top(z%ld) to z%ld\n"
                   "    }\n}\n", i, i + 1, i + 1, i);
    fputs("proc main() {\n", f);
    for (long i = n - 2; i >= 0; i--)
        fprintf(f, "    s%ld()\n", i);
    fputs("    if size(z0) > 0 {\n        play top(z0) by seat(0)\n    }\n    end\n}\n", f);
    close_file(f);
    return ".";
}

/* rules: one block of N statements (limits.sh checks 100,000 of them
 * under ASan; this is their cost). One warning: the zone is not used. */
static const char *long_block(const char *dir, long n)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  t:\ncards:\n  - {name: A, type: t}\n", f);
    close_file(f);
    f = open_in(dir, "game.rules");
    game_head(f);
    fputs("var rounds: int = 0\nproc main() {\n", f);
    for (long i = 0; i < n; i++)
        fputs("    rounds = 1\n", f);
    fputs("    end\n}\n", f);
    close_file(f);
    return ".";
}

/* The funcs that cardc's checks read through their calls, one of each
 * kind: a number (the bounds of numbers: sema_value_limits.c, and the
 * conditions that never hold: sema_never.c), a condition (sema_never.c,
 * sema_option_reach.c, sema_facts.c), a card filter (sema_kinds.c) and a
 * card (sema_secrecy.c); the secrecy checks read them all. Each calls
 * `callee` N times: a sum, an `and`, an `or`, or nested. */
static const struct {
    const char *name, *type, *param, *arg, *join, *last;
} func_kinds[] = {
    {"fn", "int", "x: int", "x + 1", " + ", "size(pile)"},
    {"fb", "bool", "x: int", "x + 1", " and ", "size(pile) > x"},
    {"fk", "bool", "c: card", "c", " or ", "c.name == \"Chip\""},
    {"fc", "card", "c: card", "c", NULL, "top(pile)"},
};

/* func NAME(...): TYPE = N calls of callee, of func kind k. */
static void calling_func(FILE *f, int k, const char *name, const char *callee, long n)
{
    fprintf(f, "func %s(%s): %s = ", name, func_kinds[k].param, func_kinds[k].type);
    if (!func_kinds[k].join) { /* callee(callee(...(c))) */
        for (long i = 0; i < n; i++)
            fprintf(f, "%s(", callee);
        fputs(func_kinds[k].arg, f);
        for (long i = 0; i < n; i++)
            fputc(')', f);
    } else {
        for (long i = 0; i < n; i++)
            fprintf(f, "%s%s(%s)", i ? func_kinds[k].join : "", callee, func_kinds[k].arg);
    }
    fputc('\n', f);
}

/* The game of the calls cases: its cards, then main, which reads each
 * kind's func fn, fb, fk and fc where each check reads it. */
static FILE *calls_game(const char *dir)
{
    FILE *f = open_in(dir, "cards.yaml");
    fputs("game: Scale\ntypes:\n  chip:\ncards:\n  - {name: Chip, type: chip, count: 60}\n", f);
    close_file(f);
    f = open_in(dir, "game.rules");
    fputs("game \"Scale\"\nplayers 2\nzone deck: shared, hidden\nzone pile: shared, public\n"
          "zone hand: per player, owner\nvar r: int = 0\nvar b: bool = false\n"
          "var cv: card = none\n"
          "proc main() {\n    move all deck to pile\n    r = fn(0)\n    if fn(1) > 3 {\n"
          "        r = 1\n    }\n    r = choose seat(0) \"How many?\" from 0..fn(2)\n"
          "    b = fb(0)\n    if fb(1) {\n        r = 1\n    }\n"
          "    r = count(c in pile where fk(c))\n    if any(c in pile where fk(c)) {\n"
          "        r = 1\n    }\n"
          "    let x = choose card seat(0) \"Take which?\" from y in pile where fk(y)\n"
          "    move x to hand[seat(0)]\n    let t = top(pile)\n    if t != none {\n"
          "        cv = fc(t)\n    }\n    if cv != none and cv.name == \"Chip\" {\n"
          "        r = 1\n    }\n    choose seat(0) public \"Which?\" {\n"
          "        option \"Some\" when fb(2) and fn(3) > 0 {\n            r = 2\n        }\n"
          "        option \"None\" {\n            r = 3\n        }\n    }\n}\n"
          "on c enters hand where fk(c) and fb(4) {\n    r = 4\n}\n", f);
    return f;
}

/* rules: funcs that call themselves N times in their expression
 * (`fn(x: int): int = fn(x + 1) + fn(x + 1) + ...`, fc nested N deep):
 * each check read a func's body again at each call, to its depth (8 or
 * 16 calls): N^8 readings and more. */
static const char *recursive_calls(const char *dir, long n)
{
    FILE *f = calls_game(dir);
    for (int k = 0; k < 4; k++)
        calling_func(f, k, func_kinds[k].name, func_kinds[k].name, n);
    close_file(f);
    return ".";
}

enum { CHAIN = 16 }; /* the deepest the checks read through calls */

/* rules: for each kind, a chain of CHAIN funcs, each calling the next N
 * times (fn1 calls fn2, ..., fn16 calls none): read at each call, N^16
 * readings (N^8 for the checks that stop at 8 calls). */
static const char *call_chain(const char *dir, long n)
{
    FILE *f = calls_game(dir);
    for (int k = 0; k < 4; k++) {
        const char *name = func_kinds[k].name;
        char self[16], next[16];
        for (int i = 1; i < CHAIN; i++) {
            snprintf(self, sizeof self, "%s%d", name, i);
            snprintf(next, sizeof next, "%s%d", name, i + 1);
            calling_func(f, k, self, next, n);
        }
        fprintf(f, "func %s%d(%s): %s = %s\n", name, CHAIN, func_kinds[k].param,
                func_kinds[k].type, func_kinds[k].last);
        snprintf(next, sizeof next, "%s1", name);
        calling_func(f, k, name, next, 1);
    }
    close_file(f);
    return ".";
}

static const struct {
    const char *name;
    const char *(*write)(const char *dir, long n);
} cases[] = {
    {"text-effect", text_effect},       {"sparse-attrs", sparse_attrs},
    {"wide-card", wide_card},           {"expect-values", expect_values},
    {"unknown-keys", unknown_keys},     {"unknown-names", unknown_names},
    {"value-names", value_names},       {"choice-names", choice_names},
    {"open-quotes", open_quotes},
    {"effect-quotes", effect_quotes},   {"effect-names", effect_names},
    {"warnings", warnings},             {"warnings-one-line", warnings_one_line},
    {"trigger-chain", trigger_chain},   {"instead-enters", instead_enters},
    {"held-locals", held_locals},       {"zone-chain", zone_chain},
    {"long-block", long_block},         {"recursive-calls", recursive_calls},
    {"call-chain", call_chain},
};

int main(int argc, char **argv)
{
    if (argc != 4 || atol(argv[2]) < 1) {
        fprintf(stderr, "usage: gen CASE N DIR\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (!strcmp(argv[1], cases[i].name)) {
            printf("%s/%s\n", argv[3], cases[i].write(argv[3], atol(argv[2])));
            return 0;
        }
    fprintf(stderr, "gen: no case '%s'\n", argv[1]);
    return 2;
}
