/* sema_holders.c: checking cards under cards.
 *
 * A held zone (`zone students: under location, public, drop to discard`)
 * has one slot per card of its holder type, written students[loc]; the
 * zone without an index is a source over every holder's slot. When a
 * holder leaves play, the cards under it drop to a shared zone, or stay
 * (`keep`): the declaration must say which. Beside it: per-card variables
 * (`var led_by: per card player = none`, read led_by[c]), the membership
 * test `c in Z` and holder(c). What sema.c, sema_expr.c and sema_stmt.c
 * meet of these, they hand to the functions here. */
#include "sema_int.h"

#include <string.h>

/* ---- the declaration of a held zone ------------------------------------ */

/* "under T": the holder type T must be a card type that some card has. */
static void holder_type_flag(Sema *s, Node *z, const Node *word)
{
    const CardSet *cs = s->cs;
    TypeDef *t = cards_find_type(cs, word->name);
    if (!t) {
        int k = diag_shown(s->diags, SEV_ERROR) ? cs->ntypes : 0;
        const char **names = name_list(s, k);
        for (int i = 0; i < k; i++)
            names[i] = cs->types[i]->name;
        error_unknown(s, word->loc, "card type", word->name, names, k);
        return;
    }
    if (t->instances == 0) {
        diag_error(s->diags, word->loc, "no card of %s has type '%s': zone '%s' would have "
                                        "no holder, and no slot",
                   cs->file->path, t->name, z->name);
        /* the card file's warning "declared, but no card has it" is said
         * here better: a note at the type instead */
        diag_remove(s->diags, SEV_WARNING, t->loc, "type '");
        diag_note(s->diags, t->loc, "type '%s' is declared here", t->name);
        return;
    }
    z->holder_type = t->index;
}

/* A flag of zone z that only a held zone has: `under T`, `drop to Z` or
 * `keep`. Returns false for any other flag (declare_zone reads those). */
bool holder_zone_flag(Sema *s, Node *z, Node *f, int *flags)
{
    const char *w = f->name;
    if (f->when && strcmp(w, "drop to") != 0 && strcmp(w, "keep") != 0) {
        diag_error(s->diags, f->when->loc, "only the fate of a held zone's cards, 'drop to "
                                           "ZONE' or 'keep', takes 'when to ZONE'");
        return f->word != NULL; /* a word alone is still read (`public`) */
    }
    if (f->word && !strcmp(w, "under")) {
        if (*flags & ZF_HELD)
            diag_error(s->diags, f->loc, "zone '%s' names its holder type twice", z->name);
        *flags |= ZF_HELD;
        holder_type_flag(s, z, f->word);
        return true;
    }
    if (f->word && !strcmp(w, "drop to"))
        return true; /* its zone is found once every zone is declared */
    if (!f->word && !strcmp(w, "keep")) {
        if (!f->when) /* the fate where no 'when to' says another */
            *flags |= ZF_KEEP;
        return true;
    }
    if (f->word) {
        diag_error(s->diags, f->loc, "unknown zone property '%s %s': a zone is held with "
                                     "'under TYPE', and its cards 'drop to ZONE' or 'keep'",
                   w, f->word->name);
        return true;
    }
    return false;
}

/* The first `drop to` flag of zone z without `when to` (with report, an
 * error for each other). */
static const Node *drop_flag(Sema *s, const Node *z, bool report)
{
    const Node *drop = NULL;
    for (const Node *f = z->flag_list; f; f = f->next) {
        if (!f->word || f->when || strcmp(f->name, "drop to") != 0)
            continue;
        if (!drop)
            drop = f;
        else if (report)
            diag_error(s->diags, f->loc, "zone '%s' says twice where its cards drop",
                       z->name);
    }
    return drop;
}

/* The rules a held zone's flags follow, once all are read: it is not per
 * player, and it says what becomes of its cards when their holder leaves
 * play (drop or keep, not both); only a held zone says so. */
void check_held_zone_flags(Sema *s, Node *z, int flags)
{
    const Node *drop = drop_flag(s, z, true), *fate = first_fate(z);
    bool keep = flags & ZF_KEEP;
    if (!(flags & ZF_HELD)) {
        if (drop || keep || fate)
            diag_error(s->diags, drop ? drop->loc : fate ? fate->loc : z->loc,
                       "zone '%s' is not held ('under TYPE'): no holder leaves play with its "
                       "cards", z->name);
        return;
    }
    if (flags & ZF_PER_PLAYER)
        diag_error(s->diags, z->loc, "zone '%s' is held: it has a slot per holder, not per "
                                     "player", z->name);
    if (drop && keep)
        diag_error(s->diags, drop->loc, "zone '%s' both drops and keeps its cards when their "
                                        "holder leaves play: say one", z->name);
    else if (!drop && !keep)
        diag_error(s->diags, z->loc, "zone '%s' is held: say what becomes of its cards when "
                                     "their holder leaves play, 'drop to ZONE' or 'keep'%s",
                   z->name, fate ? ", for every place not named by a 'when to'" : "");
}

/* The zone named by w (an IDENT of a held zone's flag), or NULL after an
 * error. */
static Sym *flag_zone(Sema *s, const Node *w)
{
    Sym *to = strmap_get(&s->globals, w->name);
    if (!to || to->kind != S_ZONE) {
        int nn;
        const char **names = all_names(s, &nn);
        error_unknown(s, w->loc, "zone", w->name, names, nn);
        return NULL;
    }
    to->used = true;
    return to;
}

/* The zone the cards of held zone z drop to, named by w: a shared zone
 * that is not held (one place, whoever the holder is), or NULL. */
static Sym *drop_zone(Sema *s, const Node *z, const Node *w)
{
    Sym *to = flag_zone(s, w);
    if (to && (to->decl->zflags & (ZF_PER_PLAYER | ZF_HELD))) {
        diag_error(s->diags, w->loc, "the cards of zone '%s' drop to one place: '%s' is %s",
                   z->name, w->name, (to->decl->zflags & ZF_HELD) ? "held (a slot per holder)"
                                                                 : "per player (a slot per seat)");
        return NULL;
    }
    return to;
}

/* A fate by destination of held zone z, `drop to D when to Z` or `keep
 * when to Z`: Z is a zone a holder leaves play by entering (not `in
 * play`), named once among z's fates; D as for any drop. The zones found
 * are kept in the IDENTs' sym. */
static void resolve_fate(Sema *s, Node *z, Node *f)
{
    Sym *to = flag_zone(s, f->when);
    if (to && (to->decl->zflags & ZF_IN_PLAY))
        diag_error(s->diags, f->when->loc, "a holder that moves to '%s' stays in play, and "
                                           "keeps its cards: no fate applies there (only a "
                                           "zone that is not 'in play' takes one)",
                   to->name);
    for (const Node *g = z->flag_list; to && g != f; g = g->next)
        if (g->when && g->when->sym == to)
            diag_error(s->diags, f->when->loc, "zone '%s' says twice what becomes of its "
                                               "cards when their holder goes to '%s'",
                       z->name, to->name);
    f->when->sym = to;
    if (f->word)
        f->word->sym = drop_zone(s, z, f->word);
}

/* The zones a held zone's cards drop to (its `drop to` without `when`,
 * kept in its sym) and its fates by destination. Run once every zone is
 * declared. */
void resolve_held_zones(Sema *s)
{
    for (int i = 0; i < s->g->zones.len; i++) {
        Node *z = s->g->zones.items[i];
        if (!(z->zflags & ZF_HELD))
            continue;
        for (Node *f = z->flag_list; f; f = f->next)
            if (f->when)
                resolve_fate(s, z, f);
        const Node *drop = drop_flag(s, z, false);
        if (drop && !(z->zflags & ZF_KEEP))
            z->sym = drop_zone(s, z, drop->word);
    }
}

const Node *first_fate(const Node *z)
{
    for (const Node *f = z->flag_list; f; f = f->next)
        if (f->when)
            return f;
    return NULL;
}

const Sym *fate_drop_zone(const Node *f)
{
    return f->when && f->word && f->word->sym && f->word->sym->kind == S_ZONE ? f->word->sym
                                                                              : NULL;
}

/* The slots of zone z: one for a shared zone, one per seat for a
 * per-player zone, one per card of the holder type for a held zone. */
int zone_nslots(const Game *g, const Node *z)
{
    if (z->zflags & ZF_HELD)
        return z->holder_type >= 0 ? (int)g->cs->types[z->holder_type]->instances : 0;
    return (z->zflags & ZF_PER_PLAYER) ? g->max_players : 1;
}

/* ---- indexes by card ----------------------------------------------------- */

/* The index of a held zone or a per-card variable: a card. (Which type of
 * card, check_holder_kinds proves where it can.) */
static void expect_card_index(Sema *s, Node *n, const char *what)
{
    Node *ix = n->index;
    Type t = check_expr(s, ix);
    if (ix->kind == N_NONELIT)
        diag_error(s->diags, ix->loc, "%s is a card, not none", what);
    else if (t == T_NAME)
        diag_error(s->diags, ix->loc, "%s is a card, found a card name: write first(ZONE "
                                      "where name == %s) for a card of that name", what,
                   ix->name ? arena_printf(s->arena, "\"%s\"", ix->name) : "...");
    else
        expect_type(s, ix, T_CARD, t, what);
}

/* postfix: postfix '[' expr ']' on a held zone: the slot of one holder. */
Type check_held_index(Sema *s, Node *n)
{
    const Node *z = n->base->sym->decl;
    expect_card_index(s, n, arena_printf(s->arena, "the holder of a slot of zone '%s'",
                                         z->name));
    return n->type = T_ZONE;
}

/* postfix: postfix '[' expr ']' on a per-card variable (read or assigned). */
Type check_cvar_index(Sema *s, Node *n, Sym *var)
{
    expect_card_index(s, n, arena_printf(s->arena, "the index of per-card variable '%s'",
                                         var->name));
    return var->type;
}

/* ---- membership and holder(c) -------------------------------------------- */

/* expr: expr IN expr: is the card in the zone (a slot, or any slot of a
 * held zone written without its holder)? */
Type check_membership(Sema *s, Node *n)
{
    expect_type(s, n->lhs, T_CARD, check_expr(s, n->lhs), "the card before 'in'");
    Type r = check_expr(s, n->rhs);
    if (r != T_ZONE && r != T_ZONES && r != T_UNKNOWN)
        diag_error(s->diags, n->rhs->loc, "the place after 'in' must be a zone, found %s",
                   type_name(r));
    return n->type = T_BOOL;
}

/* holder(c): the card whose slot holds c, or none. */
Type check_call_holder(Sema *s, Node *n)
{
    expect_type(s, n->args, T_CARD, check_expr(s, n->args), "the argument of holder");
    if (!s->g->nheld)
        diag_error(s->diags, n->loc, "holder(c) is always none here: no zone is held ('zone "
                                     "NAME: under TYPE, ...')");
    return n->type = T_CARD;
}

/* ---- which cards may index a held zone ------------------------------------ */

/* A held zone has a slot only under the cards of its holder type: an index
 * that can never be one is an error here (at run time it would fault). A
 * card local may hold what each 'let' and '=' gives it, and the element of
 * a source what the source's filter lets through; the locals are solved
 * together (a least fixed point: a local may hold a holder if one of its
 * values may be one). What is not followed (a parameter, a func's result,
 * top(...), a variable of the rules) may hold any card. */

typedef struct HolderKinds {
    Sema *s;
    int type;               /* the holder type being checked */
    const CardDef **cards;  /* the cards of that type, ncards of them */
    int ncards;
    PtrVec locals;          /* the card locals given values */
    bool changed;
} HolderKinds;

/* Does src (a source of cards) let through a card of type kt->type? Only
 * the cards of that type are tried, not the deck: a source costs the
 * holder type's cards at most, and one that has no filter one. */
static bool source_may_hold(const HolderKinds *kt, const Node *src)
{
    if (src->src_kind != SRC_ZONE && src->src_kind != SRC_HELD)
        return true;
    for (int i = 0; i < kt->ncards; i++)
        if (!src->filter || sema_eval_filter(src->filter, src->slot, kt->cards[i]) != 0)
            return true;
    return false;
}

static bool is_card_local(const Sym *sym)
{
    return sym && sym->kind == S_LOCAL && sym->type == T_CARD;
}

/* May expression e hold a card of type kt->type, as far as the locals'
 * may_hold say so far? */
static bool value_may_hold(const HolderKinds *kt, const Node *e)
{
    switch (e->kind) {
    case N_NONELIT:
        return false;
    case N_IDENT:
        if (!is_card_local(e->sym))
            return true;
        /* the element of a source (its Sym's decl), or a local given values */
        return e->sym->may_hold ||
               (e->sym->decl && e->sym->decl->kind == N_SOURCE &&
                source_may_hold(kt, e->sym->decl));
    case N_CHOOSECARD:
        return source_may_hold(kt, e->src);
    case N_CALL:
        return e->sym || e->builtin != B_FIRST || source_may_hold(kt, e->args);
    default:
        return true;
    }
}

/* ast_walk: the values each card local is given. */
static void collect_values(Node *n, void *ctx)
{
    HolderKinds *kt = ctx;
    Sym *sym = NULL;
    Node *value = NULL;
    if (n->kind == N_LET) {
        sym = n->sym;
        value = n->init;
    } else if (n->kind == N_ASSIGN && n->target->kind == N_IDENT) {
        sym = n->target->sym;
        value = n->rhs;
    }
    if (!is_card_local(sym))
        return;
    if (!sym->values.len)
        vec_push(kt->s->arena, &kt->locals, sym);
    vec_push(kt->s->arena, &sym->values, value);
}

/* One round of the fixed point over the locals given values. */
static void widen_locals(HolderKinds *kt)
{
    for (int i = 0; i < kt->locals.len; i++) {
        Sym *sym = kt->locals.items[i];
        if (sym->may_hold)
            continue;
        for (int j = 0; j < sym->values.len && !sym->may_hold; j++)
            sym->may_hold = value_may_hold(kt, sym->values.items[j]);
        kt->changed |= sym->may_hold;
    }
}

/* ast_walk: an index of a held zone under type kt->type that can hold no
 * card of that type. */
static void check_index_kinds(Node *n, void *ctx)
{
    HolderKinds *kt = ctx;
    if (n->kind != N_INDEX || n->type != T_ZONE || !n->base->sym ||
        n->base->sym->kind != S_ZONE)
        return;
    const Node *z = n->base->sym->decl;
    if (!(z->zflags & ZF_HELD) || z->holder_type != kt->type || n->index->type != T_CARD ||
        value_may_hold(kt, n->index))
        return;
    const char *t = kt->s->cs->types[kt->type]->name;
    diag_error(kt->s->diags, n->index->loc, "this card is never of type '%s': zone '%s' has "
                                            "a slot only under the cards of type '%s'",
               t, z->name, t);
    kt->s->soft_errors++; /* a proof: the tree is whole, the proofs after it run */
}

/* Every body the checker saw: funcs, procs (card effects among them). */
static void walk_bodies(Sema *s, void (*fn)(Node *, void *), void *ctx)
{
    const PtrVec *lists[2] = {&s->g->funcs, &s->g->procs};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Node *d = ((Sym *)lists[l]->items[i])->decl;
            ast_walk(d->body, fn, ctx);
            ast_walk(d->expr_body, fn, ctx);
        }
}

/* The cards of type t, into kt. */
static void holder_cards(HolderKinds *kt, int t)
{
    const CardSet *cs = kt->s->cs;
    kt->type = t;
    kt->ncards = 0;
    for (int i = 0; i < cs->ncards; i++)
        if (cs->cards[i]->type->index == t)
            kt->cards[kt->ncards++] = cs->cards[i];
}

void check_holder_kinds(Sema *s, const Program *prog)
{
    (void)prog;
    HolderKinds kt = {.s = s};
    bool *held = arena_alloc(s->arena, sizeof(bool) * (size_t)(s->cs->ntypes + 1));
    for (int i = 0; i < s->g->zones.len; i++) {
        const Node *z = s->g->zones.items[i];
        if ((z->zflags & ZF_HELD) && z->holder_type >= 0 && z->holder_type < s->cs->ntypes)
            held[z->holder_type] = true;
    }
    kt.cards = arena_alloc(s->arena, sizeof *kt.cards * (size_t)(s->cs->ncards + 1));
    walk_bodies(s, collect_values, &kt);
    for (int t = 0; t < s->cs->ntypes; t++) {
        if (!held[t])
            continue;
        holder_cards(&kt, t);
        for (int i = 0; i < kt.locals.len; i++)
            ((Sym *)kt.locals.items[i])->may_hold = false;
        do {
            kt.changed = false;
            widen_locals(&kt);
        } while (kt.changed);
        walk_bodies(s, check_index_kinds, &kt);
    }
}

/* ---- who may see a held zone's cards ------------------------------------- */

/* A card choice from a held zone that is `owner` (its cards seen by the
 * controller of their holder): the options name the cards, so the player
 * who decides must be written controller(h), h the very variable or
 * parameter that indexes the zone. Every holder's slot at once is refused:
 * its holders have different controllers. */
void check_held_visible(Sema *s, const Node *decider, const Node *src)
{
    const Node *z = src->in, *zid = z->kind == N_INDEX ? z->base : z;
    const char *name = zid->sym->decl->name;
    if (z->kind != N_INDEX) {
        diag_error(s->diags, zid->loc, "the options of this choice would show the cards "
                                       "under every holder of '%s', which only each holder's "
                                       "controller sees: choose from %s[HOLDER]", name, name);
        return;
    }
    const Node *h = z->index, *arg = decider->kind == N_CALL ? decider->args : NULL;
    bool same = decider->kind == N_CALL && !decider->sym && decider->builtin == B_CONTROLLER &&
                arg && arg->kind == N_IDENT && h->kind == N_IDENT && arg->sym && arg->sym == h->sym;
    if (!same)
        diag_error(s->diags, zid->loc, "the options of this choice would show the cards of "
                                       "'%s' to a player who may not control their holder "
                                       "(only its controller sees them): let controller(%s) "
                                       "decide", name,
                   h->kind == N_IDENT ? h->name : "HOLDER");
}
