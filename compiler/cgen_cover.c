/* cgen_cover.c: the coverage sites of a game (`simulate --coverage`;
 * RtCovSite in runtime/rt.h, RUNTIME.md "Coverage").
 *
 * Each place of the rules a game may pass through gets a number, given
 * while the direct copy of the rules is written (the copy simulate plays):
 * each choice (a decision site, followed by a site per option of a menu,
 * or yes and no of an 'ask'), and each proc (a rule of the rules, the body
 * of an event, a card's play clause, an `on`, `instead of` or `react to`
 * clause). cov_sites[] names them after their line and its text; site 0
 * stands for the decisions the runtime asks itself. The code written
 * counts only where the game is played with counters (Direct.count). */
#include "cgen_int.h"

#include <string.h>

enum { COV_TEXT_MAX = 72 };    /* bytes of a site's line kept as its text */

typedef struct CovSite {
    int kind;               /* RtCovKind (RT_COV_*) */
    const Node *at;         /* where: its file and line */
    const char *text;       /* NULL: the text of at's line */
    const Node *choice;     /* RT_COV_DECISION: the choice it counts */
    int nopts;              /* RT_COV_DECISION: the option sites after it */
} CovSite;

/* The values of RtCovKind (runtime/rt.h), which cardc does not include. */
enum { COV_DECISION, COV_OPTION, COV_RULE, COV_EVENT, COV_EFFECT, COV_TRIGGER,
       COV_REACTION, COV_MODIFIER };

static int cov_add(Gen *G, int kind, const Node *at, const char *text)
{
    CovSite *c = arena_alloc(G->a, sizeof *c);
    *c = (CovSite){.kind = kind, .at = at, .text = text};
    if (G->cov_sites.len == 0) /* site 0: the runtime's own decisions */
        vec_push(G->a, &G->cov_sites, arena_alloc(G->a, sizeof(CovSite)));
    vec_push(G->a, &G->cov_sites, c);
    return G->cov_sites.len - 1;
}

/* The option sites of choice n: a menu's options in order (their branch
 * is their place), an ask's yes and no; none for the others. */
static int cov_options(Gen *G, const Node *n)
{
    int k = 0;
    if (n->kind == N_MENU)
        for (const Node *o = n->options; o; o = o->next, k++)
            cov_add(G, COV_OPTION, o->loc.line > 0 ? o : n, NULL);
    if (n->kind == N_ASK) {
        cov_add(G, COV_OPTION, n, "yes");
        cov_add(G, COV_OPTION, n, "no");
        k = 2;
    }
    return k;
}

int cov_decision(Gen *G, const Node *n, int *nopts)
{
    for (int i = 1; i < G->cov_sites.len; i++) {
        const CovSite *c = G->cov_sites.items[i];
        if (c->kind == COV_DECISION && c->choice == n) { /* choose cards: two waits */
            *nopts = c->nopts;
            return i;
        }
    }
    int at = cov_add(G, COV_DECISION, n, NULL);
    CovSite *c = G->cov_sites.items[at];
    c->choice = n;
    c->nopts = *nopts = cov_options(G, n);
    return at;
}

/* Is proc p the body of an event of the rules? */
static bool is_event_body(const Game *g, const Sym *p)
{
    for (int i = 0; i < g->events.len; i++)
        if (((const Sym *)g->events.items[i])->body == p)
            return true;
    return false;
}

static int rule_kind(const Game *g, const Sym *p)
{
    if (is_event_body(g, p))
        return COV_EVENT;
    if (!p->clause)
        return COV_RULE;
    switch (p->clause->clause_kind) {
    case CLAUSE_PLAY:    return COV_EFFECT;
    case CLAUSE_ON:      return COV_TRIGGER;
    case CLAUSE_INSTEAD:
    case CLAUSE_REACT:   return COV_REACTION;
    default:             return COV_RULE;
    }
}

static const char *line_text(Gen *G, const Node *n);

/* A modifier's site (mod<k>, cgen_time.c): counted where it applies,
 * through cov_counting (rt_game.h), since a func has no Direct. */
int cov_modifier(Gen *G, const Node *m)
{
    return cov_add(G, COV_MODIFIER, m, NULL);
}

/* A rule's site; a play clause's text names its card (or type) first: a
 * clause's line may say no more than `play`. */
int cov_rule(Gen *G, const Sym *p)
{
    const Node *at = p->clause ? p->clause : p->decl;
    int kind = rule_kind(G->g, p);
    const char *text = NULL;
    if (kind == COV_EFFECT)
        text = arena_printf(G->a, "%s: %s", p->name, line_text(G, at));
    return cov_add(G, kind, at, text);
}

/* The text of n's line: from its first non-blank, to a comment, the end
 * of the line or COV_TEXT_MAX bytes (cut between two UTF-8 characters),
 * with no trailing blanks or '{'. */
static const char *line_text(Gen *G, const Node *n)
{
    const SrcFile *f = n->loc.file;
    if (!f || n->loc.line < 1)
        return "";
    const char *p = f->text, *end = f->text + f->len;
    for (int l = 1; l < n->loc.line && p < end; p++)
        l += *p == '\n';
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    size_t k = 0;
    while (p + k < end && p[k] != '\n' && p[k] != '#' && k < COV_TEXT_MAX)
        k++;
    while (k > 0 && p + k < end && ((unsigned char)p[k] & 0xC0) == 0x80)
        k--; /* not inside a character */
    while (k > 0 && (p[k - 1] == ' ' || p[k - 1] == '\t' || p[k - 1] == '\r'
                     || p[k - 1] == '{'))
        k--;
    return arena_strndup(G->a, p, k);
}

void gen_cov_sites(Gen *G)
{
    Buf *o = G->out;
    buf_puts(o, "/* cov_sites[i]: coverage site i (RtCovSite, simulate --coverage): what\n"
                " * it is, its file and line, its text; 0 is the runtime's decisions */\n"
                "static const RtCovSite cov_sites[] = {\n"
                "    {RT_COV_DECISION, NULL, 0, \"decisions of the runtime\"},\n");
    static const char *const kinds[] = {"RT_COV_DECISION", "RT_COV_OPTION", "RT_COV_RULE",
        "RT_COV_EVENT", "RT_COV_EFFECT", "RT_COV_TRIGGER", "RT_COV_REACTION", "RT_COV_MODIFIER"};
    for (int i = 1; i < G->cov_sites.len; i++) {
        const CovSite *c = G->cov_sites.items[i];
        buf_printf(o, "    {%s, ", kinds[c->kind]);
        c_string(o, where(G, c->at));
        buf_printf(o, ", %d, ", c->at->loc.line);
        c_string(o, c->text ? c->text : line_text(G, c->at));
        buf_printf(o, "}, /* %d */\n", i);
    }
    buf_puts(o, "};\n\n");
}

const char *cov_table_entries(Gen *G)
{
    return arena_printf(G->a, "    .ncov_sites = %d,\n    .cov_sites = cov_sites,\n"
                              "    .play_covered = game_play_covered,\n",
                        G->cov_sites.len ? G->cov_sites.len : 1);
}
