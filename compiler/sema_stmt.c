/* sema_stmt.c: checking statements and decisions.
 *
 * check_stmt dispatches each statement to the check named for it, headed
 * by the grammar rule it handles. Decisions (ask, choose card, choose
 * player, choose cards) may only stand where a player can be asked: as a
 * statement, the whole value of a let or an assignment, or the whole
 * condition of if and while. */
#include "sema_int.h"

#include <string.h>

static void check_stmt(Sema *s, Node *n);

/* ---- decisions --------------------------------------------------------- */

/* The index of str in table v (prompts or labels), added if new; ix maps
 * each string to its index + 1. */
int intern_str(Sema *s, PtrVec *v, StrMap *ix, const char *str)
{
    int i = (int)(intptr_t)strmap_get(ix, str);
    if (i)
        return i - 1;
    vec_push(s->arena, v, (void *)str);
    strmap_put(s->arena, ix, str, (void *)(intptr_t)v->len);
    return v->len - 1;
}

/* The label of option o of a decision of `decider`, its words checked
 * (sema_words.c), interned; longer than MAX_LABEL characters it is an
 * error (the game holds a label in a fixed buffer, never cut). */
int intern_label(Sema *s, Node *o, const Node *decider)
{
    if (o->words)
        return intern_str(s, &s->g->labels, &s->label_ix, check_words(s, o, decider, true));
    int chars = 0;
    for (const unsigned char *p = (const unsigned char *)o->name; *p; p++)
        chars += (*p & 0xC0) != 0x80;
    if (chars > MAX_LABEL)
        diag_error(s->diags, o->loc, "an option label too long: %d characters (limit "
                   "max_label = %d)", chars, MAX_LABEL);
    return intern_str(s, &s->g->labels, &s->label_ix, o->name);
}

static void need_proc(Sema *s, Node *n, const char *what)
{
    if (!s->in_proc)
        diag_error(s->diags, n->loc, "%s needs a proc: a func cannot ask players or move cards",
                   what);
}

/* Hidden information: the options of a card choice name the cards, so the
 * player who decides must be allowed to see the zone they come from. */
static void check_visible(Sema *s, const Node *decider, const Node *src)
{
    if ((src->src_kind != SRC_ZONE && src->src_kind != SRC_HELD) || src->type != T_CARD)
        return;
    const Node *z = src->in;
    const Node *zid = z->kind == N_INDEX ? z->base : z;
    if (zid->kind != N_IDENT || !zid->sym || zid->sym->kind != S_ZONE)
        return;
    const Node *decl = zid->sym->decl;
    if (decl->vis == VIS_OWNER && (decl->zflags & ZF_HELD)) {
        check_held_visible(s, decider, src);
        return;
    }
    if (decl->vis == VIS_HIDDEN) {
        diag_error(s->diags, zid->loc, "the options of this choice would show the cards of zone "
                                       "'%s', which is hidden from every player", decl->name);
    } else if (decl->vis == VIS_OWNER && z->kind == N_INDEX) {
        const Node *owner = z->index;
        bool same = owner->kind == N_IDENT && decider->kind == N_IDENT && owner->sym &&
                    owner->sym == decider->sym;
        if (!same)
            diag_error(s->diags, zid->loc, "the options of this choice would show the cards of "
                                           "'%s' to a player who may not be its owner (only the "
                                           "owner sees it): let the owner decide", decl->name);
    }
}

/* decision: CHOOSE CARD expr STRING FROM src opt_else
 *         | CHOOSE PLAYER expr STRING FROM src opt_else
 * (after the head check_decision shares with ask) */
static Type check_choose_one(Sema *s, Node *n)
{
    Type et = check_source(s, n->src);
    Type want = n->kind == N_CHOOSECARD ? T_CARD : T_PLAYER;
    if (et != want && et != T_UNKNOWN)
        diag_error(s->diags, n->src->loc, "'choose %s' needs %s here, found %s",
                   want == T_CARD ? "card" : "player",
                   want == T_CARD ? "a zone" : "'players'", type_name(et));
    if (n->els) {
        n->els->label = intern_label(s, n->els, n->announced ? NULL : n->who);
        if (n->els->guard)
            expect_type(s, n->els->guard, T_BOOL, check_expr(s, n->els->guard),
                        "a 'when' condition");
    }
    if (want == T_CARD) {
        check_satisfiable(s, n->src, "this choice");
        check_visible(s, n->who, n->src);
        check_public_cards(s, n);
        check_card_choice_size(s, n);
    }
    return n->type = want;
}

/* A constant number: 3, -3. */
static bool constant_int(const Node *e, long long *v)
{
    if (e->kind == N_NUM) {
        *v = e->literal;
        return true;
    }
    if (e->kind == N_UNARY && e->unop == UOP_NEG && e->operand->kind == N_NUM) {
        *v = -e->operand->literal;
        return true;
    }
    return false;
}

/* range: [NAME IN] expr DOTDOT expr [WHERE expr] — the numbers lo..hi of
 * a choice. A constant range must hold a number, and at most as many as
 * a decision holds when no 'where' may keep fewer. */
static Type check_range(Sema *s, Node *src)
{
    Node *lo = src->in->items, *hi = lo->next;
    expect_type(s, lo, T_INT, check_expr(s, lo), "the first number of a range");
    expect_type(s, hi, T_INT, check_expr(s, hi), "the last number of a range");
    long long a, b;
    if (constant_int(lo, &a) && constant_int(hi, &b) && a > b)
        diag_error(s->diags, src->in->loc, "empty range %lld..%lld: no number to choose (the "
                                           "first number is the smallest)", a, b);
    else if (constant_int(lo, &a) && constant_int(hi, &b) && !src->filter &&
             b - a + 1 > RT_MAX_OPTIONS_SEMA)
        diag_error(s->diags, src->in->loc, "the range %lld..%lld offers %lld options every "
                   "time, more than a decision holds (limit max_options = %d)", a, b,
                   b - a + 1, RT_MAX_OPTIONS_SEMA);
    int mark = s->nscope;
    if (src->name) {
        src->sym = declare_local(s, src, src->name, T_INT, S_LOCAL);
        src->slot = src->sym->index;
    } else {
        src->slot = s->nlocals++;
        if (src->filter)
            diag_error(s->diags, src->loc, "name the element to filter it: 'x in ... where ...'");
    }
    if (src->filter)
        expect_type(s, src->filter, T_BOOL, check_expr(s, src->filter), "a 'where' condition");
    scope_pop(s, mark);
    src->type = T_INT;
    src->src_kind = SRC_RANGE;
    return T_INT;
}

/* How many values values(...) (CALL in, checked) gives: the names of
 * the card list (of one type), or the values of an attribute (that a
 * type allows); -1 after an error. */
static int values_count(Sema *s, const Node *in)
{
    const Node *arg = in->args;
    int t = arg && arg->kind == N_FIELD ? arg->base->value : -1, n = 0;
    if (in->attr == ATTR_NAME) {
        for (int i = 0; i < s->cs->ncards; i++)
            n += t < 0 || s->cs->cards[i]->type->index == t;
        return n;
    }
    if (in->attr < 0 || !arg)
        return -1;
    if (t < 0)
        return s->cs->attrs[in->attr]->nvalues;
    int j = type_attr_pos(s->cs->types[t], in->attr);
    return j < 0 ? -1 : s->cs->types[t]->attrs[j].nallowed;
}

/* decision: CHOOSE expr STRING FROM src opt_else   (src: values(...))
 *         | CHOOSE expr STRING FROM range opt_else
 * (after the head check_decision shares with ask). Its options are the
 * values, each labelled by the value as a word ("{w0}", "{n0}"). */
static Type check_choose_value(Sema *s, Node *n)
{
    Node *src = n->src, *in = src->in;
    Type et;
    if (in->kind == N_LIST) {
        et = check_range(s, src);
    } else if (in->kind == N_CALL && !strcmp(in->name, "values")) {
        et = check_source(s, src);
        int nv = et != T_UNKNOWN ? values_count(s, in) : -1;
        if (nv > RT_MAX_OPTIONS_SEMA && !src->filter)
            diag_error(s->diags, in->loc, "values(...) offers %d options every time, more than "
                       "a decision holds (limit max_options = %d)", nv, RT_MAX_OPTIONS_SEMA);
    } else {
        diag_error(s->diags, in->loc, "a choice of values is made from values(ATTR), "
                                      "values(T.name) or numbers lo..hi: a card is chosen with "
                                      "'choose card', a player with 'choose player'");
        return n->type = T_UNKNOWN;
    }
    if (n->els)
        diag_error(s->diags, n->els->loc, "a choice of values has no 'else': each option is "
                                          "one of the values");
    n->attr = et == T_VALUE ? in->attr : -1;
    n->value = intern_str(s, &s->g->labels, &s->label_ix, et == T_INT ? "{n0}" : "{w0}");
    if (et != T_INT)
        s->g->words = true; /* "{w0}" names a word of the game's table */
    return n->type = et;
}

/* The sizes of 'choose cards': size lo..hi, two numbers. */
static void check_pick_size(Sema *s, Node *size)
{
    Node *lo = size->items, *hi = lo->next;
    expect_type(s, lo, T_INT, check_expr(s, lo), "the smallest size");
    expect_type(s, hi, T_INT, check_expr(s, hi), "the largest size");
    if (lo->kind == N_NUM && hi->kind == N_NUM && lo->literal > hi->literal)
        diag_error(s->diags, lo->loc, "empty size range %lld..%lld", lo->literal, hi->literal);
    if (lo->kind == N_NUM && lo->literal < 1)
        diag_error(s->diags, lo->loc, "a set of cards needs at least 1 card");
}

/* stmt: CHOOSE CARDS expr STRING FROM src INTO expr 'size' expr DOTDOT expr opt_such
 * (after the head check_decision shares with ask) */
static Type check_choose_cards(Sema *s, Node *n)
{
    Type et = check_source(s, n->src);
    if (et != T_CARD && et != T_UNKNOWN)
        diag_error(s->diags, n->src->loc, "'choose cards' needs a zone here, found %s",
                   type_name(et));
    expect_type(s, n->into, T_ZONE, check_expr(s, n->into), "the zone after 'into'");
    check_pick_size(s, n->size);
    if (n->such) {
        bool saved = s->in_such;
        s->in_such = true;
        expect_type(s, n->such, T_BOOL, check_expr(s, n->such), "a 'such that' condition");
        s->in_such = saved;
    }
    if (n->src->src_kind == SRC_HELD)
        diag_error(s->diags, n->src->loc, "'choose cards' takes its cards from one slot: write "
                                          "%s[HOLDER]", n->src->in->name);
    check_satisfiable(s, n->src, "this choice");
    check_visible(s, n->who, n->src);
    check_public_cards(s, n);
    check_set_step_size(s, n);
    vec_push(s->arena, &s->g->sets, n);
    n->set_no = s->g->sets.len - 1;
    return n->type = T_VOID;
}

/* A decision: a player, a prompt, then what is decided. Returns what it
 * gives: a truth value, a card, a player, or nothing (choose cards). */
static Type check_decision(Sema *s, Node *n)
{
    need_proc(s, n, "a decision");
    expect_type(s, n->who, T_PLAYER, check_expr(s, n->who), "the player who decides");
    const char *prompt = check_words(s, n, n->announced ? NULL : n->who, false);
    n->prompt = intern_str(s, &s->g->prompts, &s->prompt_ix, prompt);
    switch (n->kind) {
    case N_ASK: /* decision: ASK expr STRING */
        return n->type = T_BOOL;
    case N_CHOOSECARD:
    case N_CHOOSEPLAYER:
        return check_choose_one(s, n);
    case N_CHOOSEVALUE:
        return check_choose_value(s, n);
    case N_CHOOSECARDS:
        return check_choose_cards(s, n);
    default:
        return T_UNKNOWN;
    }
}

static bool is_decision(const Node *n)
{
    return n->kind == N_ASK || n->kind == N_CHOOSECARD || n->kind == N_CHOOSEPLAYER ||
           n->kind == N_CHOOSEVALUE || n->kind == N_CHOOSECARDS;
}

/* The value of let/assign: a decision, a proc call, or an expression. */
static Type check_value(Sema *s, Node *v)
{
    if (is_decision(v))
        return check_decision(s, v);
    if (v->kind == N_CALL) {
        Sym *sym = strmap_get(&s->globals, v->name);
        if (sym && sym->kind == S_PROC) {
            Type t = check_call(s, v, true);
            if (t == T_VOID)
                diag_error(s->diags, v->loc, "proc '%s' gives no value", v->name);
            return t;
        }
        if (sym && sym->kind == S_EVENT)
            return check_call(s, v, false); /* an event gives no value */
    }
    return check_expr(s, v);
}

/* ---- statements -------------------------------------------------------- */

/* cond: expr | ASK expr STRING */
static void check_cond(Sema *s, Node *c)
{
    if (c->kind == N_ASK)
        check_decision(s, c);
    else
        expect_type(s, c, T_BOOL, check_expr(s, c), "a condition");
}

static void check_zone_effect(Sema *s, Node *n, const char *what)
{
    if (!s->in_proc)
        diag_error(s->diags, n->loc, "%s needs a proc: a func cannot move cards", what);
}

/* stmt: LET IDENT '=' expr | LET IDENT '=' decision */
static void check_let(Sema *s, Node *n)
{
    Type t = check_value(s, n->init);
    if (t == T_VOID && n->init->kind != N_NONELIT) {
        if (n->init->kind == N_CHOOSECARDS)
            diag_error(s->diags, n->loc, "'choose cards' moves the cards 'into' a zone and "
                                         "gives no value: write it as a statement");
        t = T_UNKNOWN;
    }
    if (t == T_VOID)
        diag_error(s->diags, n->loc, "'let %s = none' does not say what '%s' holds", n->name,
                   n->name);
    if (t == T_ZONE || t == T_CARDSET || t == T_LIST || t == T_PLAYERS)
        diag_error(s->diags, n->init->loc, "a variable cannot hold %s", type_name(t));
    n->sym = declare_local(s, n, n->name, t, S_LOCAL);
    if (t == T_VALUE) /* `let s = c.suit`: the values of suit */
        n->sym->attr = n->init->attr;
}

/* lvalue: IDENT, assigned: a local, a parameter or a game variable. Returns
 * its type. */
static Type check_target_name(Sema *s, Node *lv)
{
    Sym *sym = find_local(s, lv->name);
    if (!sym)
        sym = strmap_get(&s->globals, lv->name);
    if (!sym) {
        int nn;
        const char **names = all_names(s, &nn);
        error_unknown(s, lv->loc, "variable", lv->name, names, nn);
        return T_UNKNOWN;
    }
    if (sym->kind == S_PVAR || sym->kind == S_CVAR) {
        sym->used = true;
        diag_error(s->diags, lv->loc, "'%s' is kept per %s: write %s[%s]", lv->name,
                   sym->kind == S_PVAR ? "player" : "card", lv->name,
                   sym->kind == S_PVAR ? "p" : "c");
        return T_UNKNOWN;
    }
    if (sym->kind != S_LOCAL && sym->kind != S_PARAM && sym->kind != S_GLOBAL) {
        diag_error(s->diags, lv->loc, "cannot assign to '%s': it is not a variable", lv->name);
        return T_UNKNOWN;
    }
    lv->sym = sym;
    sym->used = true;
    if (s->in_delayed && sym->kind != S_GLOBAL && sym->index < s->delayed_base)
        diag_error(s->diags, lv->loc, "the block of 'at' cannot change '%s': it runs later, "
                                      "with the value '%s' had when it was written", lv->name,
                   lv->name);
    if (sym->kind == S_GLOBAL && !s->in_proc)
        diag_error(s->diags, lv->loc, "a func cannot change the game variable '%s'", lv->name);
    return sym->type;
}

/* "unknown name 'x'" for the variable of NAME[...] assigned, with the
 * closest per-player or per-card variable; its index is checked too. */
static void report_unknown_kept(Sema *s, Node *lv)
{
    const PtrVec *kept[2] = {&s->g->pvars, &s->g->cvars};
    const char **names = name_list(s, kept[0]->len + kept[1]->len);
    int n = 0;
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < kept[k]->len; i++)
            names[n++] = ((const Node *)kept[k]->items[i])->name;
    const char *name = lv->base->name;
    const char *sug = diag_shown(s->diags, SEV_ERROR) ? did_you_mean(name, names, n) : NULL;
    const Sym *var = sug ? strmap_get(&s->globals, sug) : NULL;
    if (var) {
        char hint[300];
        snprintf(hint, sizeof hint, "did you mean '%s'?", sug);
        diag_add(s->diags, SEV_ERROR, lv->base->loc, hint, "unknown name '%s'; did you mean "
                 "the per-%s variable '%s'?", name, var->kind == S_PVAR ? "player" : "card",
                 sug);
    } else {
        diag_error(s->diags, lv->base->loc, "unknown name '%s': no per-player or per-card "
                                            "variable has it", name);
    }
    check_expr(s, lv->index);
}

/* lvalue: IDENT '[' expr ']', assigned: a per-player or per-card variable.
 * Returns its type. */
static Type check_target_index(Sema *s, Node *lv)
{
    Sym *local = find_local(s, lv->base->name);
    Sym *sym = local ? local : strmap_get(&s->globals, lv->base->name);
    if (!sym) {
        report_unknown_kept(s, lv);
        return T_UNKNOWN;
    }
    if (local || (sym->kind != S_PVAR && sym->kind != S_CVAR)) {
        diag_error(s->diags, lv->loc, "only a per-player or per-card variable can be "
                                      "assigned with [...]");
        return T_UNKNOWN;
    }
    lv->base->sym = sym;
    sym->used = true;
    if (sym->kind == S_CVAR)
        check_cvar_index(s, lv, sym);
    else
        expect_type(s, lv->index, T_PLAYER, check_expr(s, lv->index),
                    "the index of a per-player variable");
    if (!s->in_proc)
        diag_error(s->diags, lv->loc, "a func cannot change the game variable '%s'",
                   lv->base->name);
    return sym->type;
}

/* stmt: lvalue '=' expr | lvalue '=' decision | lvalue '+=' expr | lvalue '-=' expr */
static void check_assign(Sema *s, Node *n)
{
    Node *lv = n->target;
    Type lt = lv->kind == N_IDENT ? check_target_name(s, lv) : check_target_index(s, lv);
    if (lv->kind == N_IDENT)
        check_before_assign(s, lv);
    const Sym *var = lv->kind == N_IDENT ? lv->sym : lv->base->sym;
    int attr = lt == T_VALUE && var ? var->attr : -1;
    Type t = lt == T_VALUE && as_value_of(s, n->rhs, attr) ? T_VALUE : check_value(s, n->rhs);
    if (n->assign_op != ASSIGN_SET) {
        expect_type(s, lv, T_INT, lt, "the target of += or -=");
        expect_type(s, n->rhs, T_INT, t, "the value added");
    } else {
        char ctx[160];
        snprintf(ctx, sizeof ctx, "the value assigned to '%s'",
                 lv->kind == N_IDENT ? lv->name : lv->base->name);
        expect_value(s, n->rhs, lt, attr, t, ctx);
    }
}

/* stmt: IF cond block else_part
 * else_part: ELSE block | ELSE IF cond block else_part */
static void check_if(Sema *s, Node *n)
{
    check_cond(s, n->cond);
    check_block(s, n->then);
    if (n->els)
        check_stmt(s, n->els);
}

/* The body of a loop, where 'break' may be. */
static void check_loop_body(Sema *s, Node *body)
{
    s->loops++;
    check_block(s, body);
    s->loops--;
}

/* stmt: WHILE cond block */
static void check_while(Sema *s, Node *n)
{
    check_cond(s, n->cond);
    check_loop_body(s, n->body);
}

/* stmt: LOOP block */
static void check_loop(Sema *s, Node *n)
{
    check_loop_body(s, n->block);
}

/* stmt: REPEAT expr block */
static void check_repeat(Sema *s, Node *n)
{
    expect_type(s, n->count, T_INT, check_expr(s, n->count), "the count of 'repeat'");
    n->slot = s->nlocals++; /* the counter */
    check_loop_body(s, n->body);
}

/* stmt: FOR IDENT IN src block | FOR IDENT IN expr FROM expr block
 *     | FOR IDENT IN src IDENT block (simultaneously: sema_simul.c) */
static void check_for(Sema *s, Node *n)
{
    int mark = s->nscope;
    Node *src = n->iter;
    if (n->from) { /* for q in players from p */
        if (src->kind != N_PLAYERSREF)
            diag_error(s->diags, src->loc, "'from' starts a loop over 'players'");
        expect_type(s, n->from, T_PLAYER, check_expr(s, n->from), "the first player");
        Node *w = node_new(s->arena, N_SOURCE, src->loc);
        w->in = src;
        w->name = n->name;
        n->iter = src = w;
    } else {
        src->name = n->name;
    }
    Type et = check_source(s, src);
    n->slot = s->nlocals; /* loop index, and the first player of 'from' */
    s->nlocals += 2;
    if (n->simultaneous) /* each seat's answer */
        s->nlocals += s->g->max_players;
    /* the element stays in scope for the body */
    Sym *e = new_local(s, n->name, et, src, S_LOCAL);
    s->nlocals--;
    e->index = src->slot;
    if ((src->src_kind == SRC_ZONE || src->src_kind == SRC_CHOSEN) && s->in_proc)
        diag_error(s->diags, n->loc, "a proc cannot loop over the cards of a zone (cards may "
                                     "move); use 'while any(...)' with first(...)");
    if (src->src_kind == SRC_VALUES)
        e->decl->attr = src->in->attr;
    if (et == T_VALUE)
        e->attr = src->in->attr;
    check_loop_body(s, n->body);
    if (n->simultaneous)
        check_simul_for(s, n);
    scope_pop(s, mark);
}

/* tail: BREAK */
static void check_break(Sema *s, Node *n)
{
    if (!s->loops && s->in_delayed)
        diag_error(s->diags, n->loc, "'break' outside a loop: the block of 'at' runs later, "
                                     "on its own, outside the loops around it");
    else if (!s->loops)
        diag_error(s->diags, n->loc, "'break' outside a loop");
}

/* tail: RETURN | RETURN expr (in the block of an 'at': leaves the block) */
static void check_return(Sema *s, Node *n)
{
    Type want = s->in_delayed ? T_VOID : s->fn->type;
    if (n->result) {
        int attr = want == T_VALUE ? s->fn->attr : -1;
        Type t = check_expr_as(s, n->result, want, attr);
        if (want == T_VOID && s->in_delayed)
            diag_error(s->diags, n->loc, "the block of 'at' gives no value: write 'return' "
                                         "alone");
        else if (want == T_VOID)
            diag_error(s->diags, n->loc, "'%s' gives no value: write 'return' alone",
                       s->fn->name);
        else
            expect_value(s, n->result, want, attr, t, "the value returned");
    } else if (want != T_VOID) {
        diag_error(s->diags, n->loc, "'%s' must return %s", s->fn->name, type_name(want));
    }
}

/* stmt: MOVE expr TO expr position */
static void check_move(Sema *s, Node *n)
{
    check_zone_effect(s, n, "'move'");
    expect_type(s, n->card, T_CARD, check_expr(s, n->card), "the card moved");
    expect_type(s, n->to, T_ZONE, check_expr(s, n->to), "the place a card moves to");
    if (n->pos && n->pos->pos_kind == POS_AT)
        expect_type(s, n->pos->at, T_INT, check_expr(s, n->pos->at), "a position");
}

/* stmt: MOVE ALL src TO expr position */
static void check_move_all(Sema *s, Node *n)
{
    check_zone_effect(s, n, "'move all'");
    Type et = check_source(s, n->cards);
    if (et != T_CARD && et != T_UNKNOWN)
        diag_error(s->diags, n->cards->loc, "'move all' needs a zone, found %s", type_name(et));
    expect_type(s, n->to, T_ZONE, check_expr(s, n->to), "the place cards move to");
    if (n->pos && n->pos->pos_kind == POS_AT)
        diag_error(s->diags, n->pos->loc, "'move all' goes to the top or the bottom, not 'at'");
    vec_push(s->arena, &s->g->aggs, n);
}

/* stmt: SHUFFLE expr */
static void check_shuffle(Sema *s, Node *n)
{
    check_zone_effect(s, n, "'shuffle'");
    expect_type(s, n->zone, T_ZONE, check_expr(s, n->zone), "what is shuffled");
}

/* What 'show' shows: a card, the cards of a zone (a SOURCE, with or
 * without 'where'), or the top N of a zone (n->size). A zone alone is
 * made a SOURCE, whose element slot the emitter walks. */
static void check_show_cards(Sema *s, Node *n)
{
    if (n->size) {
        expect_type(s, n->size, T_INT, check_expr(s, n->size), "how many cards are shown");
        expect_type(s, n->cards, T_ZONE, check_expr(s, n->cards), "the zone shown from");
        return;
    }
    if (n->cards->kind != N_SOURCE) {
        Type t = check_expr(s, n->cards);
        if (t == T_CARD || t == T_UNKNOWN)
            return;
        if (t != T_ZONE) {
            diag_error(s->diags, n->cards->loc, "'show' shows a card, a zone or 'top N of "
                                                "ZONE', found %s", type_name(t));
            return;
        }
        n->cards = as_source(s, n->cards);
    }
    Type et = check_source(s, n->cards);
    if (et != T_UNKNOWN && n->cards->src_kind != SRC_ZONE)
        diag_error(s->diags, n->cards->loc, "'show' shows the cards of one zone: a zone of "
                                            "each holder, '%s[CARD]', not all of them",
                   n->cards->in->kind == N_IDENT ? n->cards->in->name : "zone");
}

/* Whom 'show' shows to: a player, 'all' (PLAYERSREF), or the players of a
 * source with 'where'. A plain player expression is unwrapped from its
 * SOURCE; 'players' alone is every seat, as 'all'. */
static void check_show_who(Sema *s, Node *n)
{
    Node *w = n->to;
    if (w->kind == N_PLAYERSREF)
        return;
    if (!w->name && !w->filter) {
        n->to = w = w->in;
        if (w->kind == N_PLAYERSREF)
            return;
        expect_type(s, w, T_PLAYER, check_expr(s, w), "whom 'show' shows to");
        return;
    }
    Type et = check_source(s, w);
    if (et != T_PLAYER && et != T_UNKNOWN)
        diag_error(s->diags, w->loc, "'show ... to' takes a player, 'all' or 'q in players "
                                     "where ...', not a source of %s",
                   et == T_CARD ? "cards" : "values");
}

/* stmt: IDENT play_card opt_by opt_to | IDENT play_card WHERE expr TO show_who
 *     | IDENT TOP NUMBER OF expr TO show_who | IDENT TOP name OF expr TO show_who
 * ('show CARDS to WHO', parser.y show_stmt): nothing moves; each card
 * shown keeps the seats it was shown to until it moves. */
static void check_show(Sema *s, Node *n)
{
    if (!s->in_proc)
        diag_error(s->diags, n->loc, "'show' needs a proc: a func changes nothing, and what "
                                     "a player was shown is a change");
    check_show_cards(s, n);
    check_show_who(s, n);
    n->slot = s->nlocals++; /* the seats shown to */
    s->g->uses_show = true;
}

/* stmt: CHOOSE expr STRING '{' options '}'
 * option: OPTION STRING opt_when block */
static void check_menu(Sema *s, Node *n)
{
    need_proc(s, n, "a choice");
    expect_type(s, n->who, T_PLAYER, check_expr(s, n->who), "the player who decides");
    const char *prompt = check_words(s, n, n->announced ? NULL : n->who, false);
    n->prompt = intern_str(s, &s->g->prompts, &s->prompt_ix, prompt);
    n->taken_slot = s->nlocals++; /* the option taken */
    for (Node *o = n->options; o; o = o->next) {
        o->label = intern_label(s, o, n->announced ? NULL : n->who);
        if (o->guard) {
            expect_type(s, o->guard, T_BOOL, check_expr(s, o->guard), "a 'when' condition");
            if (o->guard->kind == N_BOOLLIT && o->guard->literal == 0)
                diag_error(s->diags, o->guard->loc, "option '%s' can never be taken", o->name);
        }
        check_block(s, o->body);
    }
    check_menu_size(s, n);
}

/* stmt: IDENT '(' args ')' */
static void check_call_stmt(Sema *s, Node *n)
{
    Node *c = n->call;
    Type t = check_call(s, c, true);
    Sym *sym = c->sym;
    if (!sym && t != T_UNKNOWN && t != T_VOID)
        diag_error(s->diags, n->loc, "the value of '%s' is not used", c->name);
    else if (sym && sym->kind == S_FUNC)
        diag_error(s->diags, n->loc, "the value of func '%s' is not used", c->name);
}

/* tail: END | END IDENT */
static void check_end(Sema *s, Node *n)
{
    need_proc(s, n, "'end'");
    if (n->name && strcmp(n->name, "draw") != 0)
        diag_error(s->diags, n->how->loc, "'end' takes nothing or 'draw', found '%s'", n->name);
}

static void check_stmt(Sema *s, Node *n)
{
    switch (n->kind) {
    case N_BLOCK:       check_block(s, n); break;
    case N_LET:         check_let(s, n); break;
    case N_ASSIGN:      check_assign(s, n); break;
    case N_IF:          check_if(s, n); break;
    case N_WHILE:       check_while(s, n); break;
    case N_LOOP:        check_loop(s, n); break;
    case N_REPEAT:      check_repeat(s, n); break;
    case N_FOR:         check_for(s, n); break;
    case N_BREAK:       check_break(s, n); break;
    case N_RETURN:      check_return(s, n); break;
    case N_MOVE:        check_move(s, n); break;
    case N_MOVEALL:     check_move_all(s, n); break;
    case N_SHUFFLE:     check_shuffle(s, n); break;
    case N_SORT:        check_sort(s, n); break;
    case N_SHOW:        check_show(s, n); break;
    case N_MENU:        check_menu(s, n); break;
    case N_EXPRSTMT:    check_call_stmt(s, n); break;
    case N_END:         check_end(s, n); break;
    case N_CHOOSECARDS: check_decision(s, n); break;
    case N_PLAY:        check_play(s, n); break;
    case N_CANCEL:      check_cancel(s, n); break;
    case N_TURN:
    case N_ROUND:
    case N_PHASE:       check_time_block(s, n); break;
    case N_UNTIL:       check_until(s, n); break;
    case N_AT:          check_at(s, n); break;
    case N_CLAUSE:      /* 'play { ... }' where a statement goes (parser.y) */
        diag_error(s->diags, n->loc, "'play { ... }' is a clause of a card's effect: to play a "
                                     "card here, write 'play CARD by PLAYER'");
        break;
    default:            diag_error(s->diags, n->loc, "not a statement"); break;
    }
}

/* block: '{' stmts tail '}': its locals end with it. */
void check_block(Sema *s, Node *n)
{
    int mark = s->nscope;
    for (Node *st = n->stmts; st; st = st->next)
        check_stmt(s, st);
    scope_pop(s, mark);
}
