/* sema_type_uses.c: a card type whose cards nothing sets apart (issue 21,
 * "types and cards no rule or effect names"), a warning at the type in
 * cards.yaml.
 *
 * In a game of several types that have cards, a type's cards have a use of
 * their own when some rule or effect names them: the type by its name
 * (`type == T`, `c.type == T`, an event's `x: T`, `effect T`, a held zone
 * `under T`, `values(T.attr)`), one of its cards in quotes or by the words
 * of `name_has`, a card of it with an effect, or an attribute its cards
 * have a value of read (`c.points`, `where color == red`, `sort Z by
 * rank`, `values(color)`). A type with none of these is dealt, drawn and
 * counted as any card, and nothing the rules do tells its cards from the
 * others: what the rulebook gives it is missing from the rules. Only a
 * type whose cards the card file gives attributes is reported: a plain
 * type (Pebbles among the gems) is there to be counted. (The card
 * file already warns at a type no card has; sema_needs.c reports the
 * cards that can never be played or take effect.)
 *
 * A card is reported alone when its type is told apart only card by card
 * (some card of it quoted or with an effect, the type and its attributes
 * never read) and nothing names the card: its siblings have their rules,
 * it has none.
 *
 * The same walk records the attributes read (Game.attr_read): a human at
 * the terminal sees them beside a card's name (cgen's card_label). */
#include "sema_int.h"

#include <string.h>

typedef struct TypeUses {
    Sema *s;
    bool *type_named;   /* per type */
    bool *card_named;   /* per card */
    bool *attr_read;    /* per attribute (CardSet.attrs) */
} TypeUses;

static void mark_attr(TypeUses *t, int attr)
{
    if (attr >= 0 && attr < t->s->cs->nattrs)
        t->attr_read[attr] = true;
}

/* A name alone: a type's, an attribute value's, or a local of values. */
static void mark_ident(TypeUses *t, const Node *n)
{
    const TypeDef *type = n->name ? cards_find_type(t->s->cs, n->name) : NULL;
    if (type && !n->sym)
        t->type_named[type->index] = true;
    else if (n->sym && n->sym->type == T_VALUE)
        mark_attr(t, n->sym->attr);
    else if (!n->sym && (n->type == T_VALUE || n->type == T_INT) && n->name &&
             cards_value_attr(t->s->cs, n->name) >= 0)
        mark_attr(t, n->attr);
}

/* name_has(c, "words"): every card whose name has the words. */
static void mark_words(TypeUses *t, const Node *n)
{
    const CardSet *cs = t->s->cs;
    for (int k = 0; k < cs->ncards; k++)
        if (name_has_words(cs->cards[k]->name, n->name))
            t->card_named[k] = true;
}

static void mark_effect(TypeUses *t, const Node *e)
{
    if (e->effect_from == EFFECT_TYPE && e->type_no >= 0 && e->type_no < t->s->cs->ntypes)
        t->type_named[e->type_no] = true;
    else if (e->effect_from != EFFECT_TYPE && e->card_no >= 0 &&
             e->card_no < t->s->cs->ncards)
        t->card_named[e->card_no] = true;
}

static void mark(Node *n, void *ctx)
{
    TypeUses *t = ctx;
    switch (n->kind) {
    case N_IDENT:     mark_ident(t, n); break;
    case N_FIELD:     mark_attr(t, n->attr); break;
    case N_NAMEWORDS: mark_words(t, n); break;
    case N_EFFECT:    mark_effect(t, n); break;
    case N_STR:
        if (n->type == T_NAME && n->value >= 0 && n->value < t->s->cs->ncards)
            t->card_named[n->value] = true;
        break;
    case N_PARAM:
        if (n->type == T_CARD && n->how && n->value >= 0 && n->value < t->s->cs->ntypes)
            t->type_named[n->value] = true;
        break;
    case N_SOURCE:
        if (n->src_kind == SRC_VALUES)
            mark_attr(t, n->attr);
        break;
    case N_CALL:
        if (!n->sym && (n->builtin == B_DISTINCT || n->builtin == B_VALUES))
            mark_attr(t, n->attr);
        break;
    case N_ZONEDECL:
        if ((n->zflags & ZF_HELD) && n->holder_type >= 0)
            t->type_named[n->holder_type] = true;
        break;
    default:
        break;
    }
}

/* `sort Z by KEY, ...`: each key an attribute, the type or the name. */
static void mark_sort_keys(Node *n, void *ctx)
{
    if (n->kind != N_SORT)
        return;
    for (const Node *key = n->by; key; key = key->next)
        mark_attr(ctx, key->attr);
}

/* Has some card of type `type` something the rules name? */
static bool type_used(const TypeUses *t, const TypeDef *type)
{
    const CardSet *cs = t->s->cs;
    if (t->type_named[type->index])
        return true;
    for (int i = 0; i < type->nattrs; i++)
        if (t->attr_read[type->attrs[i].attr->index])
            return true;
    for (int k = 0; k < cs->ncards; k++)
        if (cs->cards[k]->type == type && (t->card_named[k] || t->s->g->effect_of[k]))
            return true;
    return false;
}

/* Does the card file say what the type's cards are (attributes)? A type
 * without is plain: cards that are only counted, dealt and drawn (a
 * Pebble among the gems) are what it is for, and nothing need name it.
 * A text alone does not make it more: a blank card may well say "Nothing
 * happens" (tests/games/effect-lab), and cardc does not read prose. */
static bool type_says_more(const TypeDef *type)
{
    return type->nattrs > 0;
}

/* "'worth'", "'color' or 'rank'": the attributes of a type. */
static const char *attr_names(Sema *s, const TypeDef *type)
{
    const char *out = "";
    for (int i = 0; i < type->nattrs; i++)
        out = arena_printf(s->arena, "%s%s'%s'", out,
                           i == 0 ? "" : i == type->nattrs - 1 ? " or " : ", ",
                           type->attrs[i].attr->name);
    return out;
}

/* Is card c set apart by a rule of its own: quoted, named by the words of
 * `name_has`, or with an effect? */
static bool card_named(const TypeUses *t, const CardDef *c)
{
    return t->card_named[c->index] || t->s->g->effect_of[c->index];
}

/* Do the rules tell the cards of `type` apart from others only card by
 * card: the type never named and no attribute of it read? */
static bool used_by_cards_only(const TypeUses *t, const TypeDef *type)
{
    if (t->type_named[type->index])
        return false;
    for (int i = 0; i < type->nattrs; i++)
        if (t->attr_read[type->attrs[i].attr->index])
            return false;
    return true;
}

/* The first card of c's type other than c that the rules name, or NULL. */
static const CardDef *named_sibling(const TypeUses *t, const CardDef *c)
{
    const CardSet *cs = t->s->cs;
    for (int k = 0; k < cs->ncards; k++)
        if (cs->cards[k] != c && cs->cards[k]->type == c->type && card_named(t, cs->cards[k]))
            return cs->cards[k];
    return NULL;
}

/* A card of a type the rules use only card by card, that no rule names:
 * its siblings are told apart, it is not (a Task left out of the special
 * scoring that its text promises, a card whose rule was forgotten). */
static void check_card_uses(Sema *s, const TypeUses *t)
{
    const CardSet *cs = s->cs;
    for (int k = 0; k < cs->ncards; k++) {
        const CardDef *c = cs->cards[k];
        if (card_named(t, c) || !used_by_cards_only(t, c->type))
            continue;
        const CardDef *sib = named_sibling(t, c);
        if (!sib)
            continue;
        diag_warning(s->diags, c->loc, "no rule or effect names card '%s': the rules tell "
                     "cards of type '%s' apart only by name or effect, as '%s', and nothing "
                     "tells '%s' from any other card", c->name, c->type->name, sib->name,
                     c->name);
    }
}

static int types_with_cards(const CardSet *cs)
{
    int n = 0;
    for (int i = 0; i < cs->ntypes; i++)
        n += cs->types[i]->instances > 0;
    return n;
}

/* Do the rules set apart the cards of some type? Rules that name none
 * treat every card alike (a game of counts): no type is left out then. */
static bool some_type_used(const TypeUses *t)
{
    for (int i = 0; i < t->s->cs->ntypes; i++)
        if (t->s->cs->types[i]->instances > 0 && type_used(t, t->s->cs->types[i]))
            return true;
    return false;
}

static void walk_program(TypeUses *t, const Program *prog)
{
    for (int i = 0; i < prog->decls.len; i++) {
        ast_walk(prog->decls.items[i], mark, t);
        ast_walk(prog->decls.items[i], mark_sort_keys, t);
    }
    for (int i = 0; i < prog->effects.len; i++) {
        ast_walk(prog->effects.items[i], mark, t);
        ast_walk(prog->effects.items[i], mark_sort_keys, t);
    }
}

void check_type_uses(Sema *s, const Program *prog)
{
    const CardSet *cs = s->cs;
    TypeUses t = {.s = s};
    t.type_named = arena_alloc(s->arena, (size_t)(cs->ntypes + 1) * sizeof *t.type_named);
    t.card_named = arena_alloc(s->arena, (size_t)(cs->ncards + 1) * sizeof *t.card_named);
    t.attr_read = arena_alloc(s->arena, (size_t)(cs->nattrs + 1) * sizeof *t.attr_read);
    walk_program(&t, prog);
    s->g->attr_read = t.attr_read;  /* what a card's label shows at the terminal */
    if (cs->nleft_out || types_with_cards(cs) < 2 || !some_type_used(&t))
        return;
    for (int i = 0; i < cs->ntypes; i++) {
        const TypeDef *type = cs->types[i];
        if (type->instances == 0 || !type_says_more(type) || type_used(&t, type))
            continue;
        diag_warning(s->diags, type->loc, "no rule or effect names type '%s' or any of its %lld "
                     "card%s: none has an effect, and no rule tests the type, quotes a card's "
                     "name or reads its %s: nothing tells its cards from any other", type->name,
                     type->instances, type->instances == 1 ? "" : "s", attr_names(s, type));
    }
    check_card_uses(s, &t);
}
