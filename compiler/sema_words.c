/* sema_words.c: prompts and labels built from values (LANGUAGE.md §7,
 * "Words built from values").
 *
 * A prompt or a label may name values in braces: "Guess {q}'s card",
 * "Pass 3 cards to {next(p)}". Each word is an expression, typed here: a
 * player, a card, a number, a truth value, a card type, a card name or an
 * attribute value. The text is shown to the player who decides (and, at
 * the terminal, to the seats watching), so a word may name only a card
 * that player surely sees: `this`, a card taken from a zone they see
 * (top(Z), the element of a source over Z), or a card they chose, or one
 * chosen from a public zone (through a `let`). Everything else could lie
 * where they may not look, and is refused. The runtime names a card the
 * seat shown the text does not see at that moment "a card" all the same
 * (runtime/view.c), so a card that moved since is never named. A word of
 * another type is walked for what it reads in sema_secrecy.c (see_words),
 * once every name is resolved.
 *
 * The template the game keeps makes each word `{kK}`: k its kind (p
 * player, c card, n number, b truth value, w an entry of the game's
 * table of names), K its place (rt.h, rt_words). */
#include "sema_int.h"

#include <string.h>

/* Are a and b the very same variable or parameter? */
static bool same_name(const Node *a, const Node *b)
{
    return a && b && a->kind == N_IDENT && b->kind == N_IDENT && a->sym && a->sym == b->sym;
}

/* Does the player written `decider` see the cards of zone reference z?
 * A public zone; an owner zone indexed by the very name of the decider.
 * A NULL decider is every seat (a public choice): a public zone only. */
static bool zone_seen(const Node *z, const Node *decider)
{
    const Node *zid = z && z->kind == N_INDEX ? z->base : z;
    if (!zid || zid->kind != N_IDENT || !zid->sym || zid->sym->kind != S_ZONE)
        return false;
    const Node *decl = zid->sym->decl;
    if (decl->vis == VIS_PUBLIC)
        return true;
    return decl->vis == VIS_OWNER && !(decl->zflags & ZF_HELD) && z->kind == N_INDEX &&
           same_name(z->index, decider);
}

/* Is e the card of the window before a card played (`window for c
 * played`)? Every seat saw it played, wherever it lies. */
static bool shown_card(const Node *e)
{
    const Sym *v = e->kind == N_IDENT ? e->sym : NULL;
    return v && v->kind == S_PARAM && v->decl && v->decl->kind == N_PARAM && v->decl->announced;
}

/* Word e, the card played, made its name (`{c}` read `{c.name}`): a card
 * word names a card only to the seats that see where it lies, and the
 * card played may still lie in its player's hand while its window asks. */
static Type name_the_card(Sema *s, Node *e)
{
    Node *card = node_new(s->arena, N_IDENT, e->loc);
    card->name = e->name;
    Node *next = e->next;
    memset(e->kid, 0, sizeof e->kid);
    e->kind = N_FIELD;
    e->base = card;
    e->name = "name";
    e->sym = NULL;
    e->next = next;
    return check_expr(s, e);
}

/* Does the player written `decider` surely see card expression e when
 * the text is built? depth bounds the lets followed. */
static bool card_seen(const Node *e, const Node *decider, int depth)
{
    if (depth > 16 || !e)
        return false;
    if (e->kind == N_TOPCARD)
        return zone_seen(e->zone, decider);
    if (e->kind != N_IDENT || !e->sym)
        return false;
    const Sym *v = e->sym;
    if (v->kind == S_PARAM) /* `this` may lie in its player's hand */
        return decider && !strcmp(v->name, "this");
    if (v->kind != S_LOCAL || !v->decl)
        return false;
    const Node *d = v->decl;
    if (d->kind == N_SOURCE)
        return zone_seen(d->in, decider);
    if (d->kind != N_LET || !d->init)
        return false;
    if (d->init->kind == N_CHOOSECARD)
        return same_name(d->init->who, decider) || zone_seen(d->init->src->in, decider);
    return card_seen(d->init, decider, depth + 1);
}

/* The letter of a word of type t in the runtime's template, 0 if a word
 * cannot be of that type. */
static char word_kind(Type t)
{
    switch (t) {
    case T_PLAYER:
        return 'p';
    case T_CARD:
        return 'c';
    case T_INT:
        return 'n';
    case T_BOOL:
        return 'b';
    case T_TYPE:
    case T_NAME:
    case T_VALUE:
        return 'w';
    default:
        return 0;
    }
}

/* Types word e, checks that the decider may see what it names; its
 * letter, or 0 after an error. */
static char check_word(Sema *s, Node *e, const Node *decider)
{
    Type t = check_expr(s, e);
    if (t == T_CARD && shown_card(e))
        t = name_the_card(s, e);
    char k = word_kind(t);
    if (t == T_UNKNOWN)
        return 0;
    if (!k) {
        diag_error(s->diags, e->loc, "a word names a player, a card, a number, a truth value, "
                                     "a card type, a card name or an attribute value, not %s",
                   type_name(t));
        return 0;
    }
    if (t == T_CARD && !card_seen(e, decider, 0)) {
        if (decider) {
            diag_error(s->diags, e->loc, "this word names a card that the player who decides "
                                         "may not see: a word may name `this`, a card taken "
                                         "from a zone that player sees, or a card they chose");
            diag_note(s->diags, decider->loc, "the player who decides");
        } else if (s->window_words) {
            diag_error(s->diags, e->loc, "this word names a card that some seat may not see, "
                                         "and a reaction window asks every seat: name a card "
                                         "of a public zone, as top(Z)");
        } else {
            diag_error(s->diags, e->loc, "this word names a card that some seat may not see, "
                                         "and the choice is public: every seat reads its "
                                         "words; name a card of a public zone");
        }
    }
    return k;
}

/* The characters text shows besides its words (each `{K}` three). */
static int literal_chars(const char *text, long long nwords)
{
    int chars = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        chars += (*p & 0xC0) != 0x80;
    return chars - 3 * (int)nwords;
}

/* The template for the runtime: each `{K}` of w's made `{kK}`. */
static const char *runtime_template(Sema *s, const Node *w, const char *kinds)
{
    Buf b = {0};
    for (const char *t = w->name; *t; t++) {
        if ((*t == '{' || *t == '}') && t[1] == *t) {
            buf_put(&b, t, 2);
            t++;
        } else if (*t == '{') {
            int k = t[1] - '0';
            buf_printf(&b, "{%c%d}", kinds[k], k);
            t += 2;
        } else {
            buf_put(&b, t, 1);
        }
    }
    const char *out = arena_strndup(s->arena, b.data, b.len);
    buf_free(&b);
    return out;
}

/* A public choice of cards names the cards chosen to every seat: they
 * must come from a public zone. */
void check_public_cards(Sema *s, const Node *n)
{
    if (!n->announced || n->src->type != T_CARD)
        return;
    if (n->src->src_kind != SRC_ZONE || !zone_seen(n->src->in, NULL))
        diag_error(s->diags, n->src->loc, "a public choice shows the card chosen to every "
                                          "seat: choose from a public zone");
}

const char *check_words(Sema *s, Node *n, const Node *decider, bool label)
{
    Node *w = n->words;
    if (!w)
        return n->name;
    char kinds[MAX_WORDS + 1] = {0};
    bool ok = true;
    int k = 0;
    for (Node *e = w->items; e; e = e->next, k++) {
        if (k == MAX_WORDS) {
            diag_error(s->diags, e->loc, "a prompt or a label is built from at most %d values "
                                         "(limit max_words)", MAX_WORDS);
            ok = false;
            break;
        }
        kinds[k] = check_word(s, e, decider);
        ok = ok && kinds[k];
    }
    int chars = literal_chars(w->name, w->nitems) + WORD_CHARS * (int)w->nitems;
    if (ok && label && chars > MAX_LABEL)
        diag_error(s->diags, n->loc, "an option label too long: up to %d characters with its "
                                     "words, %d each (limit max_label = %d)",
                   chars, WORD_CHARS, MAX_LABEL);
    if (!ok)
        return n->name;
    s->g->words = true;
    return runtime_template(s, w, kinds);
}

/* The words of one text of a reaction window, checked as a public
 * choice's (every seat is asked). They are computed from the event's
 * values alone when the window opens, before the body runs: a word that
 * walks a zone (a source, taking a frame slot) is refused. */
static void check_window_text(Sema *s, Node *t)
{
    int nlocals = s->nlocals;
    s->window_words = true;
    if (t->which)
        t->label = intern_label(s, t, NULL);
    else
        t->prompt = intern_str(s, &s->g->prompts, &s->prompt_ix, check_words(s, t, NULL, false));
    s->window_words = false;
    if (s->nlocals != nlocals)
        diag_error(s->diags, t->loc, "a reaction window's words are built from the event's "
                                     "values when the window opens: walk no zone in them "
                                     "(count, sum, any ... with 'where')");
}

void check_window_texts(Sema *s, Node *decl)
{
    if (decl->asks)
        check_window_text(s, decl->asks);
    if (decl->declines)
        check_window_text(s, decl->declines);
}
