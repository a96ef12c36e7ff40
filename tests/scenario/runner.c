/* runner.c: plays scenario files against a game built by cardc.
 *
 * Written only against runtime/rt.h, so it runs every game: link it with
 * the game's generated C compiled with -DCARDC_NO_MAIN (which leaves out
 * main() and exposes `const RtGame game`) and with libcardrt.
 *
 *     runner [-v] FILE.scn...
 *
 * Prints `ok NAME` or `FAIL NAME` with the reason for each file, then
 * `scenario: N passed, M failed`; exits 1 if anything failed.
 *
 * ---- The scenario format ----------------------------------------------
 *
 * One command a line; `#` starts a comment (outside quotes); blank lines
 * are ignored. A file is one case. It stops at the first failed check.
 *
 *   name TEXT                    the case's name (default: the file name)
 *   players N                    player count for the next setup
 *                                (default: the game's minimum)
 *   seed S                       seed for the next setup (default 1)
 *   setup                        rt_new: the rules' set-up runs to the
 *                                first decision (may be repeated)
 *   setup until decision P "PROMPT"
 *                                the same with seed, seed + 1, ... until
 *                                the first decision is player P's with this
 *                                prompt (a start that does not depend on
 *                                which seed deals what)
 *
 * Zones are written NAME for a shared zone and NAME[P] for player P's
 * (players count from 0), NAME[CARD] for a held zone's slot under CARD
 * (`students[Library #2]` for the second copy of a card of several; a `#`
 * before a digit starts no comment). Card lists are comma-separated card
 * names, each optionally followed by xN: `Hacker x4, Copycat x3, Semester
 * End`; in put and stack, `Nerd #2` is that copy.
 *
 * Changing the state by hand (every card stays in exactly one place; the
 * runner writes zcard/zsize and slot_of together):
 *
 *   put Z: LIST                  moves the named cards onto the top of Z,
 *                                in list order (the last named ends on top)
 *   stack Z: LIST                the same, but the first named ends on top
 *                                (a pile read from the top): `stack deck:
 *                                Stress, Nerd` makes Stress the next draw
 *   put Z from Z2: LIST          (also stack) takes the cards from Z2 only,
 *                                searching it from the top down
 *   clear Z                      moves every card of Z to the bottom of the
 *   clear Z to Z2                first zone declared (or onto Z2)
 *   set VAR = N                  writes a variable of the rules (RtGame.vars)
 *   set VAR[P] = N               ... a per-player one
 *   set VAR[CARD] = N            ... a per-card one (`led_by[Nerd #2]`)
 *
 * Without `from`, a named card is taken from the first zone declared (where
 * every card starts: the deck), searched from the bottom up so that cards
 * stacked on top stay put, then from the other zones in declaration
 * order. A card already in Z is not taken, unless Z is that first zone.
 *
 * A hand-made change does not recompute the pending decision: its options
 * were computed before. `choose` may still take it (by label), but
 * `expect options` / `expect option` on it are errors: take a step first.
 *
 * After set-up, every hand-made change and every step, the runner checks
 * rt_check_state, slot_of against the zones, and that the game neither
 * faulted (unless the next line is `expect fault`, below) nor hit the
 * decision bound. Steps:
 *
 *   choose "LABEL"               applies the option whose rt_option_label is
 *   choose P "LABEL"             LABEL (sets of cards match in any order);
 *                                with P, player P must be the one deciding.
 *                                Player options read "Player N", N = P + 1;
 *                                yes/no questions read "yes" and "no".
 *
 * Checks:
 *
 *   expect decision P ["PROMPT"]     player P decides (with this prompt)
 *   expect options: "A", "B", ...    exactly these options (any order)
 *   expect option "A"                this option is offered
 *   expect no option "A"             this option is not offered
 *   expect zone Z: LIST              Z holds exactly these cards (any order;
 *                                    an empty list: Z is empty)
 *   expect zone Z contains: LIST     Z holds at least these cards
 *   expect zone Z lacks: LIST        Z holds none of these card names
 *   expect zone Z size N             Z holds N cards
 *   expect top Z: LIST               the top cards of Z, first named = top
 *   expect bottom Z: LIST            the bottom cards, first named = bottom
 *   expect position Z NAME: N, ...   the cards named NAME lie at these
 *                                    positions (cards below each), ascending
 *   expect moved NAME from Z to Z2   such a move happened during the last
 *                                    step (setup or choose)
 *   expect not moved NAME from Z to Z2  no such move happened during the
 *                                    last step
 *   expect window EVENT [depth N]    the decision is asked by a reaction
 *                                    window before EVENT (at depth N)
 *   expect no window                 ... by no window (neither a reaction
 *                                    window nor a simultaneous choice)
 *   expect simultaneous              the decision is asked by a simultaneous
 *                                    choice (`for q in players
 *                                    simultaneously`): its answer is sealed
 *   expect order choice              the decision is a player's choice of the
 *                                    order of their triggers (rt_order_choice)
 *   expect no order choice           ... it is not
 *   expect during EVENT              the decision is taken during EVENT
 *                                    (RtGame.during: the innermost event)
 *   expect responses: "A", "B", ...  during the last step a window (or a
 *                                    simultaneous choice) closed,
 *                                    its answers these labels, in the
 *                                    order asked ("Do not respond", a card)
 *   expect windows closed N          N windows closed during the last step
 *   expect hidden Z to P             rt_sees(slot of Z, P) is false
 *   expect visible Z to P            ... true
 *   expect shown Z to P: LIST        the cards of Z that player P was shown
 *                                    (`show`: rt_card_seen) are exactly these
 *                                    (any order; an empty list: none)
 *   expect var VAR = N               (or VAR[P], VAR[CARD]) a variable of the rules
 *   expect number NAME to Q = N      a number the views show (a variable or a
 *   expect number NAME[P] to Q = N   func declared public or owner; RtGame.
 *                                    numbers): seat Q sees it, and its value
 *                                    is N (a player's: its seat, -1 none; a
 *                                    card's: its instance; true is 1)
 *   expect number NAME[P] to Q unseen  ... seat Q does not see it
 *   expect active P                  whose turn it is, as the views say
 *                                    (`none` for no turn); RtGame.time
 *   expect round N                   the round, as the views say
 *   expect phase NAME                the phase in progress (`none` for none)
 *   expect decisions N               core.decisions: the decisions taken so far,
 *                                    those of a single option too
 *   expect playing                   the game is not over
 *   expect over                      the game ended (RT_ENDED)
 *   expect draw                      the rules ended it in a draw (RT_DRAW)
 *   expect score P = N               core.score[P] after the end
 *   expect winners P...              exactly these players won (or `none`)
 *   expect fault "TEXT"              the step just taken (the line before)
 *                                    faulted, and rt_fault_text is TEXT:
 *                                    `game.rules:28: an invariant does not
 *                                    hold: \"a hand ...\"`; any other line
 *                                    after a fault fails the case
 *   expect out P[:N]...              exactly these players are out of the
 *                                    game (`eliminate`; or `none`), in the
 *                                    order they went out; with :N, P went
 *                                    out in turn N (RtGame.out)
 *   show                             prints the state (for writing cases)
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* strcasecmp */
#endif
#include "rt.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

extern const RtGame game;

enum { MAX_LIST = 512, MAX_MOVES = 8192, MSG = 4096 };

/* ---- moves seen during the last step ---- */

static RtMove moves[MAX_MOVES];
static int nmoves;
/* the last window that closed during the last step */
static RtWindow closed;
static int nclosed;

static void observe(void *ctx, const RtGame *g, const void *st, RtMove m)
{
    (void)ctx;
    (void)g;
    (void)st;
    if (nmoves < MAX_MOVES)
        moves[nmoves++] = m;
}

static void observe_window(void *ctx, const RtGame *g, const void *st, const RtWindow *w)
{
    (void)ctx;
    (void)g;
    (void)st;
    closed = *w;
    nclosed++;
}

/* ---- one run of one file ---- */

typedef struct Run {
    const RtGame *g;
    void *st;
    const char *file;
    int line;
    char name[256];
    int players;
    uint64_t seed;
    int started;
    int stale_line;     /* line of the first hand change since the decision */
    int checks;
    int verbose;
    int is_error;       /* the failure is a bad line, not a wrong result */
    char msg[MSG];
    char faulted[1100]; /* the step the game faulted after, which the next
                         * line must expect ('expect fault'), or "" */
} Run;

/* Card names: kind[c] numbers the distinct names of the instances. */
static int nkinds;
static const char **kind_name;
static int *kind_of;

static void init_kinds(const RtGame *g)
{
    kind_name = calloc((size_t)g->ninstances + 1, sizeof *kind_name);
    kind_of = calloc((size_t)g->ninstances + 1, sizeof *kind_of);
    if (!kind_name || !kind_of) {
        fprintf(stderr, "runner: out of memory\n");
        exit(2);
    }
    for (int c = 0; c < g->ninstances; c++) {
        int k = 0;
        while (k < nkinds && strcmp(kind_name[k], g->card_name[c]) != 0)
            k++;
        if (k == nkinds)
            kind_name[nkinds++] = g->card_name[c];
        kind_of[c] = k;
    }
}

static int find_kind(const char *name)
{
    for (int k = 0; k < nkinds; k++)
        if (strcmp(kind_name[k], name) == 0)
            return k;
    return -1;
}

static int fail(Run *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
    return 0;
}

static int bad(Run *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
    r->is_error = 1;
    return 0;
}

/* ---- raw state access through the table ---- */

static RtCore *core(Run *r)
{
    return rt_core(r->st);
}

static uint16_t *zsizes(Run *r)
{
    return (uint16_t *)((char *)r->st + r->g->off_zsize);
}

static uint16_t *zcards(Run *r, int slot)
{
    return (uint16_t *)((char *)r->st + r->g->off_zcard)
           + (size_t)slot * (size_t)r->g->ninstances;
}

static uint16_t *slot_of(Run *r)
{
    if (!r->g->off_slot_of)
        return NULL;
    return (uint16_t *)((char *)r->st + r->g->off_slot_of);
}

static int home_slot(Run *r)
{
    return r->g->zones[0].slot;
}

/* Takes the card at pos out of slot. */
static int take_at(Run *r, int slot, int pos)
{
    uint16_t *z = zcards(r, slot);
    int n = zsizes(r)[slot];
    int c = z[pos];
    memmove(z + pos, z + pos + 1, sizeof *z * (size_t)(n - 1 - pos));
    zsizes(r)[slot] = (uint16_t)(n - 1);
    return c;
}

/* Puts card c into slot with pos cards below it (pos < 0: on top). */
static void insert_at(Run *r, int c, int slot, int pos)
{
    uint16_t *z = zcards(r, slot);
    int n = zsizes(r)[slot];
    if (pos < 0 || pos > n)
        pos = n;
    memmove(z + pos + 1, z + pos, sizeof *z * (size_t)(n - pos));
    z[pos] = (uint16_t)c;
    zsizes(r)[slot] = (uint16_t)(n + 1);
    if (slot_of(r))
        slot_of(r)[c] = (uint16_t)slot;
}

static const char *slot_text(Run *r, int slot, char *buf, size_t n)
{
    const RtZone *z = &r->g->zones[r->g->slot_zone[slot]];
    char holder[256];
    if (z->per_player)
        snprintf(buf, n, "%s[%d]", z->name, r->g->slot_owner[slot]);
    else if (rt_slot_holder(r->g, slot) >= 0)
        snprintf(buf, n, "%s[%s]", z->name, rt_holder_name(r->g, slot, holder, sizeof holder));
    else
        snprintf(buf, n, "%s", z->name);
    return buf;
}

/* ---- text ---- */

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* Cuts a comment (a # outside double quotes, but for a copy's number:
 * "Library #2"). */
static void cut_comment(char *s)
{
    int q = 0;
    for (; *s; s++) {
        if (*s == '\\' && q && s[1]) {
            s++;
            continue;
        }
        if (*s == '"')
            q = !q;
        else if (*s == '#' && !q && !isdigit((unsigned char)s[1])) {
            *s = '\0';
            return;
        }
    }
}

/* Does s start with word w followed by a space or the end? Advances s. */
static int word(char **s, const char *w)
{
    size_t n = strlen(w);
    if (strncmp(*s, w, n) != 0)
        return 0;
    char c = (*s)[n];
    if (c && !isspace((unsigned char)c) && c != ':')
        return 0;
    *s += n;
    while (isspace((unsigned char)**s))
        (*s)++;
    return 1;
}

static void skip_space(char **s)
{
    while (isspace((unsigned char)**s))
        (*s)++;
}

static int parse_int(Run *r, char **s, long *out, const char *what)
{
    skip_space(s);
    errno = 0;
    char *end;
    long v = strtol(*s, &end, 10);
    if (end == *s || errno)
        return bad(r, "expected %s, found '%s'", what, *s);
    *out = v;
    *s = end;
    skip_space(s);
    return 1;
}

/* A "quoted string" (\" and \\ escapes) into out. */
static int parse_quoted(Run *r, char **s, char *out, size_t n)
{
    skip_space(s);
    if (**s != '"')
        return bad(r, "expected a \"quoted\" text, found '%s'", *s);
    char *p = *s + 1;
    size_t k = 0;
    while (*p && *p != '"') {
        if (*p == '\\' && p[1])
            p++;
        if (k + 1 < n)
            out[k++] = *p;
        p++;
    }
    if (*p != '"')
        return bad(r, "unterminated quoted text");
    out[k] = '\0';
    *s = p + 1;
    skip_space(s);
    return 1;
}

static int at_end(Run *r, char *s)
{
    skip_space(&s);
    if (*s)
        return bad(r, "unexpected '%s' at the end of the line", s);
    return 1;
}

static int need_game(Run *r)
{
    if (!r->started)
        return bad(r, "no game yet: write 'setup' first");
    return 1;
}

/* A card instance in brackets, after the '[': "French Classroom]", or
 * "Library #2]" for the second copy of a card that has several. */
static int parse_card_ref(Run *r, char **s, int *card)
{
    char *close = strchr(*s, ']');
    if (!close)
        return bad(r, "expected ']' after a card name");
    char name[512];
    snprintf(name, sizeof name, "%.*s", (int)(close - *s), *s);
    *s = close + 1;
    long copy = 0;
    char *hash = strrchr(name, '#');
    if (hash) {
        char *end;
        copy = strtol(hash + 1, &end, 10);
        if (end == hash + 1 || *end || copy < 1)
            return bad(r, "bad copy number in '[%s]'", name);
        *hash = '\0';
    }
    char *want = trim(name);
    int first = -1, copies = 0;
    for (int c = 0; c < r->g->ninstances; c++)
        if (strcmp(r->g->card_name[c], want) == 0) {
            if (first < 0)
                first = c;
            copies++;
        }
    if (first < 0)
        return bad(r, "unknown card '%s'", want);
    if (!copy && copies > 1)
        return bad(r, "'%s' has %d copies: write [%s #K], K from 1", want, copies, want);
    if (copy > copies)
        return bad(r, "'%s' has %d copies, not %ld", want, copies, copy);
    *card = first + (int)(copy ? copy - 1 : 0);
    return 1;
}

/* The slot of held zone zi under card c. */
static int held_slot(Run *r, int zi, int c)
{
    for (int s = r->g->zones[zi].slot; s < r->g->nslots && r->g->slot_zone[s] == zi; s++)
        if (rt_slot_holder(r->g, s) == c)
            return s;
    return -1;
}

/* NAME, NAME[P], or NAME[CARD] for a held zone → slot. */
static int parse_zone(Run *r, char **s, int *slot)
{
    skip_space(s);
    char name[128];
    size_t k = 0;
    while (isalnum((unsigned char)**s) || **s == '_' || **s == '-') {
        if (k + 1 < sizeof name)
            name[k++] = **s;
        (*s)++;
    }
    name[k] = '\0';
    if (!k)
        return bad(r, "expected a zone, found '%s'", *s);
    int zi = -1;
    for (int i = 0; i < r->g->nzones; i++)
        if (strcmp(r->g->zones[i].name, name) == 0)
            zi = i;
    if (zi < 0) {
        char list[1024] = "";
        for (int i = 0; i < r->g->nzones; i++) {
            strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, r->g->zones[i].name, sizeof list - strlen(list) - 1);
        }
        return bad(r, "unknown zone '%s' (zones: %s)", name, list);
    }
    const RtZone *z = &r->g->zones[zi];
    long p = 0;
    if (rt_slot_holder(r->g, z->slot) >= 0) {
        int c;
        if (**s != '[')
            return bad(r, "zone '%s' is held: write %s[CARD], the card it lies under", name,
                       name);
        (*s)++;
        if (!parse_card_ref(r, s, &c))
            return 0;
        if ((*slot = held_slot(r, zi, c)) < 0)
            return bad(r, "no slot of zone '%s' lies under %s", name, r->g->card_name[c]);
        skip_space(s);
        return 1;
    }
    if (**s == '[') {
        (*s)++;
        if (!parse_int(r, s, &p, "a player number"))
            return 0;
        if (**s != ']')
            return bad(r, "expected ']' after the player of zone '%s'", name);
        (*s)++;
        if (!z->per_player)
            return bad(r, "zone '%s' is shared: write it without [player]", name);
        if (p < 0 || p >= core(r)->nplayers)
            return bad(r, "player %ld out of range in '%s[%ld]' (%d players)", p,
                       name, p, core(r)->nplayers);
    } else if (z->per_player) {
        return bad(r, "zone '%s' has one per player: write %s[P]", name, name);
    }
    *slot = rt_zone_slot(r->g, zi, (int)p);
    skip_space(s);
    return 1;
}

/* A card of the list that names one copy ("Nerd #2", for put and stack):
 * its entry in kinds[] is COPY_OF(c), c the instance, below every kind. */
#define COPY_OF(c) (-2 - (c))

/* "Name xN, Name, ..." → kinds[], one entry per card; with copies, an item
 * may also be "Name #K", the K-th copy of the card (COPY_OF). */
static int parse_list_of(Run *r, char *s, int *kinds, int *n, int copies)
{
    *n = 0;
    s = trim(s);
    if (!*s)
        return 1;
    for (;;) {
        char *comma = strchr(s, ',');
        if (comma)
            *comma = '\0';
        char *item = trim(s);
        long times = 1;
        char *x = strrchr(item, ' ');
        if (x && (x[1] == 'x' || x[1] == 'X') && isdigit((unsigned char)x[2])) {
            char *end;
            times = strtol(x + 2, &end, 10);
            if (*end || times < 1 || times > MAX_LIST)
                return bad(r, "bad count in '%s'", item);
            *x = '\0';
            item = trim(item);
        }
        if (copies && strchr(item, '#')) {
            char ref[512];
            int c;
            snprintf(ref, sizeof ref, "%s]", item);
            char *p = ref;
            if (!parse_card_ref(r, &p, &c))
                return 0;
            if (*n >= MAX_LIST)
                return bad(r, "card list too long");
            kinds[(*n)++] = COPY_OF(c);
            if (!comma)
                break;
            s = comma + 1;
            continue;
        }
        int k = find_kind(item);
        if (k < 0) {
            /* a case-insensitive match is the likely meaning */
            for (int i = 0; i < nkinds; i++)
                if (strcasecmp(kind_name[i], item) == 0)
                    return bad(r, "unknown card '%s' (did you mean '%s'?)", item,
                               kind_name[i]);
            return bad(r, "unknown card '%s'", *item ? item : "(empty)");
        }
        for (long t = 0; t < times; t++) {
            if (*n >= MAX_LIST)
                return bad(r, "card list too long");
            kinds[(*n)++] = k;
        }
        if (!comma)
            break;
        s = comma + 1;
    }
    return 1;
}

static int parse_list(Run *r, char *s, int *kinds, int *n)
{
    return parse_list_of(r, s, kinds, n, 0);
}

/* ": LIST" after a zone: the list, parsed as parse_list_of does; a line
 * without the colon is a bad line. */
static int parse_colon_list(Run *r, char *s, int *kinds, int *n, int copies)
{
    if (*s != ':')
        return bad(r, "expected ':' and a list of cards");
    return parse_list_of(r, s + 1, kinds, n, copies);
}

static int parse_var(Run *r, char **s, int32_t **where, char *label, size_t n)
{
    skip_space(s);
    char name[128];
    size_t k = 0;
    while (isalnum((unsigned char)**s) || **s == '_') {
        if (k + 1 < sizeof name)
            name[k++] = **s;
        (*s)++;
    }
    name[k] = '\0';
    const RtVar *v = NULL;
    for (int i = 0; i < r->g->nvars && r->g->vars; i++)
        if (strcmp(r->g->vars[i].name, name) == 0)
            v = &r->g->vars[i];
    if (!v)
        return bad(r, "unknown variable '%s'", name);
    long p = 0;
    if (v->per_player == RT_VAR_PER_CARD) {
        int c;
        if (**s != '[')
            return bad(r, "variable '%s' is per card: write %s[CARD]", name, name);
        (*s)++;
        if (!parse_card_ref(r, s, &c))
            return 0;
        snprintf(label, n, "%s[%s]", name, r->g->card_name[c]);
        p = c;
    } else if (**s == '[') {
        (*s)++;
        if (!parse_int(r, s, &p, "a player number"))
            return 0;
        if (**s != ']')
            return bad(r, "expected ']'");
        (*s)++;
        if (!v->per_player)
            return bad(r, "variable '%s' is not per player", name);
        if (p < 0 || p >= core(r)->nplayers)
            return bad(r, "player %ld out of range", p);
        snprintf(label, n, "%s[%ld]", name, p);
    } else {
        if (v->per_player)
            return bad(r, "variable '%s' is per player: write %s[P]", name, name);
        snprintf(label, n, "%s", name);
    }
    *where = (int32_t *)((char *)r->st + v->offset) + p;
    skip_space(s);
    if (**s != '=')
        return bad(r, "expected '=' after %s", label);
    (*s)++;
    return 1;
}

/* ---- printing the state ---- */

static void list_zone(Run *r, int slot, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    int size = zsizes(r)[slot];
    for (int i = 0; i < size && len + 1 < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "",
                                r->g->card_name[zcards(r, slot)[i]]);
}

static void show_decision(Run *r, FILE *f)
{
    RtCore *c = core(r);
    if (!r->started) {
        fprintf(f, "    (no game set up)\n");
        return;
    }
    if (c->over != RT_PLAYING) {
        fprintf(f, "    game over (%s%s%s), scores:",
                c->over == RT_ENDED ? "ended" : c->over == RT_DRAW ? "draw" : "FAULT",
                *rt_end_reason(r->g, r->st) ? ": " : "", rt_end_reason(r->g, r->st));
        for (int p = 0; p < c->nplayers; p++)
            fprintf(f, " %d", c->score[p]);
        fprintf(f, ", winners:");
        for (int p = 0; p < c->nplayers; p++)
            if (c->winner[p])
                fprintf(f, " %d", p);
        fprintf(f, "\n");
        return;
    }
    char built[1024];
    const char *prompt = rt_prompt_text(r->g, r->st, NULL, NULL, built, sizeof built);
    fprintf(f, "    pending: player %d, \"%s\"", c->dec.player, prompt);
    if (r->stale_line)
        fprintf(f, " (computed before the hand-made change at line %d)", r->stale_line);
    fprintf(f, "\n");
    for (int i = 0; i < c->dec.noptions; i++) {
        char buf[512];
        fprintf(f, "      [%d] %s\n", i, rt_option_label(r->g, r->st, i, buf, sizeof buf));
    }
}

static void show_state(Run *r, FILE *f)
{
    char buf[8192], name[64];
    for (int s = 0; s < r->g->nslots; s++) {
        if (!rt_slot_used(r->g, r->st, s))
            continue;
        list_zone(r, s, buf, sizeof buf);
        fprintf(f, "    %-12s (%3d) %s\n", slot_text(r, s, name, sizeof name),
                zsizes(r)[s], buf);
    }
    for (int i = 0; i < r->g->nvars && r->g->vars; i++) {
        const RtVar *v = &r->g->vars[i];
        const int32_t *p = (const int32_t *)((char *)r->st + v->offset);
        fprintf(f, "    var %s =", v->name);
        if (v->per_player == RT_VAR_PER_CARD) /* card by card, as 'Nerd: 1' */
            for (int c = 0; c < r->g->ninstances; c++)
                fprintf(f, "%s %s: %d", c ? "," : "", r->g->card_name[c], p[c]);
        else
            for (int k = 0; k < (v->per_player ? core(r)->nplayers : 1); k++)
                fprintf(f, " %d", p[k]);
        fprintf(f, "\n");
    }
    show_decision(r, f);
}

/* ---- after every step: the invariants ---- */

static int check_state(Run *r, const char *after)
{
    char why[512];
    if (!rt_check_state(r->g, r->st, why, sizeof why))
        return fail(r, "rt_check_state failed after %s: %s", after, why);
    uint16_t *so = slot_of(r);
    if (so)
        for (int s = 0; s < r->g->nslots; s++)
            for (int i = 0; i < zsizes(r)[s]; i++) {
                int c = zcards(r, s)[i];
                if (so[c] != s) {
                    char a[64], b[64];
                    return fail(r, "after %s: card %d (%s) is in %s but slot_of says %s",
                                after, c, r->g->card_name[c], slot_text(r, s, a, sizeof a),
                                slot_text(r, so[c], b, sizeof b));
                }
            }
    if (core(r)->over == RT_FAULT) /* the next line may expect it */
        snprintf(r->faulted, sizeof r->faulted, "%s", after);
    if (rt_hit_bound(r->st))
        return fail(r, "the decision bound was reached after %s", after);
    return 1;
}

/* ---- option labels ---- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "B, A, C" → "A, B, C" (sets of cards match in any order). */
static void sort_names(const char *in, char *out, size_t n)
{
    char tmp[1024];
    char *parts[RT_MAX_PICK * 4];
    int k = 0;
    snprintf(tmp, sizeof tmp, "%s", in);
    char *s = tmp;
    for (;;) {
        char *comma = strchr(s, ',');
        if (comma)
            *comma = '\0';
        if (k < (int)(sizeof parts / sizeof *parts))
            parts[k++] = trim(s);
        if (!comma)
            break;
        s = comma + 1;
    }
    qsort(parts, (size_t)k, sizeof *parts, cmp_str);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < k && len + 1 < n; i++)
        len += (size_t)snprintf(out + len, n - len, "%s%s", i ? ", " : "", parts[i]);
}

static int label_is(Run *r, int i, const char *want)
{
    char buf[1024];
    rt_option_label(r->g, r->st, i, buf, sizeof buf);
    if (strcmp(buf, want) == 0)
        return 1;
    if (core(r)->dec.opt[i].kind == RT_OPT_CARDS) {
        char a[1024], b[1024];
        sort_names(buf, a, sizeof a);
        sort_names(want, b, sizeof b);
        return strcmp(a, b) == 0;
    }
    return 0;
}

static int find_option(Run *r, const char *want)
{
    for (int i = 0; i < core(r)->dec.noptions; i++)
        if (label_is(r, i, want))
            return i;
    return -1;
}

static int need_decision(Run *r, int fresh)
{
    if (!need_game(r))
        return 0;
    if (core(r)->over != RT_PLAYING)
        return fail(r, "the game is over: there is no decision");
    if (fresh && r->stale_line)
        return bad(r, "the pending decision was computed before the hand-made change "
                      "at line %d, so its options are stale: take a step (choose) first",
                   r->stale_line);
    return 1;
}

/* ---- commands ---- */

static int start(Run *r)
{
    if (r->players < r->g->min_players || r->players > r->g->max_players)
        return bad(r, "players %d outside %d..%d", r->players, r->g->min_players,
                   r->g->max_players);
    r->faulted[0] = '\0'; /* a seed tried before by `setup until` */
    nmoves = 0;
    nclosed = 0;
    rt_new(r->g, r->st, r->seed, r->players);
    r->started = 1;
    r->stale_line = 0;
    return check_state(r, "setup");
}

/* Finds a card of kind k (or the copy COPY_OF(c)) to move into dest; 0 if
 * none. */
static int find_card(Run *r, int k, int dest, int from, int *slot, int *pos)
{
    if (k < -1) { /* one copy: wherever it is, but in dest */
        int c = -2 - k;
        for (int s = 0; s < r->g->nslots; s++)
            for (int i = 0; s != dest && i < zsizes(r)[s]; i++)
                if (zcards(r, s)[i] == c && (from < 0 || s == from)) {
                    *slot = s;
                    *pos = i;
                    return 1;
                }
        return 0;
    }
    if (from >= 0) {
        for (int i = zsizes(r)[from] - 1; i >= 0; i--)
            if (kind_of[zcards(r, from)[i]] == k) {
                *slot = from;
                *pos = i;
                return 1;
            }
        return 0;
    }
    int home = home_slot(r);
    for (int i = 0; i < zsizes(r)[home]; i++)
        if (kind_of[zcards(r, home)[i]] == k) {
            *slot = home;
            *pos = i;
            return 1;
        }
    for (int s = 0; s < r->g->nslots; s++) {
        if (s == home || s == dest || !rt_slot_used(r->g, r->st, s))
            continue;
        for (int i = 0; i < zsizes(r)[s]; i++)
            if (kind_of[zcards(r, s)[i]] == k) {
                *slot = s;
                *pos = i;
                return 1;
            }
    }
    return 0;
}

/* put / stack: `Z [from Z2]: LIST`. */

/* After cards were moved by hand: the pending decision is stale, the game
 * rebuilds what it derives from the zones, and the state must hold. */
static int after_hand_change(Run *r)
{
    if (!r->stale_line)
        r->stale_line = r->line;
    if (r->g->sync)
        r->g->sync(r->st);
    return check_state(r, "the hand-made move");
}

static int cmd_place(Run *r, char *s, int first_on_top)
{
    int dest, from = -1;
    if (!need_game(r) || !parse_zone(r, &s, &dest))
        return 0;
    if (word(&s, "from") && !parse_zone(r, &s, &from))
        return 0;
    int kinds[MAX_LIST], n;
    if (!parse_colon_list(r, s, kinds, &n, 1))
        return 0;
    if (n == 0)
        return bad(r, "no cards named");
    int cards[MAX_LIST];
    /* take every card first, so a card placed is never taken again */
    for (int i = 0; i < n; i++) {
        int slot, pos;
        if (!find_card(r, kinds[i], dest, from, &slot, &pos)) {
            char a[64];
            for (int j = i - 1; j >= 0; j--)    /* undo: the state stays whole */
                insert_at(r, cards[j], home_slot(r), -1);
            const char *what = kinds[i] < -1 ? r->g->card_name[-2 - kinds[i]]
                                             : kind_name[kinds[i]];
            if (from >= 0)
                return fail(r, "no %s left in %s", what, slot_text(r, from, a, sizeof a));
            return fail(r, "no %s left outside %s", what, slot_text(r, dest, a, sizeof a));
        }
        cards[i] = take_at(r, slot, pos);
    }
    for (int i = 0; i < n; i++)
        insert_at(r, cards[first_on_top ? n - 1 - i : i], dest, -1);
    return after_hand_change(r);
}

static int cmd_clear(Run *r, char *s)
{
    int src, dest = -1;
    if (!need_game(r) || !parse_zone(r, &s, &src))
        return 0;
    if (word(&s, "to") && !parse_zone(r, &s, &dest))
        return 0;
    if (!at_end(r, s))
        return 0;
    if (dest == src)
        return bad(r, "clear a zone into itself");
    while (zsizes(r)[src] > 0) {
        int c = take_at(r, src, zsizes(r)[src] - 1);
        if (dest < 0)
            insert_at(r, c, home_slot(r), 0);
        else
            insert_at(r, c, dest, -1);
    }
    return after_hand_change(r);
}

static int cmd_set(Run *r, char *s)
{
    int32_t *where;
    char label[160];
    long v;
    if (!need_game(r) || !parse_var(r, &s, &where, label, sizeof label)
        || !parse_int(r, &s, &v, "a number") || !at_end(r, s))
        return 0;
    *where = (int32_t)v;
    if (!r->stale_line)
        r->stale_line = r->line;
    return check_state(r, "set");
}

static int cmd_choose(Run *r, char *s)
{
    long who = -1;
    char want[1024];
    skip_space(&s);
    if (isdigit((unsigned char)*s) && !parse_int(r, &s, &who, "a player"))
        return 0;
    if (!parse_quoted(r, &s, want, sizeof want) || !at_end(r, s))
        return 0;
    if (!need_decision(r, 0))
        return 0;
    RtCore *c = core(r);
    if (who >= 0 && c->dec.player != who)
        return fail(r, "choose %ld \"%s\": player %d decides, not player %ld", who, want,
                    c->dec.player, who);
    int i = find_option(r, want);
    if (i < 0)
        return fail(r, "choose \"%s\": no such option", want);
    if (r->verbose) {
        char built[1024];
        printf("#   %d: player %d \"%s\" -> \"%s\"\n", r->line, c->dec.player,
               rt_prompt_text(r->g, r->st, NULL, NULL, built, sizeof built), want);
    }
    nmoves = 0;
    nclosed = 0;
    if (!rt_apply(r->g, r->st, i))
        return fail(r, "rt_apply refused option %d", i);
    r->stale_line = 0;
    char what[1100];
    snprintf(what, sizeof what, "choose \"%s\"", want);
    return check_state(r, what);
}

/* Compares the cards of slot with kinds[0..n) as multisets. */
static int same_multiset(Run *r, int slot, const int *kinds, int n, int at_least,
                         char *diff, size_t dn)
{
    int *have = calloc((size_t)nkinds, sizeof *have);
    int *want = calloc((size_t)nkinds, sizeof *want);
    int ok = 1;
    size_t len = 0;
    diff[0] = '\0';
    for (int i = 0; i < zsizes(r)[slot]; i++)
        have[kind_of[zcards(r, slot)[i]]]++;
    for (int i = 0; i < n; i++)
        want[kinds[i]]++;
    for (int k = 0; k < nkinds; k++) {
        if (have[k] == want[k] || (at_least && have[k] >= want[k]))
            continue;
        ok = 0;
        if (len + 1 < dn)
            len += (size_t)snprintf(diff + len, dn - len, "%s%s: %d expected, %d there",
                                    len ? "; " : "", kind_name[k], want[k], have[k]);
    }
    free(have);
    free(want);
    return ok;
}

static int cmd_expect_zone(Run *r, char *s)
{
    int slot;
    char name[64], buf[8192], diff[2048];
    if (!parse_zone(r, &s, &slot))
        return 0;
    slot_text(r, slot, name, sizeof name);
    list_zone(r, slot, buf, sizeof buf);
    if (word(&s, "size")) {
        long n;
        if (!parse_int(r, &s, &n, "a size") || !at_end(r, s))
            return 0;
        if (zsizes(r)[slot] != n)
            return fail(r, "%s: size %ld expected, %d there: %s", name, n, zsizes(r)[slot],
                        buf);
        return 1;
    }
    int mode = 0;   /* 0 exact, 1 contains, 2 lacks */
    if (word(&s, "contains"))
        mode = 1;
    else if (word(&s, "lacks"))
        mode = 2;
    if (*s != ':')
        return bad(r, "expected ':', 'contains:', 'lacks:' or 'size N' after the zone");
    int kinds[MAX_LIST], n;
    if (!parse_list(r, s + 1, kinds, &n))
        return 0;
    if (mode == 2) {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < zsizes(r)[slot]; j++)
                if (kind_of[zcards(r, slot)[j]] == kinds[i])
                    return fail(r, "%s holds %s, expected none: %s", name,
                                kind_name[kinds[i]], buf);
        return 1;
    }
    if (!same_multiset(r, slot, kinds, n, mode == 1, diff, sizeof diff))
        return fail(r, "%s %s: %s\n    %s holds: %s", name,
                    mode ? "lacks cards" : "differs", diff, name, *buf ? buf : "(nothing)");
    return 1;
}

/* expect shown Z to P: LIST: the cards of Z that P knows from a `show`,
 * compared with LIST as multisets. */
static int cmd_expect_shown(Run *r, char *s)
{
    int slot;
    long p;
    char name[64];
    if (!parse_zone(r, &s, &slot))
        return 0;
    if (!word(&s, "to"))
        return bad(r, "expected 'to PLAYER: LIST'");
    if (!parse_int(r, &s, &p, "a player"))
        return 0;
    int kinds[MAX_LIST], n;
    if (!parse_colon_list(r, s, kinds, &n, 0))
        return 0;
    int *have = calloc((size_t)nkinds, sizeof *have), ok = 1;
    for (int i = 0; i < zsizes(r)[slot]; i++) {
        int c = zcards(r, slot)[i];
        if ((rt_card_seen(r->g, r->st, c) >> p) & 1u)
            have[kind_of[c]]++;
    }
    for (int i = 0; i < n; i++)
        have[kinds[i]]--;
    for (int k = 0; k < nkinds && ok; k++)
        if (have[k])
            ok = fail(r, "%s: player %ld was shown %d %s %s than expected",
                      slot_text(r, slot, name, sizeof name), p, abs(have[k]), kind_name[k],
                      have[k] > 0 ? "more" : "fewer");
    free(have);
    return ok;
}

static int cmd_expect_end(Run *r, char *s, int top)
{
    int slot;
    char name[64], buf[8192];
    if (!parse_zone(r, &s, &slot))
        return 0;
    int kinds[MAX_LIST], n;
    if (!parse_colon_list(r, s, kinds, &n, 0))
        return 0;
    slot_text(r, slot, name, sizeof name);
    list_zone(r, slot, buf, sizeof buf);
    int size = zsizes(r)[slot];
    if (size < n)
        return fail(r, "%s holds %d cards, fewer than the %d expected at its %s: %s",
                    name, size, n, top ? "top" : "bottom", *buf ? buf : "(nothing)");
    for (int i = 0; i < n; i++) {
        int pos = top ? size - 1 - i : i;
        int c = zcards(r, slot)[pos];
        if (kind_of[c] != kinds[i])
            return fail(r, "%s: card %d from the %s is %s, expected %s (bottom to top: %s)",
                        name, i + 1, top ? "top" : "bottom", r->g->card_name[c],
                        kind_name[kinds[i]], buf);
    }
    return 1;
}

static int cmd_expect_position(Run *r, char *s)
{
    int slot;
    char name[64];
    if (!parse_zone(r, &s, &slot))
        return 0;
    char *colon = strchr(s, ':');
    if (!colon)
        return bad(r, "expected 'CARD: positions'");
    *colon = '\0';
    int k = find_kind(trim(s));
    if (k < 0)
        return bad(r, "unknown card '%s'", trim(s));
    long want[MAX_LIST];
    int nw = 0;
    char *p = colon + 1;
    for (;;) {
        if (nw >= MAX_LIST || !parse_int(r, &p, &want[nw++], "a position"))
            return 0;
        if (*p == ',') {
            p++;
            continue;
        }
        break;
    }
    if (!at_end(r, p))
        return 0;
    int have[MAX_LIST], nh = 0;
    for (int i = 0; i < zsizes(r)[slot] && nh < MAX_LIST; i++)
        if (kind_of[zcards(r, slot)[i]] == k)
            have[nh++] = i;
    int ok = nh == nw;
    for (int i = 0; ok && i < nw; i++)
        ok = have[i] == want[i];
    if (!ok) {
        char got[1024] = "";
        size_t len = 0;
        for (int i = 0; i < nh && len + 1 < sizeof got; i++)
            len += (size_t)snprintf(got + len, sizeof got - len, "%s%d", i ? ", " : "",
                                    have[i]);
        return fail(r, "%s: %s at positions (cards below) %s, not as expected",
                    slot_text(r, slot, name, sizeof name), kind_name[k],
                    nh ? got : "(none)");
    }
    return 1;
}

/* expect [not] moved NAME from Z to Z2: such a move happened (or did not)
 * during the last step. */
static int cmd_expect_moved(Run *r, char *s, int negate)
{
    char *f = strstr(s, " from ");
    if (!f)
        return bad(r, "expected 'moved CARD from ZONE to ZONE'");
    *f = '\0';
    int k = find_kind(trim(s));
    if (k < 0)
        return bad(r, "unknown card '%s'", trim(s));
    char *p = f + 6;
    int from, to;
    if (!parse_zone(r, &p, &from))
        return 0;
    if (!word(&p, "to"))
        return bad(r, "expected 'to ZONE'");
    if (!parse_zone(r, &p, &to) || !at_end(r, p))
        return 0;
    int found = 0;
    for (int i = 0; i < nmoves && !found; i++)
        found = kind_of[moves[i].card] == k && moves[i].from_slot == from
                && moves[i].to_slot == to;
    if (found != negate)
        return 1;
    char a[64], b[64];
    return fail(r, "%s %s moved from %s to %s during the last step (%d moves)",
                negate ? "a" : "no", kind_name[k], slot_text(r, from, a, sizeof a),
                slot_text(r, to, b, sizeof b), nmoves);
}

/* "A", "B", ... → labels. */
static int parse_labels(Run *r, char *s, char (*out)[256], int *n, int max)
{
    *n = 0;
    skip_space(&s);
    if (!*s)
        return 1;
    for (;;) {
        if (*n >= max)
            return bad(r, "too many options listed");
        if (!parse_quoted(r, &s, out[*n], sizeof out[*n]))
            return 0;
        (*n)++;
        if (*s == ',') {
            s++;
            continue;
        }
        return at_end(r, s);
    }
}

/* What window w is before, for a message: its event's name, or "a
 * simultaneous choice". */
static const char *window_name(const Run *r, const RtWindow *w)
{
    return w->kind == RT_WINDOW_SIMUL ? "a simultaneous choice" : r->g->events[w->event];
}

/* expect simultaneous (s after the word) */
static int expect_simul(Run *r, char *s)
{
    if (!need_decision(r, 0) || !at_end(r, s))
        return 0;
    const RtWindow *w = rt_window_of(r->g, r->st);
    if (!w || w->kind != RT_WINDOW_SIMUL)
        return fail(r, "the decision is not asked by a simultaneous choice");
    return 1;
}

/* expect window EVENT [depth N] | expect no window (s after those words;
 * `no` for the second) */
static int expect_window(Run *r, char *s, int no)
{
    if (!need_decision(r, 0))
        return 0;
    const RtWindow *w = rt_window_of(r->g, r->st);
    if (no) {
        if (!at_end(r, s))
            return 0;
        if (w)
            return fail(r, "the decision is asked by window %u (%s)", (unsigned)w->id,
                        window_name(r, w));
        return 1;
    }
    char ev[256];
    long depth = -1;
    int n = 0;
    skip_space(&s);
    while (s[n] && !isspace((unsigned char)s[n]) && n < 255)
        n++;
    snprintf(ev, sizeof ev, "%.*s", n, s);
    s += n;
    skip_space(&s);
    if (!n)
        return bad(r, "expected 'expect window EVENT [depth N]'");
    if (word(&s, "depth") && !parse_int(r, &s, &depth, "a depth"))
        return 0;
    if (!at_end(r, s))
        return 0;
    if (!w)
        return fail(r, "the decision is asked by no window");
    if (w->kind != RT_WINDOW_REACT || strcmp(r->g->events[w->event], ev) != 0)
        return fail(r, "the window is before %s, expected %s", window_name(r, w), ev);
    if (depth >= 0 && w->depth != depth)
        return fail(r, "the window is at depth %d, expected %ld", w->depth, depth);
    return 1;
}

/* expect order choice | expect no order choice (s after those words) */
static int expect_order(Run *r, char *s, int no)
{
    if (!need_decision(r, 0) || !at_end(r, s))
        return 0;
    int is = rt_order_choice(&core(r)->dec);
    if (is && no)
        return fail(r, "the decision is a choice of the order of triggers");
    if (!is && !no)
        return fail(r, "the decision is not a choice of the order of triggers");
    return 1;
}

/* expect during EVENT (s after 'during') */
static int expect_during(Run *r, char *s)
{
    char ev[256];
    int n = 0;
    RtDuring d;
    skip_space(&s);
    while (s[n] && !isspace((unsigned char)s[n]) && n < 255)
        n++;
    snprintf(ev, sizeof ev, "%.*s", n, s);
    if (!n || !at_end(r, s + n))
        return n ? 0 : bad(r, "expected 'expect during EVENT'");
    if (!need_decision(r, 0))
        return 0;
    if (!r->g->during || !r->g->during(r->st, &d))
        return fail(r, "the decision is taken during no event");
    if (strcmp(d.event, ev) != 0)
        return fail(r, "the decision is taken during %s, expected %s", d.event, ev);
    return 1;
}

/* expect responses: "A", "B", ... */
static int cmd_expect_responses(Run *r, char *s)
{
    static char want[RT_MAX_PLAYERS][256];
    int n;
    if (*s != ':')
        return bad(r, "expected 'responses: \"A\", \"B\"'");
    if (!parse_labels(r, s + 1, want, &n, RT_MAX_PLAYERS))
        return 0;
    if (!nclosed)
        return fail(r, "no window closed during the last step");
    char got[256];
    if (n != closed.nseats)
        return fail(r, "%d responses expected, the window asked %d seats", n, closed.nseats);
    for (int i = 0; i < n; i++) {
        rt_option_text(r->g, &closed.answer[i], got, sizeof got);
        if (strcmp(got, want[i]) != 0)
            return fail(r, "response %d (player %d) is \"%s\", expected \"%s\"", i,
                        closed.order[i], got, want[i]);
    }
    return 1;
}

/* expect windows closed N (s after those words) */
static int cmd_expect_closed(Run *r, char *s)
{
    char *end;
    long n = strtol(s, &end, 10);
    if (end == s || !at_end(r, end))
        return bad(r, "expected 'expect windows closed N'");
    if (n != nclosed)
        return fail(r, "%d windows closed during the last step, expected %ld", nclosed, n);
    return 1;
}

/* NAME or NAME[P] of a number the views show (s after 'number'): its
 * index in RtGame.numbers and the seat P (-1 for a number of the table). */
static int parse_number(Run *r, char **s, int *i, long *of)
{
    char name[128];
    size_t k = 0;
    skip_space(s);
    while (isalnum((unsigned char)**s) || **s == '_') {
        if (k + 1 < sizeof name)
            name[k++] = **s;
        (*s)++;
    }
    name[k] = '\0';
    for (*i = 0; *i < r->g->nnumbers && strcmp(r->g->numbers[*i].name, name); (*i)++)
        ;
    if (*i >= r->g->nnumbers)
        return bad(r, "no view shows a number '%s'", name);
    *of = -1;
    if (r->g->numbers[*i].per_player) {
        if (**s != '[')
            return bad(r, "number '%s' is per player: write %s[P]", name, name);
        (*s)++;
        if (!parse_int(r, s, of, "a player number"))
            return 0;
        if (**s != ']')
            return bad(r, "expected ']'");
        (*s)++;
        if (*of < 0 || *of >= core(r)->nplayers)
            return bad(r, "player %ld out of range", *of);
    }
    skip_space(s);
    return 1;
}

/* expect number NAME[P] to Q = N | expect number NAME[P] to Q unseen */
static int expect_number(Run *r, char *s)
{
    int i;
    long of, q, v;
    int32_t got;
    if (!parse_number(r, &s, &i, &of))
        return 0;
    if (!word(&s, "to"))
        return bad(r, "expected 'to PLAYER'");
    if (!parse_int(r, &s, &q, "a player"))
        return 0;
    skip_space(&s);
    bool seen = rt_number_seen(r->g, i, (int)of, (int)q);
    if (word(&s, "unseen")) {
        if (!at_end(r, s))
            return 0;
        return seen ? fail(r, "player %ld sees %s", q, r->g->numbers[i].name) : 1;
    }
    if (*s != '=')
        return bad(r, "expected '= N' or 'unseen'");
    s++;
    if (!parse_int(r, &s, &v, "a number") || !at_end(r, s))
        return 0;
    if (!seen)
        return fail(r, "player %ld does not see %s", q, r->g->numbers[i].name);
    if (!rt_number_value(r->g, r->st, i, (int)of, &got))
        return fail(r, "%s has no value (its func faulted)", r->g->numbers[i].name);
    if (got != v)
        return fail(r, "%s is %d, expected %ld", r->g->numbers[i].name, got, v);
    return 1;
}

/* expect out none | expect out P[:N]... (s after the word): the players
 * out of the game, in the order they went out, each in turn N if given. */
static int expect_out(Run *r, char *s)
{
    int seat[RT_MAX_PLAYERS], turn[RT_MAX_PLAYERS];
    int n = r->g->out ? r->g->out(r->st, seat, turn) : 0, k = 0;
    if (word(&s, "none"))
        return at_end(r, s) && (n == 0 || fail(r, "%d players are out, expected none", n));
    while (*s) {
        long p, t = -1;
        if (!parse_int(r, &s, &p, "a player"))
            return 0;
        if (*s == ':') {
            s++;
            if (!parse_int(r, &s, &t, "a turn"))
                return 0;
        }
        if (k >= n)
            return fail(r, "player %ld is not out (%d players are)", p, n);
        if (seat[k] != p)
            return fail(r, "player %d went out %s, expected player %ld", seat[k],
                        k ? "next" : "first", p);
        if (t >= 0 && turn[k] != t)
            return fail(r, "player %ld went out in turn %d, expected turn %ld", p, turn[k], t);
        k++;
    }
    if (k < n)
        return fail(r, "player %d is out too", seat[k]);
    return 1;
}

/* expect active P | expect round N | expect phase NAME (s after the word;
 * what: 0 active, 1 round, 2 phase) */
static int expect_time(Run *r, char *s, int what)
{
    RtTime t;
    long want = -1;
    if (!rt_time(r->g, r->st, &t))
        return fail(r, "the views show no turn (the game has none)");
    if (what == 2) {
        char name[128];
        int n = 0;
        skip_space(&s);
        while ((isalnum((unsigned char)s[n]) || s[n] == '_') && n < 127)
            n++;
        snprintf(name, sizeof name, "%.*s", n, s);
        if (!n || !at_end(r, s + n))
            return n ? 0 : bad(r, "expected 'expect phase NAME'");
        const char *now = t.phase ? t.phase : "none";
        if (strcmp(now, name) != 0)
            return fail(r, "the phase is %s, expected %s", now, name);
        return 1;
    }
    if (!(what == 0 && word(&s, "none")) && !parse_int(r, &s, &want, "a number"))
        return 0;
    if (!at_end(r, s))
        return 0;
    int now = what == 0 ? t.active : t.round;
    if (now != want)
        return fail(r, "the %s is %d, expected %ld", what == 0 ? "active player" : "round",
                    now, want);
    return 1;
}

static int cmd_expect_fault(Run *r, char *s);

static int cmd_expect(Run *r, char *s)
{
    RtCore *c = core(r);
    r->checks++;
    if (!need_game(r))
        return 0;
    if (word(&s, "decision")) {
        long p;
        char prompt[512] = "";
        int has_prompt = 0;
        if (!parse_int(r, &s, &p, "a player"))
            return 0;
        if (*s) {
            if (!parse_quoted(r, &s, prompt, sizeof prompt) || !at_end(r, s))
                return 0;
            has_prompt = 1;
        }
        if (!need_decision(r, 0))
            return 0;
        char built[1024];
        const char *now = rt_prompt_text(r->g, r->st, NULL, NULL, built, sizeof built);
        if (c->dec.player != p || (has_prompt && strcmp(now, prompt) != 0))
            return fail(r, "expected a decision of player %ld%s%s%s, found player %d \"%s\"",
                        p, has_prompt ? " \"" : "", prompt, has_prompt ? "\"" : "",
                        c->dec.player, now);
        return 1;
    }
    if (word(&s, "options")) {
        if (*s != ':')
            return bad(r, "expected 'options: \"A\", \"B\"'");
        static char want[RT_MAX_OPTIONS][256];
        int n;
        if (!parse_labels(r, s + 1, want, &n, RT_MAX_OPTIONS) || !need_decision(r, 1))
            return 0;
        int used[RT_MAX_OPTIONS] = {0};
        int ok = n == c->dec.noptions;
        for (int i = 0; ok && i < n; i++) {
            int found = 0;
            for (int j = 0; j < c->dec.noptions && !found; j++)
                if (!used[j] && label_is(r, j, want[i]))
                    used[j] = found = 1;
            ok = found;
        }
        if (!ok)
            return fail(r, "the options differ from the %d expected", n);
        return 1;
    }
    char *t = s;
    if (word(&t, "no") && word(&t, "window"))
        return expect_window(r, t, 1);
    if (word(&s, "window"))
        return expect_window(r, s, 0);
    if (word(&s, "simultaneous"))
        return expect_simul(r, s);
    t = s;
    if (word(&t, "no") && word(&t, "order") && word(&t, "choice"))
        return expect_order(r, t, 1);
    t = s;
    if (word(&t, "order") && word(&t, "choice"))
        return expect_order(r, t, 0);
    if (word(&s, "during"))
        return expect_during(r, s);
    t = s;
    if (word(&t, "not") && word(&t, "moved"))
        return cmd_expect_moved(r, t, 1);
    int negate = 0;
    if (word(&s, "option") || (word(&s, "no") && word(&s, "option") && (negate = 1))) {
        char want[512];
        if (!parse_quoted(r, &s, want, sizeof want) || !at_end(r, s)
            || !need_decision(r, 1))
            return 0;
        int i = find_option(r, want);
        if (negate && i >= 0)
            return fail(r, "option \"%s\" is offered (option %d), expected not", want, i);
        if (!negate && i < 0)
            return fail(r, "option \"%s\" is not offered", want);
        return 1;
    }
    if (word(&s, "responses"))
        return cmd_expect_responses(r, s);
    t = s;
    if (word(&t, "windows") && word(&t, "closed"))
        return cmd_expect_closed(r, t);
    if (word(&s, "zone"))
        return cmd_expect_zone(r, s);
    if (word(&s, "shown"))
        return cmd_expect_shown(r, s);
    if (word(&s, "top"))
        return cmd_expect_end(r, s, 1);
    if (word(&s, "bottom"))
        return cmd_expect_end(r, s, 0);
    if (word(&s, "position"))
        return cmd_expect_position(r, s);
    if (word(&s, "moved"))
        return cmd_expect_moved(r, s, 0);
    int want_visible = 0;
    if (word(&s, "hidden") || (want_visible = word(&s, "visible"))) {
        int slot;
        long p;
        if (!parse_zone(r, &s, &slot))
            return 0;
        if (!word(&s, "to"))
            return bad(r, "expected 'to PLAYER'");
        if (!parse_int(r, &s, &p, "a player") || !at_end(r, s))
            return 0;
        char name[64];
        if (rt_sees(r->g, r->st, slot, (int)p) != want_visible)
            return fail(r, "player %ld %s see %s", p, want_visible ? "cannot" : "can",
                        slot_text(r, slot, name, sizeof name));
        return 1;
    }
    if (word(&s, "number"))
        return expect_number(r, s);
    if (word(&s, "active"))
        return expect_time(r, s, 0);
    if (word(&s, "round"))
        return expect_time(r, s, 1);
    if (word(&s, "phase"))
        return expect_time(r, s, 2);
    if (word(&s, "var")) {
        int32_t *where;
        char label[160];
        long v;
        if (!parse_var(r, &s, &where, label, sizeof label)
            || !parse_int(r, &s, &v, "a number") || !at_end(r, s))
            return 0;
        if (*where != v)
            return fail(r, "%s is %d, expected %ld", label, *where, v);
        return 1;
    }
    if (word(&s, "decisions")) {
        long v;
        if (!parse_int(r, &s, &v, "a number") || !at_end(r, s))
            return 0;
        if (c->decisions != v)
            return fail(r, "%lld decisions taken, expected %ld", (long long)c->decisions, v);
        return 1;
    }
    if (word(&s, "fault")) /* no fault pending: else do_line took it */
        return cmd_expect_fault(r, s);
    if (word(&s, "playing")) {
        if (!at_end(r, s))
            return 0;
        if (c->over != RT_PLAYING)
            return fail(r, "the game is over, expected it to go on");
        return 1;
    }
    if (word(&s, "over")) {
        if (!at_end(r, s))
            return 0;
        if (c->over != RT_ENDED)
            return fail(r, "the game has not ended (over = %d)", c->over);
        return 1;
    }
    if (word(&s, "draw")) {
        if (!at_end(r, s))
            return 0;
        if (c->over != RT_DRAW)
            return fail(r, "the game has not ended in a draw (over = %d)", c->over);
        return 1;
    }
    if (word(&s, "score")) {
        long p, v;
        if (!parse_int(r, &s, &p, "a player"))
            return 0;
        if (*s != '=')
            return bad(r, "expected 'score P = N'");
        s++;
        if (!parse_int(r, &s, &v, "a score") || !at_end(r, s))
            return 0;
        if (p < 0 || p >= c->nplayers)
            return bad(r, "player %ld out of range", p);
        if (c->over == RT_PLAYING)
            return fail(r, "score of player %ld: the game is not over", p);
        if (c->score[p] != v)
            return fail(r, "player %ld scored %d, expected %ld", p, c->score[p], v);
        return 1;
    }
    if (word(&s, "out"))
        return expect_out(r, s);
    if (word(&s, "winners")) {
        uint8_t want[RT_MAX_PLAYERS] = {0};
        if (!word(&s, "none"))
            while (*s) {
                long p;
                if (!parse_int(r, &s, &p, "a player"))
                    return 0;
                if (p < 0 || p >= c->nplayers)
                    return bad(r, "player %ld out of range", p);
                want[p] = 1;
            }
        if (!at_end(r, s))
            return 0;
        if (c->over == RT_PLAYING)
            return fail(r, "winners: the game is not over");
        for (int p = 0; p < c->nplayers; p++)
            if (!!c->winner[p] != want[p])
                return fail(r, "player %d %s, expected the opposite", p,
                            c->winner[p] ? "won" : "did not win");
        return 1;
    }
    return bad(r, "unknown check 'expect %s'", s);
}

/* A fault the line after its step does not expect fails the case. */
static int unexpected_fault(Run *r)
{
    char why[4400];
    return fail(r, "the game faulted after %s: %s", r->faulted,
                rt_fault_text(r->g, r->st, why, sizeof why));
}

/* expect fault "TEXT": the step just taken faulted, and rt_fault_text
 * (where, the message and its detail) is TEXT. */
static int cmd_expect_fault(Run *r, char *s)
{
    char want[4400], why[4400]; /* an invariant's text: 1,000 characters */
    if (!parse_quoted(r, &s, want, sizeof want) || !at_end(r, s))
        return 0;
    if (!r->faulted[0])
        return fail(r, "the game did not fault (over = %d)", core(r)->over);
    r->faulted[0] = '\0';
    rt_fault_text(r->g, r->st, why, sizeof why);
    if (strcmp(why, want))
        return fail(r, "the fault is \"%s\"", why);
    return 1;
}

static int do_line(Run *r, char *s)
{
    if (r->faulted[0]) {
        char *t = s;
        if (word(&t, "expect") && word(&t, "fault")) {
            r->checks++;
            return cmd_expect_fault(r, t);
        }
        return unexpected_fault(r);
    }
    if (word(&s, "name")) {
        snprintf(r->name, sizeof r->name, "%s", s);
        return 1;
    }
    if (word(&s, "players")) {
        long n;
        if (!parse_int(r, &s, &n, "a player count") || !at_end(r, s))
            return 0;
        r->players = (int)n;
        return 1;
    }
    if (word(&s, "seed")) {
        errno = 0;
        char *end;
        unsigned long long v = strtoull(s, &end, 10);
        if (end == s || errno || !at_end(r, end))
            return bad(r, "expected a seed, found '%s'", s);
        r->seed = v;
        return 1;
    }
    if (word(&s, "setup")) {
        if (!*s)
            return start(r);
        /* setup until decision P "PROMPT": the first seed from `seed` on
         * whose set-up stops at that decision */
        long p;
        char prompt[512];
        if (!word(&s, "until") || !word(&s, "decision"))
            return bad(r, "expected 'setup' or 'setup until decision P \"PROMPT\"'");
        if (!parse_int(r, &s, &p, "a player") || !parse_quoted(r, &s, prompt, sizeof prompt)
            || !at_end(r, s))
            return 0;
        for (int tries = 0; tries < 10000; tries++, r->seed++) {
            if (!start(r))
                return 0;
            RtCore *c = core(r);
            if (c->over == RT_PLAYING && c->dec.player == p
                && strcmp(r->g->prompts[c->dec.prompt], prompt) == 0) {
                if (r->verbose)
                    printf("#   %d: seed %llu\n", r->line, (unsigned long long)r->seed);
                return 1;
            }
        }
        return fail(r, "no seed in 10000 sets up to a decision of player %ld \"%s\"", p,
                    prompt);
    }
    if (word(&s, "put"))
        return cmd_place(r, s, 0);
    if (word(&s, "stack"))
        return cmd_place(r, s, 1);
    if (word(&s, "clear"))
        return cmd_clear(r, s);
    if (word(&s, "set"))
        return cmd_set(r, s);
    if (word(&s, "choose"))
        return cmd_choose(r, s);
    if (word(&s, "expect"))
        return cmd_expect(r, s);
    if (word(&s, "show")) {
        if (!need_game(r) || !at_end(r, s))
            return 0;
        printf("# %s:%d: the state\n", r->file, r->line);
        show_state(r, stdout);
        return 1;
    }
    return bad(r, "unknown command '%s'", s);
}

static int run_file(const RtGame *g, void *st, const char *path, int verbose)
{
    Run r;
    memset(&r, 0, sizeof r);
    r.g = g;
    r.st = st;
    r.file = path;
    r.players = g->min_players;
    r.seed = 1;
    r.verbose = verbose;
    const char *base = strrchr(path, '/');
    snprintf(r.name, sizeof r.name, "%s", base ? base + 1 : path);
    char *dot = strrchr(r.name, '.');
    if (dot && strcmp(dot, ".scn") == 0)
        *dot = '\0';
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("FAIL %s\n    %s: cannot read: %s\n", r.name, path, strerror(errno));
        return 0;
    }
    char line[8192];
    int ok = 1;
    while (ok && fgets(line, sizeof line, f)) {
        r.line++;
        if (!strchr(line, '\n') && !feof(f)) {
            bad(&r, "line too long");
            ok = 0;
            break;
        }
        cut_comment(line);
        char *s = trim(line);
        if (!*s)
            continue;
        ok = do_line(&r, s);
    }
    fclose(f);
    if (ok && r.faulted[0])
        ok = unexpected_fault(&r);
    if (ok && r.checks == 0) {
        bad(&r, "the scenario checks nothing (no 'expect' line)");
        ok = 0;
    }
    if (ok) {
        printf("ok %s\n", r.name);
        return 1;
    }
    printf("FAIL %s\n    %s:%d: %s%s\n", r.name, path, r.line, r.is_error ? "error: " : "",
           r.msg);
    if (r.started) {
        show_decision(&r, stdout);
        if (verbose)
            show_state(&r, stdout);
    }
    return 0;
}

int main(int argc, char **argv)
{
    const RtGame *g = &game;
    int verbose = 0, pass = 0, failed = 0, files = 0;
    init_kinds(g);
    void *st = malloc(g->state_size);
    if (!st) {
        fprintf(stderr, "runner: out of memory\n");
        return 2;
    }
    rt_set_observer(g, observe, NULL);
    rt_set_window_observer(g, observe_window, NULL);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0) {
            verbose = 1;
            continue;
        }
        files++;
        if (run_file(g, st, argv[i], verbose))
            pass++;
        else
            failed++;
    }
    if (!files) {
        fprintf(stderr, "usage: %s [-v] FILE.scn...\n", argv[0]);
        free(st);
        free(kind_name);
        free(kind_of);
        return 2;
    }
    printf("scenario: %d passed, %d failed\n", pass, failed);
    free(st);
    free(kind_name);
    free(kind_of);
    return failed ? 1 : 0;
}
