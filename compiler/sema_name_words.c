/* sema_name_words.c: words in card names, `name_has(c, "words")`
 * (LANGUAGE.md §6, "Words in a card's name").
 *
 * A name is read as words: runs of letters, digits and apostrophes (and
 * any byte of a UTF-8 character), split by anything else (spaces, '-',
 * '!'). name_has holds when the words asked for are words of the name,
 * whole, in a row, whatever their case (ASCII): "Mid-Year Exam" has
 * "exam", "EXAM" and "year exam", not "ex" nor "exams". The words are a
 * quoted string written where name_has is used, so the cards whose names
 * have them are known at build time: the checker refuses words no card
 * of cards.yaml has, and a filter reads them from the card alone
 * (name_has_eval); the emitter tests the card's kind against that list. */
#include "sema_int.h"

#include <ctype.h>
#include <string.h>

static bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '\'' || (unsigned char)c >= 0x80;
}

/* The length of the word at p (0 at a separator or the end). */
static size_t word_len(const char *p)
{
    size_t n = 0;
    while (p[n] && word_char(p[n]))
        n++;
    return n;
}

static const char *skip_separators(const char *p)
{
    while (*p && !word_char(*p))
        p++;
    return p;
}

/* Are the n bytes at a and b the same but for ASCII case? */
static bool same_but_case(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
            return false;
    return true;
}

/* Do the words of `words` begin at name's word at p, in a row? */
static bool words_at(const char *p, const char *words)
{
    for (const char *w = skip_separators(words); *w; w = skip_separators(w)) {
        size_t nw = word_len(w), np = word_len(p);
        if (!np || nw != np || !same_but_case(p, w, nw))
            return false;
        w += nw;
        p = skip_separators(p + np);
    }
    return true;
}

bool name_has_words(const char *name, const char *words)
{
    if (!word_len(skip_separators(words)))
        return false;
    for (const char *p = skip_separators(name); *p; p = skip_separators(p + word_len(p)))
        if (words_at(p, words))
            return true;
    return false;
}

/* Are the words fit to look for: at least one word, and nothing but
 * words and spaces between them? */
static bool words_written_well(const char *w)
{
    if (!word_len(skip_separators(w)))
        return false;
    for (; *w; w++)
        if (!word_char(*w) && *w != ' ')
            return false;
    return true;
}

static bool some_card_has(const CardSet *cs, const char *words)
{
    for (int k = 0; k < cs->ncards; k++)
        if (name_has_words(cs->cards[k]->name, words))
            return true;
    return false;
}

/* The name of card c: a field `c.name` made for the card given. */
static Node *name_of_card(Sema *s, Node *c)
{
    Node *f = node_new(s->arena, N_FIELD, c->loc);
    f->base = c;
    f->name = "name";
    f->attr = ATTR_NAME;
    f->type = T_NAME;
    f->next = c->next;
    c->next = NULL;
    return f;
}

/* The words of a name_has: a quoted string of words that some card's
 * name has; made a NAMEWORDS, which no check takes for a card's name. */
static void check_name_words(Sema *s, Node *w)
{
    if (w->kind != N_STR) {
        if (check_expr(s, w) != T_UNKNOWN)
            diag_error(s->diags, w->loc, "the words name_has looks for are a quoted string, "
                                         "such as \"quiz\": they are known when the game is "
                                         "built");
        return;
    }
    w->kind = N_NAMEWORDS;
    if (!words_written_well(w->name))
        diag_error(s->diags, w->loc, "name_has looks for words (letters, digits, apostrophes) "
                                     "separated by spaces, found \"%s\"", w->name);
    else if (!some_card_has(s->cs, w->name)) {
        diag_error(s->diags, w->loc, "no card's name has the word%s \"%s\" (name_has: whole "
                                     "words, in any case): this can never hold",
                   strchr(w->name, ' ') ? "s" : "", w->name);
        s->soft_errors++; /* a proof about cards: the tree is whole, the proofs after it run */
    }
}

/* name_has(c, "words") or name_has(c.name, "words"): a card is read
 * through its name, a field, as `c.name` is (what a player may see of it
 * is checked as for any field). */
Type check_call_name_has(Sema *s, Node *n)
{
    Type t = check_expr(s, n->args);
    if (t == T_CARD)
        n->args = name_of_card(s, n->args);
    else if (t != T_NAME && t != T_UNKNOWN)
        diag_error(s->diags, n->args->loc, "name_has(c, \"words\") reads the name of a card: "
                                           "give it a card or a card's name, not %s",
                   type_name(t));
    check_name_words(s, n->args->next);
    return n->type = T_BOOL;
}

/* name_has(...) in a filter on the element in slot `slot`, for kind cd:
 * 1 or 0 when it reads the element's name, -1 otherwise. */
int name_has_eval(const Node *n, int slot, const CardDef *cd)
{
    const Node *a = n->args, *w = a ? a->next : NULL;
    if (n->sym || n->builtin != B_NAME_HAS || !w || w->kind != N_NAMEWORDS || a->kind != N_FIELD ||
        a->attr != ATTR_NAME)
        return -1;
    const Node *e = a->base;
    bool element = e ? e->kind == N_IDENT && e->sym && e->sym->index == slot &&
                           (e->sym->kind == S_LOCAL || e->sym->kind == S_PARAM)
                     : a->slot == slot;
    return element ? name_has_words(cd->name, w->name) : -1;
}

/* Card data alone (no rules, so no func of the game takes the name): the
 * words of a name_has of an effect are no card's name. */
void name_has_words_mark(Node *n)
{
    Node *w = n->kind == N_CALL && n->name && !strcmp(n->name, "name_has") && n->args
                  ? n->args->next : NULL;
    if (w && w->kind == N_STR)
        w->kind = N_NAMEWORDS;
}

static void find_name_has(const Node *n, void *ctx)
{
    if (n->kind == N_CALL && !n->sym && n->builtin == B_NAME_HAS)
        *(bool *)ctx = true;
}

/* An aggregate over a source of cards (count, any, every, first...) whose
 * filter tests words in names and that no card of cards.yaml passes, read
 * from the card alone: "an Event with quiz in its name" where only a
 * Task's name has it. (Filters without name_has are left as they were:
 * a game that built keeps building.) */
void check_name_filter(Sema *s, const Node *src)
{
    bool words = false;
    if (!src->filter || src->type != T_CARD ||
        (src->src_kind != SRC_ZONE && src->src_kind != SRC_HELD))
        return;
    ast_walk_const(src->filter, find_name_has, &words);
    if (!words)
        return;
    for (int k = 0; k < s->cs->ncards; k++)
        if (sema_eval_filter(src->filter, src->slot, s->cs->cards[k]) != 0)
            return;
    diag_error(s->diags, sema_expr_loc(src->filter), "no card in %s passes this condition on "
                                                     "words in card names: it can never hold",
               s->cs->file->path);
    s->soft_errors++;
}

/* ---- the kinds a card given to name_has may be ------------------------- */

typedef struct NameKinds {
    Sema *s;
    KindsRun *k;
} NameKinds;

/* name_has(c, "words") where every kind c may hold (sema_kinds.c, an
 * over-approximation, narrowed by the `if`s around) has a name without
 * the words: "the round's Event has quiz in its name" where only a Task's
 * name has it. An error at the words, naming the types c may be. */
static void visit_name_has(Node *n, void *ctx)
{
    NameKinds *x = ctx;
    if (n->kind != N_CALL || n->sym || n->builtin != B_NAME_HAS || !n->args)
        return;
    const Node *a = n->args, *w = a->next;
    if (!w || w->kind != N_NAMEWORDS || a->kind != N_FIELD || !a->base)
        return; /* the element of a filter: check_name_filter reads it */
    if (!some_card_has(x->s->cs, w->name))
        return; /* no card's name has them: said at the words already */
    Kinds m = kinds_of_expr(x->k, a->base);
    const CardSet *cs = x->s->cs;
    for (int k = 0; k < cs->ncards && k < 64; k++)
        if (((m >> k) & 1) && name_has_words(cs->cards[k]->name, w->name))
            return;
    if (!m || cs->ncards > 64)
        return; /* no kind known: nothing proved */
    diag_error(x->s->diags, w->loc, "this card can only be of type %s, and no such card's name "
                                    "has the word%s \"%s\": this can never hold",
               kinds_types(x->s, m), strchr(w->name, ' ') ? "s" : "", w->name);
    x->s->soft_errors++; /* a proof: the tree is whole, the proofs after it run */
}

void check_name_kinds(Sema *s)
{
    NameKinds x = {s, s->kinds};
    const PtrVec *lists[2] = {&s->g->funcs, &s->g->procs};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Sym *fn = lists[l]->items[i];
            kinds_walk(x.k, fn->decl->body, visit_name_has, &x);
            kinds_walk(x.k, fn->decl->expr_body, visit_name_has, &x);
        }
}
