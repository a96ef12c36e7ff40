/* dump.c: the tree, the checked tree and the game's tables as text, for
 * `cardc build --dump` (dump.h).
 *
 * Each declaration opens with a line in the syntax of the rules and its
 * place (file:line:col); below it, one line a node, two spaces deeper a
 * level:
 *
 *     stmt: LET hand  12:9  : int  slot 2
 *       init: CALL size  12:16  : int  builtin SIZE
 *
 * the role the node plays in its parent (the role names of ast.h; the
 * nodes of a list take the singular: stmt, arg, item, option), its kind,
 * what the parser gave it (a name, a number, an operator, a quoted text)
 * and its line:col (with the path when the file differs from the
 * declaration's). Once checked, the line adds the node's type and what the
 * checker filled in: what a name resolved to, frame slots, prompt, label,
 * set and aggregate numbers; the Game's tables follow. The analysed dump
 * ends with what the analysis proved (dump_analysis): each func and proc,
 * then each node of its body that has a fact, one a line, in the same
 * style. Nothing printed depends on an address or a hash order. Nodes are
 * read only through the role names of ast.h. */
#include "dump.h"

#include <stdlib.h>
#include <string.h>

/* Things numbered in a table, found by address in O(log n), so that a
 * dump stays O(n log n) on the largest input: an aggregate's number, the
 * Sym of a func or proc declaration. */
typedef struct Numbered {
    const void *key;
    int n;                  /* its number; the order of a sort among equals */
} Numbered;

typedef struct Index {
    Numbered *items;
    int len;
} Index;

typedef struct Dump {
    Buf *out;
    const Game *g;          /* NULL: nothing is checked */
    const SrcFile *file;    /* the file of the declaration being printed */
    Index aggs;             /* aggregate node -> its number in g->aggs */
    Index funcs, procs;     /* declaration -> its number in g->funcs, g->procs */
} Dump;

static const char *const builtin_ids[] = {
#define X(k, s, lo, hi) #k,
    BUILTINS(X)
#undef X
};

/* A type as the rules write it (type_name's words are for messages). */
static const char *type_word(Type t)
{
    switch (t) {
    case T_UNKNOWN: return "unknown";
    case T_VOID: return "void";
    case T_INT: return "int";
    case T_BOOL: return "bool";
    case T_PLAYER: return "player";
    case T_CARD: return "card";
    case T_TYPE: return "type";
    case T_VALUE: return "value";
    case T_NAME: return "name";
    case T_ZONE: return "zone";
    case T_PLAYERS: return "players";
    case T_LIST: return "list";
    case T_CARDSET: return "cardset";
    case T_ZONES: return "zones";
    }
    return "?";
}

/* A text in double quotes, escaped as in C, so that a line stays a line. */
static void put_quoted(Buf *b, const char *s)
{
    buf_puts(b, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            buf_printf(b, "\\%c", c);
        else if (c == '\n')
            buf_puts(b, "\\n");
        else if (c < 0x20 || c == 0x7f)
            buf_printf(b, "\\x%02x", c);
        else
            buf_put(b, s, 1);
    }
    buf_puts(b, "\"");
}

static void put_loc(const Dump *D, Loc at)
{
    if (at.file && at.file != D->file)
        buf_printf(D->out, "%s:", at.file->path);
    buf_printf(D->out, "%d:%d", at.line, at.col);
}

static int cmp_numbered(const void *pa, const void *pb)
{
    const Numbered *a = pa, *b = pb;
    uintptr_t x = (uintptr_t)a->key, y = (uintptr_t)b->key;
    return x != y ? (x < y ? -1 : 1) : (a->n > b->n) - (a->n < b->n);
}

static int cmp_number(const void *pa, const void *pb)
{
    const Numbered *a = pa, *b = pb;
    return (a->n > b->n) - (a->n < b->n);
}

/* keys[i] numbered i, sorted by address. */
static Index index_new(Arena *a, const void *const *keys, int len)
{
    Index ix = {arena_alloc(a, sizeof(Numbered) * (size_t)(len + 1)), len};
    for (int i = 0; i < len; i++)
        ix.items[i] = (Numbered){keys[i], i};
    if (len)
        qsort(ix.items, (size_t)len, sizeof *ix.items, cmp_numbered);
    return ix;
}

/* The number of key, or -1. */
static int index_find(const Index *ix, const void *key)
{
    Numbered want = {key, -1};
    int lo = 0, hi = ix->len;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (cmp_numbered(&ix->items[mid], &want) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ix->len && ix->items[lo].key == key ? ix->items[lo].n : -1;
}

/* The declarations of the funcs or procs, numbered as in the table. */
static Index index_decls(Arena *a, const PtrVec *fns)
{
    const void **decls = arena_alloc(a, sizeof *decls * (size_t)(fns->len + 1));
    for (int i = 0; i < fns->len; i++)
        decls[i] = ((const Sym *)fns->items[i])->decl;
    return index_new(a, decls, fns->len);
}

/* ---- the children of a node, by role ------------------------------------ */

typedef void KidFn(const char *role, const Node *kid, void *ctx);

static void each(KidFn *fn, void *ctx, const char *role, const Node *list)
{
    for (; list; list = list->next)
        fn(role, list, ctx);
}

/* Calls fn on each child of n with its role, in source order. Every kind
 * is listed, so that a new kind cannot be left out unnoticed (-Wswitch). */
static void visit_kids(const Node *n, KidFn *fn, void *ctx)
{
#define ONE(role) if (n->role) fn(#role, n->role, ctx)
#define LIST(role, one) each(fn, ctx, one, n->role)
    switch (n->kind) {
    case N_ZONEDECL: LIST(flag_list, "flag"); break;
    case N_VARDECL: ONE(init); ONE(shown); break;
    case N_FUNCDECL: LIST(params, "param"); ONE(result_how); ONE(shown); ONE(expr_body);
                     ONE(body); break;
    case N_PROCDECL: LIST(params, "param"); ONE(result_how); ONE(body); break;
    case N_EVENTDECL: LIST(params, "param"); ONE(asks); ONE(declines); ONE(body); break;
    case N_WINDOWDECL: ONE(window_of); ONE(asks); ONE(declines); ONE(reopens); break;
    case N_INVARIANTDECL: ONE(cond); break;
    case N_EFFECT: LIST(clauses, "clause"); break;
    case N_CLAUSE: ONE(pattern); ONE(cond); ONE(body); break;
    case N_PATTERN:
        if (n->pat_kind == PAT_EVENT) {
            LIST(args, "arg");
        } else if (n->pat_kind == PAT_START || n->pat_kind == PAT_END) {
            ONE(how);
        } else {
            ONE(zone);
            ONE(from);
        }
        break;
    case N_PLAY: ONE(card); ONE(by); ONE(to); break;
    case N_BLOCK: LIST(stmts, "stmt"); break;
    case N_LET: ONE(init); break;
    case N_ASSIGN: ONE(target); ONE(rhs); break;
    case N_IF: ONE(cond); ONE(then); ONE(els); break;
    case N_WHILE: ONE(cond); ONE(body); break;
    case N_LOOP: ONE(block); break;
    case N_REPEAT: ONE(count); ONE(body); break;
    case N_FOR: ONE(iter); ONE(from); ONE(body); break;
    case N_MOVE: ONE(card); ONE(to); ONE(pos); break;
    case N_MOVEALL: ONE(cards); ONE(to); ONE(pos); break;
    case N_SHUFFLE: ONE(zone); break;
    case N_SORT: ONE(zone); LIST(by, "key"); break;
    case N_MENU: ONE(who); ONE(words); LIST(options, "option"); break;
    case N_OPTION: ONE(words); ONE(guard); ONE(body); break;
    case N_SHOW: ONE(cards); ONE(size); ONE(to); break;
    case N_EXPRSTMT: ONE(call); break;
    case N_RETURN: ONE(result); break;
    case N_END: ONE(how); break;
    case N_ASK: ONE(who); ONE(words); break;
    case N_CHOOSECARD: ONE(who); ONE(words); ONE(each); ONE(src); ONE(els); break;
    case N_CHOOSEPLAYER:
    case N_CHOOSEVALUE: ONE(who); ONE(words); ONE(src); ONE(els); break;
    case N_CHOOSECARDS:
        ONE(who); ONE(words); ONE(src); ONE(into); ONE(size); ONE(such);
        break;
    case N_WORDS: LIST(items, "word"); break;
    case N_FIELD: ONE(base); break;
    case N_INDEX: ONE(base); ONE(index); break;
    case N_CALL: LIST(args, "arg"); break;
    case N_UNARY: ONE(operand); break;
    case N_BINARY: ONE(lhs); ONE(rhs); break;
    case N_LIST: LIST(items, "item"); break;
    case N_POSITION: ONE(at); break;
    case N_TOPCARD: ONE(zone); break;
    case N_SOURCE: ONE(in); ONE(filter); break;
    case N_PHASESDECL: LIST(items, "phase"); break;
    case N_TURN: ONE(who); ONE(body); break;
    case N_ROUND: case N_PHASE: ONE(body); break;
    case N_UNTIL: ONE(boundary); ONE(scope); LIST(mods, "mod"); break;
    case N_IMMUNE: ONE(how); break;
    case N_HISTORY: LIST(args, "arg"); break;
    case N_AT: ONE(boundary); ONE(body); break;
    case N_MODIFIER: ONE(call); ONE(rhs); ONE(when); break;
    case N_BOUNDARY:
    case N_GAMEDECL: case N_PLAYERSDECL: case N_LIMITDECL: case N_ORDERDECL: case N_PARAM:
    case N_WINNERSDECL: /* its head line says it all */
    case N_BREAK:
    case N_CANCEL:
    case N_NUM: case N_BOOLLIT: case N_NONELIT: case N_STR: case N_IDENT:
    case N_PLAYERSREF: case N_NAMEWORDS: case N__COUNT:
        break;
    }
#undef ONE
#undef LIST
}

/* ---- one node a line ----------------------------------------------------- */

static const char *pos_word(int pos_kind)
{
    return pos_kind == POS_TOP ? "top" : pos_kind == POS_BOTTOM ? "bottom" : "at";
}

/* What the parser gave n: its name, number, operator or text. */
static void put_label(Buf *b, const Node *n)
{
    static const char *const assign_ops[] = {"=", "+=", "-="};
    switch (n->kind) {
    case N_NUM: buf_printf(b, " %lld", n->literal); break;
    case N_BOOLLIT: buf_puts(b, n->literal ? " true" : " false"); break;
    case N_BINARY: buf_printf(b, " %s", binop_name(n->binop)); break;
    case N_UNARY: buf_puts(b, n->unop == UOP_NEG ? " -" : " not"); break;
    case N_ASSIGN:
    case N_MODIFIER: buf_printf(b, " %s", assign_ops[n->assign_op]); break;
    case N_BOUNDARY:
        buf_printf(b, " %s of %s %s", n->edge == EDGE_START ? "start" : "end",
                   n->which == WHICH_NEXT ? "next" : "this", n->name);
        break;
    case N_POSITION:
    case N_TOPCARD: buf_printf(b, " %s", pos_word(n->pos_kind)); break;
    case N_STR: case N_MENU: case N_OPTION: case N_ASK: case N_CHOOSECARD:
    case N_CHOOSEPLAYER: case N_CHOOSEVALUE: case N_CHOOSECARDS: case N_WORDS:
    case N_NAMEWORDS:
        buf_puts(b, " ");
        put_quoted(b, n->name);
        break;
    case N_CLAUSE: buf_printf(b, " %s", clause_kind_name(n->clause_kind)); break;
    case N_PATTERN:
        if (n->pat_kind == PAT_START || n->pat_kind == PAT_END || n->pat_kind == PAT_EVENT)
            buf_printf(b, " %s %s", pattern_kind_name(n->pat_kind), n->name);
        else
            buf_printf(b, " %s %s", n->name, pattern_kind_name(n->pat_kind));
        break;
    default:
        if (n->name)
            buf_printf(b, " %s", n->name);
    }
}

static void put_sym(Buf *b, const Sym *sym)
{
    static const char *const kinds[] = {
        [S_ZONE] = "zone", [S_GLOBAL] = "global", [S_PVAR] = "pvar", [S_FUNC] = "func",
        [S_PROC] = "proc", [S_LOCAL] = "local slot", [S_PARAM] = "param slot",
        [S_BUILTIN] = "builtin", [S_CVAR] = "cvar", [S_EVENT] = "event", [S_EVVAL] = "event value",
    };
    buf_printf(b, "  %s %d", kinds[sym->kind], sym->index);
}

/* The card property a FIELD or a distinct(...) reads. */
static void put_attr(Buf *b, int attr)
{
    if (attr == ATTR_TYPE)
        buf_puts(b, "  attr type");
    else if (attr == ATTR_NAME)
        buf_puts(b, "  attr name");
    else
        buf_printf(b, "  attr %d", attr);
}

/* A name: a variable, a zone, a func; or a constant of the cards. */
static void put_ident_facts(Buf *b, const Node *n)
{
    if (n->sym)
        put_sym(b, n->sym);
    else if (n->attr >= 0)
        buf_printf(b, "  attr %d value %d", n->attr, n->value);
    else if (n->value >= 0)
        buf_printf(b, "  type %d", n->value);
}

static void put_call_facts(Buf *b, const Node *n)
{
    if (n->sym) {
        put_sym(b, n->sym);
        return;
    }
    if (n->type == T_UNKNOWN) {
        /* not checked as a call: the values(...) a source walks */
        if (n->attr >= 0)
            buf_printf(b, "  attr %d", n->attr);
        return;
    }
    buf_printf(b, "  builtin %s", builtin_ids[n->builtin]);
    if (n->builtin == B_DISTINCT)
        put_attr(b, n->attr);
    if ((n->builtin == B_SUM || n->builtin == B_MIN || n->builtin == B_MAX) && n->over_source)
        buf_puts(b, "  over source");
}

/* Time: the unit of a phase or a boundary, the slots of a turn, round or
 * phase, the row kind of 'until' and 'at' (and the proc of 'at'), the
 * func a modifier changes. */
static void put_time_facts(Buf *b, const Node *n)
{
    if (n->kind == N_PHASE || n->kind == N_BOUNDARY)
        buf_printf(b, "  unit %d", n->value);
    if (n->kind == N_TURN || n->kind == N_ROUND || n->kind == N_PHASE)
        buf_printf(b, "  slot %d", n->slot);
    if (n->kind == N_UNTIL || n->kind == N_AT || n->kind == N_IMMUNE ||
        (n->kind == N_MODIFIER && n->lasting_no >= 0))
        buf_printf(b, "  lasting %d", n->lasting_no);
    if (n->kind == N_UNTIL && n->scope)
        buf_printf(b, "  for slot %d", n->slot);
    if (n->kind == N_MODIFIER && n->lasting_no >= 0 && n->scope_arg >= 0)
        buf_printf(b, "  for argument %d", n->scope_arg + 1);
    if (n->kind == N_HISTORY)
        buf_printf(b, "  %s event %d  history %d", n->builtin == B_ANY ? "any" : "count",
                   n->sym->index, n->history_no);
    if (n->kind == N_IMMUNE && n->sym)
        buf_printf(b, "  event %d", n->sym->index);
    if (n->kind == N_MODIFIER && n->lasting_no < 0)
        buf_printf(b, "  while in play %lld", n->cont_no);
    if (n->kind == N_AT && n->sym)
        buf_printf(b, "  proc %d", n->sym->index);
    if (n->kind == N_MODIFIER && n->sym)
        buf_printf(b, "  func %d  mod %d", n->sym->index, n->mod_no);
}

/* What the checker filled in: the type, then what the kind holds. */
static void put_fn_facts(Buf *b, const Sym *fn)
{
    buf_printf(b, "  %s %d  frame %d", fn->kind == S_FUNC ? "func" : "proc", fn->index,
               sema_locals(fn));
}

static void put_facts(const Dump *D, const Node *n)
{
    static const char *const walks[] = {
        [SRC_ZONE] = "zone", [SRC_PLAYERS] = "players", [SRC_VALUES] = "values",
        [SRC_CHOSEN] = "chosen", [SRC_HELD] = "held", [SRC_RANGE] = "range",
    };
    Buf *b = D->out;
    Type t = n->kind == N_LET && n->sym ? n->sym->type : n->type;
    if (t != T_UNKNOWN)
        buf_printf(b, "  : %s", type_word(t));
    switch (n->kind) {
    case N_IDENT: put_ident_facts(b, n); break;
    case N_SORT: /* the keys written '-KEY' */
        for (const Node *k = n->by; k; k = k->next)
            if (k->descending)
                buf_printf(b, "  highest first %s", k->name);
        break;
    case N_CALL: put_call_facts(b, n); break;
    case N_STR: if (n->value >= 0) buf_printf(b, "  card %d", n->value); break;
    case N_FIELD:
        if (t != T_UNKNOWN) /* else not checked: the T.attr of values(T.attr) */
            put_attr(b, n->attr);
        if (!n->base)
            buf_printf(b, "  of slot %d", n->slot);
        break;
    case N_LIST: if (t == T_LIST) buf_printf(b, "  items %lld", n->nitems); break;
    case N_SOURCE:
        buf_printf(b, "  walks %s  slot %d", walks[n->src_kind], n->slot);
        if (n->attr >= 0)
            buf_printf(b, "  attr %d", n->attr);
        break;
    case N_LET: if (n->sym) buf_printf(b, "  slot %d", n->sym->index); break;
    case N_FOR:
        buf_printf(b, "  slot %d%s", n->slot, n->simultaneous ? "  simultaneously" : "");
        break;
    case N_REPEAT:
    case N_PLAY: buf_printf(b, "  slot %d", n->slot); break;
    case N_MENU: buf_printf(b, "  prompt %d  taken slot %lld", n->prompt, n->taken_slot); break;
    case N_OPTION: buf_printf(b, "  label %d", n->label); break;
    case N_ASK:
    case N_CHOOSECARD:
    case N_CHOOSEPLAYER: buf_printf(b, "  prompt %d", n->prompt); break;
    case N_CHOOSEVALUE: buf_printf(b, "  prompt %d  label %d", n->prompt, n->value); break;
    case N_CHOOSECARDS: buf_printf(b, "  prompt %d  set %d", n->prompt, n->set_no); break;
    case N_PATTERN:
        if (n->pat_kind == PAT_ENTERS || n->pat_kind == PAT_LEAVES)
            buf_printf(b, "  zone %d", n->zone_no);
        if (n->pat_kind == PAT_ENTERS && n->from)
            buf_printf(b, "  from zone %d", n->from_zone);
        if (n->pat_kind == PAT_EVENT && n->sym)
            buf_printf(b, "  event %d", n->sym->index);
        if (n->pat_kind == PAT_START || n->pat_kind == PAT_END)
            buf_printf(b, "  unit %d", n->value);
        break;
    case N_CLAUSE:
        if (n->clause_kind == CLAUSE_ON) { /* its proc and func: the game's tables */
            buf_printf(b, "  handler %d", n->handler_no);
            break;
        }
        if (n->clause_kind == CLAUSE_INSTEAD || n->clause_kind == CLAUSE_REACT) {
            buf_printf(b, "  before %d", n->handler_no); /* Game.befores */
            break;
        }
        if (n->sym)
            put_fn_facts(b, n->sym);
        for (int i = 0; D->g && i < D->g->guards.len; i++) {
            const Sym *guard = D->g->guards.items[i];
            if (guard->clause == n)
                buf_printf(b, "  guard func %d  frame %d", guard->index, sema_locals(guard));
        }
        break;
    case N_TURN: case N_ROUND: case N_PHASE: case N_BOUNDARY: case N_UNTIL: case N_AT:
    case N_MODIFIER: case N_IMMUNE: case N_HISTORY:
        put_time_facts(b, n);
        break;
    default: break;
    }
    int agg = index_find(&D->aggs, n);
    if (agg >= 0)
        buf_printf(b, "  agg %d", agg);
}

typedef struct Printer {
    const Dump *D;
    int depth;
} Printer;

static void print_kid(const char *role, const Node *n, void *ctx)
{
    const Printer *p = ctx;
    Buf *b = p->D->out;
    buf_printf(b, "%*s%s: %s", 2 * p->depth, "", role, node_kind_names[n->kind]);
    put_label(b, n);
    buf_puts(b, "  ");
    put_loc(p->D, n->loc);
    if (p->D->g)
        put_facts(p->D, n);
    buf_puts(b, "\n");
    Printer deeper = {p->D, p->depth + 1};
    visit_kids(n, print_kid, &deeper);
}

/* ---- declarations --------------------------------------------------------- */

/* name(p: player, n: int): int, as declared. */
static void put_signature(Buf *b, const Node *fn)
{
    buf_printf(b, "%s(", fn->name);
    for (const Node *p = fn->params; p; p = p->next)
        buf_printf(b, "%s%s: %s", p == fn->params ? "" : ", ", p->name,
                   p->how ? p->how->name : type_word(p->type));
    buf_puts(b, ")");
    if (fn->type != T_VOID)
        buf_printf(b, ": %s", fn->result_how ? fn->result_how->name : type_word(fn->type));
}

static const Sym *fn_sym(const Dump *D, const Node *decl)
{
    bool func = decl->kind == N_FUNCDECL;
    int i = index_find(func ? &D->funcs : &D->procs, decl);
    return i < 0 ? NULL : (func ? D->g->funcs : D->g->procs).items[i];
}

/* A declaration's first line: what it declares, in the syntax of the rules. */
static void put_decl_head(Buf *b, const Node *n)
{
    switch (n->kind) {
    case N_GAMEDECL:
        buf_puts(b, "game ");
        put_quoted(b, n->name);
        break;
    case N_PLAYERSDECL: buf_printf(b, "players %lld..%d", n->min_players, n->max_players); break;
    case N_LIMITDECL: buf_printf(b, "limit %s %lld", n->name, n->limit); break;
    case N_ORDERDECL: buf_printf(b, "triggers chosen by %s", n->name); break;
    case N_WINDOWDECL:
        buf_printf(b, "window for %s %s", n->window_of->name,
                   pattern_kind_name(n->window_of->pat_kind));
        break;
    case N_INVARIANTDECL:
        buf_puts(b, "invariant ");
        put_quoted(b, n->name);
        break;
    case N_WINNERSDECL:
        buf_printf(b, "%s:", n->name ? n->name : "winners");
        for (const Node *f = n->items; f; f = f->next)
            buf_printf(b, "%s%s %s", f == n->items ? " " : ", ", f->name, f->word->name);
        break;
    case N_PHASESDECL:
        buf_puts(b, "phases");
        for (const Node *f = n->items; f; f = f->next)
            buf_printf(b, "%s%s", f == n->items ? " " : ", ", f->name);
        break;
    case N_ZONEDECL:
        buf_printf(b, "zone %s", n->name);
        for (const Node *f = n->flag_list; f; f = f->next)
            buf_printf(b, "%s%s%s%s", f == n->flag_list ? ": " : ", ", f->name,
                       f->word ? " " : "", f->word ? f->word->name : "");
        break;
    case N_VARDECL:
        buf_printf(b, "var %s: %s%s", n->name,
                   n->per_player == VAR_PER_CARD ? "per card "
                   : n->per_player ? "per player " : "",
                   n->how ? n->how->name : type_word(n->type));
        if (n->shown)
            buf_printf(b, ", %s", n->shown->name);
        break;
    case N_FUNCDECL:
    case N_PROCDECL:
        buf_puts(b, n->kind == N_FUNCDECL ? "func " : "proc ");
        put_signature(b, n);
        if (n->shown)
            buf_printf(b, ", %s", n->shown->name);
        break;
    case N_EFFECT:
        if (n->effect_from == EFFECT_TYPE) {
            buf_printf(b, "effect %s", n->name);
            break;
        }
        buf_puts(b, n->effect_from == EFFECT_YAML ? "effect of " : "effect ");
        put_quoted(b, n->name);
        break;
    case N_EVENTDECL:
        buf_puts(b, "event ");
        put_signature(b, n);
        break;
    case N_CLAUSE: /* a handler of the rules: on PATTERN, instead of PATTERN */
        buf_puts(b, clause_kind_name(n->clause_kind));
        if (n->pattern->pat_kind == PAT_EVENT)
            buf_printf(b, " %s(...)", n->pattern->name);
        else if (n->pattern->pat_kind == PAT_START || n->pattern->pat_kind == PAT_END)
            buf_printf(b, " %s %s", pattern_kind_name(n->pattern->pat_kind), n->pattern->name);
        else if (n->pattern->name)
            buf_printf(b, " %s %s", n->pattern->name, pattern_kind_name(n->pattern->pat_kind));
        break;
    default: /* not a declaration: the parser puts none in Program.decls */
        buf_puts(b, node_kind_names[n->kind]);
        put_label(b, n);
    }
}

static void put_decl_facts(const Dump *D, const Node *n)
{
    Buf *b = D->out;
    const Sym *fn;
    switch (n->kind) {
    case N_ZONEDECL: buf_printf(b, "  zone %d", n->zone_no); break;
    case N_VARDECL:
        buf_printf(b, "  %s %d", n->per_player == VAR_PER_CARD ? "cvar"
                                 : n->per_player ? "pvar" : "global", n->var_no);
        break;
    case N_FUNCDECL:
    case N_PROCDECL:
        if ((fn = fn_sym(D, n)) != NULL)
            put_fn_facts(b, fn);
        break;
    case N_EFFECT:
        if (n->effect_from == EFFECT_TYPE)
            buf_printf(b, "  type %d", n->type_no);
        else
            buf_printf(b, "  card %d", n->card_no);
        break;
    case N_INVARIANTDECL:
        if (n->sym)
            put_fn_facts(b, n->sym);
        break;
    case N_EVENTDECL:
        if (n->sym) {
            buf_printf(b, "  event %d", n->sym->index);
            put_fn_facts(b, n->sym->body);
        }
        break;
    case N_CLAUSE:
        if (n->clause_kind == CLAUSE_ON)
            buf_printf(b, "  handler %d", n->handler_no);
        else if (n->clause_kind == CLAUSE_INSTEAD || n->clause_kind == CLAUSE_REACT)
            buf_printf(b, "  before %d", n->handler_no);
        break;
    default: break;
    }
}

/* Parameters and zone flags are in the declaration's line. */
static void print_decl_kid(const char *role, const Node *n, void *ctx)
{
    if (n->kind != N_PARAM)
        print_kid(role, n, ctx);
}

static void print_decl(Dump *D, const Node *n)
{
    D->file = NULL;
    put_decl_head(D->out, n);
    buf_puts(D->out, "  ");
    put_loc(D, n->loc);
    D->file = n->loc.file;
    if (D->g)
        put_decl_facts(D, n);
    buf_puts(D->out, "\n");
    Printer p = {D, 1};
    if (n->kind != N_ZONEDECL && n->kind != N_PHASESDECL)
        visit_kids(n, print_decl_kid, &p);
}

/* ---- the game's tables ---------------------------------------------------- */

static void put_entry(Buf *b, const char *what, const Sym *fn)
{
    buf_printf(b, "%s ", what);
    if (fn)
        buf_printf(b, "%s %d", fn->kind == S_FUNC ? "func" : "proc", fn->index);
    else
        buf_puts(b, "none");
}

static void dump_zones(const Dump *D)
{
    static const char *const vis[] = {[VIS_PUBLIC] = "public", [VIS_OWNER] = "owner",
                                      [VIS_HIDDEN] = "hidden"};
    const Game *g = D->g;
    Buf *b = D->out;
    buf_printf(b, "zones %d  slots %d\n", g->zones.len, g->nslots);
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        bool each = z->zflags & ZF_PER_PLAYER, held = z->zflags & ZF_HELD;
        buf_printf(b, "  %d %s  %s%s %s  ", i, z->name,
                   held ? "held" : each ? "per player" : "shared",
                   (z->zflags & ZF_ORDERED) ? " ordered" : "", vis[z->vis]);
        if (held)
        {
            buf_printf(b, "under type %d  ", z->holder_type);
            for (const Node *f = first_fate(z); f; f = f->next)
                if (f->when && f->when->sym && fate_drop_zone(f))
                    buf_printf(b, "drop to zone %d when to zone %d, ",
                               fate_drop_zone(f)->index, f->when->sym->index);
                else if (f->when && f->when->sym)
                    buf_printf(b, "keep when to zone %d, ", f->when->sym->index);
            if (z->sym)
                buf_printf(b, "drop to zone %d", z->sym->index);
            else
                buf_puts(b, "keep");
            buf_printf(b, "  slots %d..%d\n", z->first_slot,
                       z->first_slot + zone_nslots(g, z) - 1);
        }
        else if (each)
            buf_printf(b, "slots %d..%d\n", z->first_slot, z->first_slot + g->max_players - 1);
        else
            buf_printf(b, "slot %d\n", z->first_slot);
    }
}

static void dump_vars(Buf *b, const char *what, const PtrVec *vars)
{
    buf_printf(b, "%s %d\n", what, vars->len);
    for (int i = 0; i < vars->len; i++) {
        const Node *v = vars->items[i];
        buf_printf(b, "  %d %s: %s\n", i, v->name, type_word(v->type));
    }
}

static void dump_fns(Buf *b, const char *what, const PtrVec *fns)
{
    buf_printf(b, "%s %d\n", what, fns->len);
    for (int i = 0; i < fns->len; i++) {
        const Sym *fn = fns->items[i];
        buf_printf(b, "  %d ", i);
        put_signature(b, fn->decl);
        buf_printf(b, "  frame %d\n", sema_locals(fn));
    }
}

static void dump_texts(Buf *b, const char *what, const PtrVec *texts)
{
    buf_printf(b, "%s %d\n", what, texts->len);
    for (int i = 0; i < texts->len; i++) {
        buf_printf(b, "  %d ", i);
        put_quoted(b, texts->items[i]);
        buf_puts(b, "\n");
    }
}

/* Nodes the code generator numbers: sets of cards, aggregates. */
static void dump_nodes(const Dump *D, const char *what, const PtrVec *nodes)
{
    Buf *b = D->out;
    buf_printf(b, "%s %d\n", what, nodes->len);
    for (int i = 0; i < nodes->len; i++) {
        const Node *n = nodes->items[i];
        buf_printf(b, "  %d %s", i, node_kind_names[n->kind]);
        put_label(b, n);
        buf_puts(b, "  ");
        put_loc(D, n->loc);
        buf_puts(b, "\n");
    }
}

/* The units of time, the rows of 'until' and 'at' and the slots whose
 * values they keep, the modifiers (a game with time only). */
static void dump_time(const Dump *D)
{
    const Game *g = D->g;
    Buf *b = D->out;
    if (!g->uses_time && g->mods.len == 0)
        return;
    buf_printf(b, "time units %d: turn, round", UNIT_PHASE0 + g->phases.len);
    for (int i = 0; i < g->phases.len; i++)
        buf_printf(b, ", %s", ((const Node *)g->phases.items[i])->name);
    buf_printf(b, "\nlasting %d  rows at once %d  values kept at most %d\n", g->lasting.len,
               g->max_lasting, g->max_captures);
    for (int i = 0; i < g->lasting.len; i++) {
        const Lasting *l = g->lasting.items[i];
        buf_printf(b, "  %d %s  ", i, node_kind_names[l->stmt->kind]);
        put_loc(D, l->stmt->loc);
        if (l->stmt->kind == N_AT)
            buf_printf(b, "  proc %d", l->stmt->sym->index);
        buf_puts(b, "  keeps");
        for (int k = 0; k < l->ncap; k++)
            buf_printf(b, " slot %d", l->cap[k]);
        buf_puts(b, l->ncap ? "\n" : " nothing\n");
    }
    buf_printf(b, "while in play %d\n", g->continuous.len);
    for (int i = 0; i < g->continuous.len; i++) {
        const Continuous *k = g->continuous.items[i];
        buf_printf(b, "  %d effect of ", i);
        put_quoted(b, k->effect->name);
        buf_puts(b, "  ");
        put_loc(D, k->clause->loc);
        buf_printf(b, "  frame %d\n", k->decl->nlocals);
    }
    buf_printf(b, "modifiers %d\n", g->mods.len);
    for (int i = 0; i < g->mods.len; i++) {
        const Node *m = g->mods.items[i];
        buf_printf(b, "  %d %s  ", i, m->sym ? m->sym->name : "?");
        put_loc(D, m->loc);
        if (m->lasting_no >= 0)
            buf_printf(b, "  lasting %d\n", m->lasting_no);
        else
            buf_printf(b, "  while in play %lld\n", m->cont_no);
    }
}

static void dump_tables(Dump *D)
{
    const Game *g = D->g;
    Buf *b = D->out;
    D->file = NULL; /* places in full */
    buf_puts(b, "== tables\ngame ");
    put_quoted(b, g->name ? g->name : "");
    buf_printf(b, "  players %d..%d  decisions %lld\n", g->min_players, g->max_players,
               g->max_decisions);
    put_entry(b, "main", g->main);
    put_entry(b, "  score", g->score);
    put_entry(b, "  tiebreak", g->tiebreak);
    buf_printf(b, "\nmax locals %d  max depth %d\n", g->max_locals, g->max_depth);
    dump_zones(D);
    dump_vars(b, "globals", &g->globals);
    dump_vars(b, "per-player vars", &g->pvars);
    if (g->cvars.len)
        dump_vars(b, "per-card vars", &g->cvars);
    dump_fns(b, "funcs", &g->funcs);
    dump_fns(b, "procs", &g->procs);
    dump_texts(b, "prompts", &g->prompts);
    dump_texts(b, "labels", &g->labels);
    dump_nodes(D, "sets", &g->sets);
    dump_nodes(D, "aggregates", &g->aggs);
    dump_time(D);
}

/* ---- the analysis --------------------------------------------------------- */

typedef struct PlayerVars {
    Arena *a;
    PtrVec syms;            /* Sym*, each time one is met */
} PlayerVars;

/* The player parameters and locals a declaration names (Sym.bad_player). */
static void collect_player_vars(const char *role, const Node *n, void *ctx)
{
    (void)role;
    PlayerVars *pv = ctx;
    const Sym *s = n->sym;
    if ((n->kind == N_PARAM || n->kind == N_LET || n->kind == N_IDENT) && s &&
        s->type == T_PLAYER && (s->kind == S_PARAM || s->kind == S_LOCAL))
        vec_push(pv->a, &pv->syms, (void *)s);
    visit_kids(n, collect_player_vars, ctx);
}

/* Each Sym of v once, in the order first met: sorted by address to find
 * the first of each, then back in order. Returns how many are left. */
static int first_of_each(Arena *a, PtrVec *v)
{
    Index ix = index_new(a, (const void *const *)v->items, v->len);
    int k = 0;
    for (int i = 0; i < ix.len; i++)
        if (i == 0 || ix.items[i].key != ix.items[i - 1].key)
            ix.items[k++] = ix.items[i];
    if (k)
        qsort(ix.items, (size_t)k, sizeof *ix.items, cmp_number);
    for (int i = 0; i < k; i++)
        v->items[i] = (void *)ix.items[i].key;
    return v->len = k;
}

/* A card-kind mask: bit k for card kind k. */
static void put_kinds(Buf *b, const char *what, unsigned long long m)
{
    buf_printf(b, "  %s 0x%llx", what, m);
}

/* What the analysis filled in on n, each fact only where it is set. */
static void put_node_facts(Buf *b, const Node *n)
{
    static const char *const families[] = {
#define X(k, s) s,
        HELPER_FAMILIES(X)
#undef X
    };
    if (n->helper_no >= 0) {
        HelperFamily f = n->kind == N_INDEX || n->kind == N_LIST || n->kind == N_FOR ? HELPER_LIST
                         : n->kind == N_CHOOSECARD || n->kind == N_CHOOSEPLAYER ||
                           n->kind == N_CHOOSEVALUE ? HELPER_OPTS
                         : n->kind == N_CHOOSECARDS ? HELPER_SETS
                         : n->kind == N_MOVEALL ? HELPER_MVALL : HELPER_AGG;
        buf_printf(b, "  helper %s %d", families[f], n->helper_no);
    }
    if (n->seat_in_range)
        buf_puts(b, "  seat_in_range");
    if (n->kinds_known)
        put_kinds(b, "kinds", n->kinds);
    if (n->heap)
        buf_puts(b, "  heap");
    if (n->kind_level) {
        buf_puts(b, "  kind_level");
        put_kinds(b, "kinds_possible", n->kinds_possible);
    }
    if (n->by_kind)
        buf_puts(b, "  by_kind");
    if (n->one_per_kind)
        put_kinds(b, "one_per_kind", n->one_per_kind);
    if (n->distinct_per_kind)
        buf_puts(b, "  distinct_per_kind");
    if (n->implied_by_caps)
        buf_puts(b, "  implied_by_caps");
}

/* Each node under n (n included) with a fact of the analysis: one line,
 * its kind, label and place as in the tree above, then the facts. */
static void print_node_facts(const char *role, const Node *n, void *ctx)
{
    const Dump *D = ctx;
    Buf facts = {0};
    put_node_facts(&facts, n);
    if (facts.len) {
        buf_printf(D->out, "  %s: %s", role, node_kind_names[n->kind]);
        put_label(D->out, n);
        buf_puts(D->out, "  ");
        put_loc(D, n->loc);
        buf_printf(D->out, "%s\n", facts.data);
    }
    buf_free(&facts);
    visit_kids(n, print_node_facts, ctx);
}

static void dump_fn_facts(Dump *D, Arena *a, const Sym *fn)
{
    Buf *b = D->out;
    buf_printf(b, "%s %d %s  reached %s  called %s", fn->kind == S_FUNC ? "func" : "proc",
               fn->index, fn->name, fn->reached ? "yes" : "no", fn->called ? "yes" : "no");
    if (fn->kind == S_FUNC)
        buf_printf(b, "  calls_funcs %s", fn->calls_funcs ? "yes" : "no");
    buf_puts(b, "\n");
    PlayerVars pv = {a, {0}};
    collect_player_vars("decl", fn->decl, &pv);
    int n = first_of_each(a, &pv.syms);
    for (int i = 0; i < n; i++) {
        const Sym *s = pv.syms.items[i];
        buf_printf(b, "  %s", s->name);
        put_sym(b, s);
        buf_printf(b, "  bad_player %s\n", s->bad_player ? "yes" : "no");
    }
    /* the analysis walks the bodies, not the parameters */
    D->file = fn->decl->loc.file;
    if (fn->decl->expr_body)
        print_node_facts("expr_body", fn->decl->expr_body, D);
    if (fn->decl->body)
        print_node_facts("body", fn->decl->body, D);
}

/* The one place that prints what the analysis (analyse.c) proved: the
 * helpers of each family, then each func and proc, its player variables
 * and the nodes of its body that have a fact. */
void dump_analysis(Buf *b, const Game *g)
{
    static const char *const families[] = {
#define X(k, s) s,
        HELPER_FAMILIES(X)
#undef X
    };
    buf_puts(b, "== analysis\n");
    if (!g) {
        buf_puts(b, "none: a card file alone has no rules\n");
        return;
    }
    buf_puts(b, "shows: Game.nhelpers; Sym.reached, Sym.called and (funcs) Sym.calls_funcs of\n"
                "each func and proc, Sym.bad_player of each player parameter and local it\n"
                "names; the facts set on the nodes of its body (kinds are masks of card kinds)\n"
                "helpers");
    for (int f = 0; f < HELPER__COUNT; f++)
        buf_printf(b, "  %s %d", families[f], g->nhelpers[f]);
    buf_puts(b, "\n");
    Arena a = {0};
    Dump D = {.out = b, .g = g};
    for (int i = 0; i < g->funcs.len; i++)
        dump_fn_facts(&D, &a, g->funcs.items[i]);
    for (int i = 0; i < g->procs.len; i++)
        dump_fn_facts(&D, &a, g->procs.items[i]);
    arena_free(&a);
}

DumpStage dump_stage(const char *word)
{
    static const char *const words[] = {[DUMP_TREE] = "tree", [DUMP_CHECKED] = "checked",
                                        [DUMP_ANALYSED] = "analysed"};
    for (int s = DUMP_TREE; s <= DUMP_ANALYSED; s++)
        if (!strcmp(word, words[s]))
            return (DumpStage)s;
    return DUMP_NONE;
}

void dump_program(Buf *b, const Program *prog, const Game *g, DumpStage stage)
{
    Arena a = {0};
    Dump D = {.out = b, .g = stage == DUMP_TREE ? NULL : g};
    if (D.g) {
        D.aggs = index_new(&a, (const void *const *)g->aggs.items, g->aggs.len);
        D.funcs = index_decls(&a, &g->funcs);
        D.procs = index_decls(&a, &g->procs);
    }
    buf_puts(b, "== declarations\n");
    for (int i = 0; i < prog->decls.len; i++)
        print_decl(&D, prog->decls.items[i]);
    if (prog->effects.len)
        buf_puts(b, "== effects\n");
    for (int i = 0; i < prog->effects.len; i++)
        print_decl(&D, prog->effects.items[i]);
    if (stage != DUMP_TREE && !g)
        buf_puts(b, "== tables\nnone: a card file alone has no rules\n");
    if (D.g)
        dump_tables(&D);
    if (stage == DUMP_ANALYSED)
        dump_analysis(b, g);
    arena_free(&a);
}
