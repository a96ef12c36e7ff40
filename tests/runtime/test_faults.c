/* test_faults.c: where a fault happened, on "high card" (high_card.c):
 * the list of kinds, rt_fault, the text with its place and detail, and
 * what play and simulate print of it (the terminal, the JSON end line,
 * simulate's report on stderr). A fault raised without a place (a game
 * built without sites) reads exactly as before. Generated games name
 * theirs: tests/games/faults.sh. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "high_card.h"
#include "rtcli.h"

static HcState st;
static char text[512];

static const char *fault_text(const RtGame *g)
{
    return rt_fault_text(g, &st, text, sizeof text);
}

/* The random agents' game of this seed (simulate's, and play's with
 * random seats). */
static void play_seed(const RtGame *g, uint64_t seed, int n)
{
    RtRng rng[RT_MAX_PLAYERS];
    for (int p = 0; p < n; p++)
        rt_seed(&rng[p], rt_agent_seed(seed, p));
    rt_play_direct(g, &st, seed, n, 0, NULL, rng);
}

/* ---- the list ---- */

Test(kinds, one_list_in_the_generated_order)
{
    cr_assert_eq(RT_FAULT_NKINDS, 24);
    cr_assert_eq(RT_F_EMPTY_TOP, 0);
    cr_assert_eq(RT_F_OVERFLOW, 9);
    cr_assert_str_eq(rt_fault_kinds[RT_F_EMPTY_TOP].name, "EMPTY_TOP");
    cr_assert_str_eq(rt_fault_kinds[RT_F_EMPTY_TOP].text, "top or bottom of an empty zone");
    cr_assert_eq(rt_fault_kinds[RT_F_EMPTY_TOP].detail, RT_FD_SLOT);
    cr_assert_str_eq(rt_fault_kinds[RT_F_NONE_MOVED].text, "a move of no card (none)");
    cr_assert_str_eq(rt_fault_kinds[RT_F_NO_OPTION].text, "a decision with no option");
    cr_assert_str_eq(rt_fault_kinds[RT_F_BAD_PLAYER].text, "no such player");
    cr_assert_eq(rt_fault_kinds[RT_F_BAD_PLAYER].detail, RT_FD_PLAYER);
    cr_assert_str_eq(rt_fault_kinds[RT_F_BAD_INDEX].text, "a list index out of range");
    cr_assert_eq(rt_fault_kinds[RT_F_BAD_INDEX].detail, RT_FD_INDEX);
    cr_assert_str_eq(rt_fault_kinds[RT_F_DIV_ZERO].text, "division by zero");
    cr_assert_str_eq(rt_fault_kinds[RT_F_DEPTH].text, "procedure or func calls nested too deep");
    cr_assert_str_eq(rt_fault_kinds[RT_F_LOOP].text,
                     "a rule loop ran too long without a decision");
    cr_assert_str_eq(rt_fault_kinds[RT_F_TOO_MANY].text,
                     "a choice with more options than a decision holds");
    cr_assert_str_eq(rt_fault_kinds[RT_F_OVERFLOW].name, "OVERFLOW");
    cr_assert_str_eq(rt_fault_kinds[RT_F_OVERFLOW].text,
                     "a number outside the range of 32 bits");
    cr_assert_eq(RT_F_UNPLAYABLE, 10);
    cr_assert_str_eq(rt_fault_kinds[RT_F_UNPLAYABLE].name, "UNPLAYABLE");
    cr_assert_str_eq(rt_fault_kinds[RT_F_UNPLAYABLE].text,
                     "a card played whose effect's condition does not hold");
    cr_assert_str_eq(rt_fault_kinds[RT_F_NONE_PLAYED].text, "a play of no card (none)");
    cr_assert_eq(rt_fault_kinds[RT_F_NONE_PLAYED].detail, RT_FD_NONE);
    cr_assert_eq(RT_F_NONE_PLAYED, 11);
    cr_assert_eq(RT_F_LASTING_FULL, 12);
    cr_assert_str_eq(rt_fault_kinds[RT_F_LASTING_FULL].name, "LASTING_FULL");
    cr_assert_str_eq(rt_fault_kinds[RT_F_LASTING_FULL].text,
                     "too many lasting or delayed effects at once");
    cr_assert_eq(RT_F_NOT_HOLDER, 13);
    cr_assert_str_eq(rt_fault_kinds[RT_F_NOT_HOLDER].text,
                     "a held zone's slot under a card not of its holder type");
    cr_assert_eq(rt_fault_kinds[RT_F_NOT_HOLDER].detail, RT_FD_CARD);
    cr_assert_eq(RT_F_NO_CARD, 14);
    cr_assert_str_eq(rt_fault_kinds[RT_F_NO_CARD].text, "a per-card variable of no card (none)");
    cr_assert_eq(RT_F_PICK_SIZE, 18);
    cr_assert_str_eq(rt_fault_kinds[RT_F_PICK_SIZE].text,
                     "a set of more cards than a choice of cards takes (limit max_pick = 8)");
    cr_assert_eq(rt_fault_kinds[RT_F_PICK_SIZE].detail, RT_FD_NUMBER);
    cr_assert_eq(RT_F_HOLDER_CYCLE, 19);
    cr_assert_str_eq(rt_fault_kinds[RT_F_HOLDER_CYCLE].text,
                     "a card put under itself, or under a card it holds");
    cr_assert_eq(rt_fault_kinds[RT_F_HOLDER_CYCLE].detail, RT_FD_CARD);
    cr_assert_eq(RT_F_EMPTY_RANGE, 20);
    cr_assert_str_eq(rt_fault_kinds[RT_F_EMPTY_RANGE].text,
                     "a choice of a number from an empty range");
    cr_assert_eq(rt_fault_kinds[RT_F_EMPTY_RANGE].detail, RT_FD_RANGE);
    cr_assert_eq(RT_F_OUT_PLAYER, 21);
    cr_assert_str_eq(rt_fault_kinds[RT_F_OUT_PLAYER].text,
                     "a player out of the game asked to decide or given a turn");
    cr_assert_eq(rt_fault_kinds[RT_F_OUT_PLAYER].detail, RT_FD_PLAYER);
    cr_assert_eq(RT_F_TOO_MANY_VALUES, 22);
    cr_assert_str_eq(rt_fault_kinds[RT_F_TOO_MANY_VALUES].text,
                     "a choice of more values than a decision holds");
    cr_assert_eq(rt_fault_kinds[RT_F_TOO_MANY_VALUES].detail, RT_FD_NUMBER);
    cr_assert_eq(RT_F_INVARIANT, 23);
    cr_assert_str_eq(rt_fault_kinds[RT_F_INVARIANT].name, "INVARIANT");
    cr_assert_str_eq(rt_fault_kinds[RT_F_INVARIANT].text, "an invariant does not hold");
    cr_assert_eq(rt_fault_kinds[RT_F_INVARIANT].detail, RT_FD_INVARIANT);
}

/* An invariant's fault names it by its text, which the game's table
 * holds; a number out of the table names nothing more. */
Test(kinds, an_invariant_is_named_by_its_text)
{
    static const char *const texts[] = {"the deck is never empty", "no hand holds 9"};
    RtGame g = hc_game;
    g.invariants = texts;
    g.ninvariants = 2;
    rt_new(&g, &st, 5, 2);
    rt_fault(&st.core, RT_F_INVARIANT, HC_SITE_DRAW, 1);
    cr_assert_str_eq(fault_text(&g),
                     "high-card.rules:12: an invariant does not hold: \"no hand holds 9\"");
    rt_new(&g, &st, 5, 2);
    rt_fault(&st.core, RT_F_INVARIANT, HC_SITE_DRAW, 2);
    cr_assert_str_eq(fault_text(&g), "high-card.rules:12: an invariant does not hold");
}

Test(kinds, only_the_first_fault_counts)
{
    rt_new(&hc_game, &st, 5, 2);
    cr_assert_eq(st.core.fault_site, 0, "a new game knows no site");
    rt_fault(&st.core, RT_F_DIV_ZERO, HC_SITE_DRAW, 0);
    rt_fault(&st.core, RT_F_BAD_INDEX, HC_SITE_PASS, 5);
    cr_assert_eq(st.core.over, RT_FAULT);
    cr_assert_eq(st.core.fault, RT_F_DIV_ZERO);
    cr_assert_eq(st.core.fault_site, HC_SITE_DRAW);
    cr_assert_str_eq(fault_text(&hc_game), "high-card.rules:12: division by zero");
}

/* ---- the text ---- */

Test(text, a_per_player_zone_names_its_owner)
{
    play_seed(&hc_strict_game, 3, 2);      /* player 2 passes with an empty hand */
    cr_assert_eq(st.core.over, RT_FAULT);
    cr_assert_eq(st.core.fault, RT_F_EMPTY_TOP);
    cr_assert_eq(st.core.fault_site, HC_SITE_PASS);
    cr_assert_eq(st.core.fault_arg, HC_HAND + 1);
    cr_assert_str_eq(rt_end_reason(&hc_strict_game, &st), "top or bottom of an empty zone");
    cr_assert_str_eq(fault_text(&hc_strict_game),
                     "high-card.rules:17: top or bottom of an empty zone 'hand' of player 2");
    const RtFaultSite *site = rt_fault_site(&hc_strict_game, &st);
    cr_assert_not_null(site);
    cr_assert_str_eq(site->file, "high-card.rules");
    cr_assert_eq(site->line, 17);
}

Test(text, a_shared_zone_by_its_name)
{
    rt_new(&hc_game, &st, 5, 2);
    while (st.zsize[HC_DECK] > 0) {         /* the deck onto the table, by hand */
        int c = st.zcard[HC_DECK][--st.zsize[HC_DECK]];
        st.zcard[HC_TABLE][st.zsize[HC_TABLE]++] = (uint16_t)c;
        st.slot_of[c] = HC_TABLE;
    }
    cr_assert(rt_apply(&hc_game, &st, HC_LABEL_DRAW));
    cr_assert_eq(st.core.over, RT_FAULT);
    cr_assert_str_eq(fault_text(&hc_game),
                     "high-card.rules:12: top or bottom of an empty zone 'deck'");
}

Test(text, values_and_kinds_without_detail)
{
    static const struct {
        int kind, site, arg;
        const char *want;
    } cases[] = {
        {RT_F_BAD_PLAYER, HC_SITE_DRAW, 7, "high-card.rules:12: no such player: 7"},
        {RT_F_BAD_PLAYER, HC_SITE_PASS, -1, "high-card.rules:17: no such player: none"},
        {RT_F_BAD_PLAYER, HC_SITE_PASS, -2, "high-card.rules:17: no such player: -2"},
        {RT_F_BAD_INDEX, HC_SITE_DRAW, 5, "high-card.rules:12: a list index out of range: 5"},
        {RT_F_BAD_INDEX, HC_SITE_DRAW, -1, "high-card.rules:12: a list index out of range: -1"},
        {RT_F_OVERFLOW, HC_SITE_PASS, 3,
         "high-card.rules:17: a number outside the range of 32 bits"},
        {RT_F_EMPTY_TOP, HC_SITE_PASS, HC_NSLOTS,     /* a slot out of range: no detail */
         "high-card.rules:17: top or bottom of an empty zone"},
        {RT_F_EMPTY_TOP, HC_SITE_PASS, HC_PILE + 3,
         "high-card.rules:17: top or bottom of an empty zone 'pile' of player 4"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rt_new(&hc_game, &st, 5, 4);
        rt_fault(&st.core, cases[i].kind, cases[i].site, cases[i].arg);
        cr_assert_str_eq(fault_text(&hc_game), cases[i].want);
        cr_assert_str_eq(rt_end_reason(&hc_game, &st), rt_fault_kinds[cases[i].kind].text);
    }
}

/* An empty range names its bounds: lo is the fault's value, hi the first
 * word of the decision it was for (faults.h, RANGE). */
Test(text, an_empty_range_by_its_bounds)
{
    rt_new(&hc_game, &st, 5, 2);
    rt_fault(&st.core, RT_F_EMPTY_RANGE, HC_SITE_DRAW, 3);
    st.core.dec.word[0] = -2;
    cr_assert_str_eq(fault_text(&hc_game),
                     "high-card.rules:12: a choice of a number from an empty range: 3..-2");
}

/* Without a known place, the text is rt_end_reason's, as before sites. */
Test(text, without_a_place_as_before)
{
    rt_new(&hc_game, &st, 5, 2);
    st.core.over = RT_FAULT;        /* what generated code's fault() does today */
    st.core.fault = RT_F_EMPTY_TOP;
    cr_assert_null(rt_fault_site(&hc_game, &st));
    cr_assert_str_eq(fault_text(&hc_game), "top or bottom of an empty zone");

    rt_new(&hc_game, &st, 5, 2);
    rt_fault(&st.core, RT_F_DIV_ZERO, HC_NSITES + 1, 0);    /* not in the table */
    cr_assert_str_eq(fault_text(&hc_game), "division by zero");

    RtGame g = hc_game;             /* a game that names no site */
    g.fault_sites = NULL;
    g.nfault_sites = 0;
    rt_new(&g, &st, 5, 2);
    rt_fault(&st.core, RT_F_DIV_ZERO, HC_SITE_DRAW, 0);
    cr_assert_str_eq(rt_fault_text(&g, &st, text, sizeof text), "division by zero");

    rt_new(&hc_game, &st, 5, 2);    /* the game's own fault, past the list */
    rt_fault(&st.core, HC_FAULT_RESUME, HC_SITE_DRAW, 0);
    cr_assert_str_eq(fault_text(&hc_game), "bad resume point");

    rt_new(&hc_game, &st, 5, 9);    /* the runtime's own */
    cr_assert_eq(st.core.fault, RT_FAULT_PLAYERS);
    cr_assert_str_eq(fault_text(&hc_game), "player count out of range");

    play_seed(&hc_game, 2, 2);      /* not a fault: the ending's reason */
    cr_assert_neq(st.core.over, RT_FAULT);
    cr_assert_str_eq(fault_text(&hc_game), rt_end_reason(&hc_game, &st));
}

Test(text, truncated_safely)
{
    char small[16];
    rt_new(&hc_game, &st, 5, 2);
    rt_fault(&st.core, RT_F_BAD_INDEX, HC_SITE_DRAW, 5);
    cr_assert_str_eq(rt_fault_text(&hc_game, &st, small, sizeof small), "high-card.rules");
    cr_assert_str_eq(rt_fault_text(&hc_game, &st, small, 0), "");
}

/* ---- the end of play: terminal and JSON ---- */

/* What rt_print_end writes for st (the game of seed), json or not. */
static char *end_of(const RtGame *g, uint64_t seed, bool json, const char *abandoned)
{
    char *out = NULL;
    size_t n = 0;
    static RtPlay pl;
    pl = (RtPlay){.g = g, .prog = "test", .st = &st, .seed = seed,
                  .nplayers = st.core.nplayers, .json = json, .io_status = -1};
    pl.out = open_memstream(&out, &n);
    cr_assert_not_null(pl.out);
    rt_print_end(&pl, abandoned);
    fclose(pl.out);
    return out;
}

Test(end, json_end_line_adds_the_place)
{
    play_seed(&hc_strict_game, 3, 2);
    char *line = end_of(&hc_strict_game, 3, true, NULL);
    cr_assert_str_eq(line,
        "{\"type\":\"end\",\"scores\":[0,0],\"winners\":[],\"result\":\"fault\","
        "\"reason\":\"top or bottom of an empty zone\",\"turns\":18,\"decisions\":28,"
        "\"seed\":3,\"fault\":{\"kind\":\"empty_top\",\"file\":\"high-card.rules\","
        "\"line\":17,\"zone\":\"hand\",\"player\":1}}\n");
    free(line);
}

Test(end, json_values_and_shared_zones)
{
    rt_new(&hc_game, &st, 5, 2);
    rt_fault(&st.core, RT_F_BAD_PLAYER, HC_SITE_DRAW, -1);
    char *line = end_of(&hc_game, 5, true, NULL);
    cr_assert(strstr(line, ",\"seed\":5,\"fault\":{\"kind\":\"bad_player\","
                           "\"file\":\"high-card.rules\",\"line\":12,\"value\":-1}}\n"),
              "%s", line);
    free(line);

    rt_new(&hc_game, &st, 5, 2);
    rt_fault(&st.core, RT_F_EMPTY_TOP, HC_SITE_DRAW, HC_DECK);
    line = end_of(&hc_game, 5, true, NULL);
    cr_assert(strstr(line, ",\"fault\":{\"kind\":\"empty_top\",\"file\":\"high-card.rules\","
                           "\"line\":12,\"zone\":\"deck\"}}\n"), "%s", line);
    free(line);

    rt_new(&hc_game, &st, 5, 2);
    rt_fault(&st.core, RT_F_LOOP, HC_SITE_PASS, 0);
    line = end_of(&hc_game, 5, true, NULL);
    cr_assert(strstr(line, "\"reason\":\"a rule loop ran too long without a decision\","));
    cr_assert(strstr(line, ",\"fault\":{\"kind\":\"loop\",\"file\":\"high-card.rules\","
                           "\"line\":17}}\n"), "%s", line);
    free(line);
}

Test(end, json_without_a_place_as_before)
{
    rt_new(&hc_game, &st, 5, 2);
    st.core.over = RT_FAULT;
    st.core.fault = RT_F_DIV_ZERO;
    char *line = end_of(&hc_game, 5, true, NULL);
    cr_assert_str_eq(line,
        "{\"type\":\"end\",\"scores\":[0,0],\"winners\":[],\"result\":\"fault\","
        "\"reason\":\"division by zero\",\"turns\":1,\"decisions\":0,\"seed\":5}\n");
    free(line);
    rt_fault(&st.core, RT_F_DIV_ZERO, HC_SITE_DRAW, 0);     /* too late: no change */
    line = end_of(&hc_game, 5, true, NULL);
    cr_assert_null(strstr(line, "\"fault\":"), "%s", line);
    free(line);
    st.core.fault_site = HC_SITE_DRAW;                      /* abandoned: no place */
    line = end_of(&hc_game, 5, true, "stdout closed");
    cr_assert_null(strstr(line, "\"fault\":"), "%s", line);
    free(line);
}

Test(end, terminal_says_where)
{
    play_seed(&hc_strict_game, 3, 2);
    char *out = end_of(&hc_strict_game, 3, false, NULL);
    cr_assert(strstr(out, "\nFault: high-card.rules:17: top or bottom of an empty zone "
                          "'hand' of player 2.\n"), "%s", out);
    free(out);
    st.core.fault_site = 0;         /* no place: as before */
    out = end_of(&hc_strict_game, 3, false, NULL);
    cr_assert(strstr(out, "\nFault: top or bottom of an empty zone.\n"), "%s", out);
    free(out);
}

/* ---- the command line: rt_main in this process ---- */

/* A file's whole text (malloc'ed). */
static char *slurp(FILE *f)
{
    cr_assert(fseek(f, 0, SEEK_END) == 0);
    long n = ftell(f);
    cr_assert(n >= 0);
    char *s = malloc((size_t)n + 1);
    rewind(f);
    cr_assert_eq(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = '\0';
    return s;
}

/* Runs rt_main on the words of args with stdout and stderr in files;
 * returns its status. */
static int run_main(const RtGame *g, const char *args, char **out, char **err)
{
    char words[256], *argv[16];
    int argc = 0;
    snprintf(words, sizeof words, "%s", args);
    for (char *w = strtok(words, " "); w && argc < 15; w = strtok(NULL, " "))
        argv[argc++] = w;
    argv[argc] = NULL;
    FILE *fo = tmpfile(), *fe = tmpfile();
    cr_assert(fo && fe);
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(1), saved_err = dup(2);
    dup2(fileno(fo), 1);
    dup2(fileno(fe), 2);
    int rc = rt_main(g, argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    *out = slurp(fo);
    *err = slurp(fe);
    fclose(fo);
    fclose(fe);
    return rc;
}

Test(cli, simulate_names_the_place)
{
    char *out, *err;
    int rc = run_main(&hc_strict_game,
                      "bin/high-card-strict simulate --games 8 --players 2 --seed 1 --json",
                      &out, &err);
    cr_assert_eq(rc, 1);
    cr_assert_str_eq(err, "high-card-strict: game with seed 3 faulted: high-card.rules:17: "
                          "top or bottom of an empty zone 'hand' of player 2\n");
    cr_assert(strstr(out, "\"faults\":1,"), "%s", out);
    free(out);
    free(err);
}

Test(cli, play_names_the_place)
{
    char *out, *err;
    int rc = run_main(&hc_strict_game,
                      "high-card-strict play --seats random,random --seed 3 --protocol json",
                      &out, &err);
    cr_assert_eq(rc, 1);
    cr_assert(strstr(out, "\"result\":\"fault\",\"reason\":\"top or bottom of an empty zone\","
                          "\"turns\":18,\"decisions\":28,\"seed\":3,\"fault\":{\"kind\":"
                          "\"empty_top\",\"file\":\"high-card.rules\",\"line\":17,"
                          "\"zone\":\"hand\",\"player\":1}}\n"), "%s", out);
    free(out);
    free(err);
    rc = run_main(&hc_strict_game, "high-card-strict play --seats random,random --seed 3",
                  &out, &err);
    cr_assert_eq(rc, 1);
    cr_assert(strstr(out, "\nFault: high-card.rules:17: top or bottom of an empty zone "
                          "'hand' of player 2.\n"), "%s", out);
    free(out);
    free(err);
}
