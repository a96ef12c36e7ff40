/* parser.y: the grammar of the rules language (pure, with locations).
 *
 * Every action builds one node (or a node and its list), setting its
 * fields by the role names compiler/ast.h lists for its kind; the meaning
 * lives in plain C (compiler/sema*.c), which Criterion tests without
 * bison. Statements need no separator: each starts with a keyword or a
 * name, and `return`, `break` and `end` may only close a block, so no
 * statement follows them.
 * docs/LANGUAGE.md is the reference of what this grammar accepts. */
%define api.pure full
%define api.prefix {rl}
%define parse.error custom
%define parse.lac full
%locations
%expect 0
%lex-param {yyscan_t scanner}
%parse-param {yyscan_t scanner} {struct Lexer *lx}

/* The parser without LAC (Makefile: parser_fast.tab.c) has names of its own. */
%code top {
#ifdef RL_FAST_PARSER
#define rlparse rlparse_fast
#define rlerror rlerror_fast
#define rllex rl_scan_fast /* its scanner is the struct Lexer */
#endif
}

%code requires {
#include "parse.h"
typedef void *yyscan_t;
}

%code provides {
int rllex(RLSTYPE *lvalp, RLLTYPE *llocp, yyscan_t scanner);
void rlerror(RLLTYPE *loc, yyscan_t scanner, struct Lexer *lx, const char *msg);
}

%code {
#include <stdio.h>
#include <string.h>

#define YYMAXDEPTH 4000
/* The parser's stack grows with xmalloc: a failed allocation is
 * out_of_memory() (util.h); "memory exhausted" means only a full stack. */
#define YYMALLOC xmalloc
#define L(loc) lexer_loc(lx, &(loc))
#define NEW(kind, loc) node_new(lx->arena, N_##kind, L(loc))

/* Constructors of the nodes that several rules build. */

static Node *binary(struct Lexer *lx, RLLTYPE loc, BinOp op, Node *lhs, Node *rhs)
{
    Node *n = NEW(BINARY, loc);
    n->binop = op;
    n->lhs = lhs;
    n->rhs = rhs;
    return n;
}

static Node *unary(struct Lexer *lx, RLLTYPE loc, UnOp op, Node *operand)
{
    Node *n = NEW(UNARY, loc);
    n->unop = op;
    n->operand = operand;
    return n;
}

static Node *call(struct Lexer *lx, RLLTYPE loc, const char *name, Node *args)
{
    Node *n = NEW(CALL, loc);
    n->name = name;
    n->args = args;
    return n;
}

/* `x in zone where cond`: name is NULL when the element is not named. */
static Node *source(struct Lexer *lx, RLLTYPE loc, const char *name, Node *in, Node *filter)
{
    Node *n = NEW(SOURCE, loc);
    n->name = name;
    n->in = in;
    n->filter = filter;
    return n;
}

static Node *ident(struct Lexer *lx, RLLTYPE loc, const char *name)
{
    Node *n = NEW(IDENT, loc);
    n->name = name;
    return n;
}

/* An assignment: x = e, x += e, x -= e. */
static Node *assign(struct Lexer *lx, RLLTYPE loc, AssignOp op, Node *target, Node *rhs)
{
    Node *n = NEW(ASSIGN, loc);
    n->assign_op = op;
    n->target = target;
    n->rhs = rhs;
    return n;
}

static Node *let(struct Lexer *lx, RLLTYPE loc, const char *name, Node *init)
{
    Node *n = NEW(LET, loc);
    n->name = name;
    n->init = init;
    return n;
}

/* The values a prompt or a label is built from ("Guess {q}'s card"):
 * n->words, and n->name the text with '{{' and '}}' made single when it
 * names none. */
static Node *worded(struct Lexer *lx, Node *n, RLLTYPE at)
{
    n->words = parse_words(lx, &at, &n->name);
    return n;
}

/* The word between a decision's player and its prompt: `public` (the
 * answer is announced to every seat); any other is an error. */
static bool public_word(struct Lexer *lx, RLLTYPE loc, const char *word)
{
    if (strcmp(word, "public") != 0)
        lexer_error(lx, &loc, "unexpected name '%s' between the player who decides and the "
                              "prompt: only 'public' may stand there", word);
    return true;
}

/* 'choose card' and 'choose player' */
static Node *choose_one(struct Lexer *lx, RLLTYPE loc, NodeKind k, Node *who, bool announced,
                        const char *prompt, RLLTYPE at, Node *src, Node *els)
{
    Node *n = node_new(lx->arena, k, L(loc));
    n->who = who;
    n->announced = announced;
    n->name = prompt;
    n->src = src;
    n->els = els;
    return worded(lx, n, at);
}

/* `var NAME: [per player | per card] ATTR = VALUE`: a variable holding a
 * value of attribute ATTR (how), which the checker finds. */
static Node *value_var(struct Lexer *lx, RLLTYPE loc, const char *name, int per, Node *attr,
                       Node *init, Node *shown)
{
    Node *n = NEW(VARDECL, loc);
    n->name = name;
    n->type = T_VALUE;
    n->how = attr;
    n->init = init;
    n->per_player = per;
    n->shown = shown;
    return n;
}

/* `func NAME(PARAMS): ATTR [, shown] (= EXPR | BLOCK)` and `proc
 * NAME(PARAMS): ATTR BLOCK`: a func or a proc giving a value of attribute
 * ATTR (result_how), which the checker finds. */
static Node *value_fn(struct Lexer *lx, RLLTYPE loc, NodeKind k, const char *name,
                      Node *params, Node *attr, Node *shown, Node *expr_body, Node *body)
{
    Node *n = node_new(lx->arena, k, L(loc));
    n->name = name;
    n->params = params;
    n->type = T_VALUE;
    n->result_how = attr;
    n->shown = shown;
    n->expr_body = expr_body;
    n->body = body;
    return n;
}

/* The numbers of 'choose P "..." from [v in] lo..hi [where COND]': a
 * SOURCE walking the LIST of its two bounds. */
static Node *range_source(struct Lexer *lx, RLLTYPE loc, const char *name, Node *lo, Node *hi,
                          Node *filter)
{
    Node *r = NEW(LIST, loc);
    r->items = lo;
    lo->next = hi;
    return source(lx, loc, name, r, filter);
}

static Node *ask(struct Lexer *lx, RLLTYPE loc, Node *who, bool announced, const char *prompt,
                 RLLTYPE at)
{
    Node *n = NEW(ASK, loc);
    n->who = who;
    n->announced = announced;
    n->name = prompt;
    return worded(lx, n, at);
}

static Node *if_stmt(struct Lexer *lx, RLLTYPE loc, Node *cond, Node *then, Node *els)
{
    Node *n = NEW(IF, loc);
    n->cond = cond;
    n->then = then;
    n->els = els;
    return n;
}

static Node *for_stmt(struct Lexer *lx, RLLTYPE loc, const char *name, Node *iter,
                      Node *from, Node *body)
{
    Node *n = NEW(FOR, loc);
    n->name = name;
    n->iter = iter;
    n->from = from;
    n->body = body;
    return n;
}

/* for q in players simultaneously { ... }: a FOR whose body's first
 * statement is each seat's choice, asked of every seat before the rest
 * runs (LANGUAGE.md §7, "Simultaneous choices"). 'simultaneously' is a
 * contextual word, read only between a loop's source and its block. */
static Node *simul_for(struct Lexer *lx, RLLTYPE loc, const char *name, Node *iter,
                       RLLTYPE wloc, const char *word, Node *body);

/* A word the grammar reads as a keyword where it stands, though it may
 * be a name elsewhere ('turn', 'round', 'phase', 'phases'): a syntax error
 * when the name is another (none while the parser recovers from one). */
static bool contextual(struct Lexer *lx, RLLTYPE loc, const char *got, const char *want,
                       const char *what)
{
    if (!strcmp(got, want))
        return true;
    if (!lx->quiet)
        lexer_error(lx, &loc, "syntax error: unexpected name '%s'%s", got, what);
    return false;
}

static Node *simul_for(struct Lexer *lx, RLLTYPE loc, const char *name, Node *iter,
                       RLLTYPE wloc, const char *word, Node *body)
{
    if (!contextual(lx, wloc, word, "simultaneously", ", expected 'simultaneously' or a block"))
        return NULL;
    Node *n = for_stmt(lx, loc, name, iter, NULL, body);
    n->simultaneous = true;
    return n;
}

/* turn of P { }, round { }, phase NAME { } */
static Node *time_block(struct Lexer *lx, RLLTYPE loc, const char *word, NodeKind k, Node *who,
                        const char *phase, Node *body)
{
    static const char *const blocks = " (a block of time is 'turn of PLAYER { ... }', "
                                      "'round { ... }' or 'phase NAME { ... }')";
    const char *want = k == N_TURN ? "turn" : k == N_ROUND ? "round" : "phase";
    if (!contextual(lx, loc, word, want, blocks))
        return NULL;
    Node *n = node_new(lx->arena, k, L(loc));
    n->who = who;
    n->name = phase;
    n->body = body;
    return n;
}

/* phases NAME, NAME, ... */
static Node *phases_decl(struct Lexer *lx, RLLTYPE loc, const char *word, Node *names)
{
    if (!contextual(lx, loc, word, "phases", ", expected a declaration"))
        return NULL;
    Node *n = NEW(PHASESDECL, loc);
    n->items = names;
    return n;
}

/* triggers chosen by WHO: `triggers` and `chosen` are contextual words
 * (names elsewhere); WHO is checked by the checker (sema_order.c). */
static Node *order_decl(struct Lexer *lx, RLLTYPE loc, const char *w1, RLLTYPE loc2,
                        const char *w2, RLLTYPE who_loc, const char *who)
{
    if (!contextual(lx, loc, w1, "triggers", ", expected a declaration") ||
        !contextual(lx, loc2, w2, "chosen", ", expected 'chosen' ('triggers chosen by "
                                            "controller')"))
        return NULL;
    Node *n = NEW(ORDERDECL, loc);
    n->name = who;
    n->how = ident(lx, who_loc, who);
    return n;
}

/* winners: ORDER, ...: `winners` is a contextual word (a name elsewhere);
 * each ORDER is checked by the checker (declare_winners). `agents:
 * highest F` (the func the agents maximise) has the same shape and node,
 * its name "agents" (declare_agents). */
static Node *winners_decl(struct Lexer *lx, RLLTYPE loc, const char *word, Node *orders)
{
    bool agents = !strcmp(word, "agents");
    if (!agents && !contextual(lx, loc, word, "winners", ", expected a declaration"))
        return NULL;
    Node *n = NEW(WINNERSDECL, loc);
    n->name = agents ? "agents" : "winners";
    n->items = orders;
    return n;
}

/* invariant "TEXT": COND: `invariant` is a contextual word (a name
 * elsewhere); the checker makes COND a func (check_invariants). */
static Node *invariant_decl(struct Lexer *lx, RLLTYPE loc, const char *word, const char *text,
                            Node *cond)
{
    if (!contextual(lx, loc, word, "invariant", ", expected a declaration"))
        return NULL;
    Node *n = NEW(INVARIANTDECL, loc);
    n->name = text;
    n->cond = cond;
    return n;
}

/* `lowest score`: an IDENT of the direction whose word is the measure */
static Node *win_order(struct Lexer *lx, RLLTYPE loc, const char *dir, RLLTYPE mloc,
                       const char *measure)
{
    Node *n = ident(lx, loc, dir);
    n->word = ident(lx, mloc, measure);
    return n;
}

/* 'start' or 'end' before 'of' */
static int edge(struct Lexer *lx, RLLTYPE loc, const char *word)
{
    if (!strcmp(word, "start"))
        return EDGE_START;
    lexer_error(lx, &loc, "a boundary of time is 'start of ...' or 'end of ...', found '%s'",
                word);
    return EDGE_END;
}

/* [start|end of] [this|next] UNIT: edge -1 is the default, the end. */
static Node *boundary(struct Lexer *lx, RLLTYPE loc, int edge_, const char *which,
                      const char *unit, RLLTYPE unit_loc)
{
    Node *n = NEW(BOUNDARY, unit_loc);
    (void)loc;
    n->edge = edge_ < 0 ? EDGE_END : edge_;
    n->which = WHICH_THIS;
    n->name = unit;
    if (which && !strcmp(which, "next"))
        n->which = WHICH_NEXT;
    else if (which && strcmp(which, "this") != 0)
        lexer_error(lx, &unit_loc, "a boundary of time is '[start of | end of] [this | next] "
                                   "turn, round or a phase', found '%s %s'", which, unit);
    return n;
}

/* f(x, ...) += e [when c], -=, = */
static Node *modifier(struct Lexer *lx, RLLTYPE loc, AssignOp op, Node *target, Node *rhs,
                      Node *when)
{
    Node *n = NEW(MODIFIER, loc);
    n->call = target;
    n->assign_op = op;
    n->rhs = rhs;
    n->when = when;
    n->loc = target->loc;
    return n;
}

/* mod: IDENT TO IDENT ('immune to EVENT', in an 'until ... for P'): the
 * first word must be 'immune', which is no keyword. */
static Node *immunity(struct Lexer *lx, RLLTYPE loc, const char *word, RLLTYPE event_loc,
                      const char *event)
{
    if (strcmp(word, "immune") != 0)
        lexer_error(lx, &loc, "expected a modifier 'f(x) += E' or 'immune to EVENT', found "
                              "'%s to'", word);
    Node *n = NEW(IMMUNE, loc);
    n->name = event;
    n->how = ident(lx, event_loc, event);
    return n;
}

/* Appends list n to list head. The head remembers its last node, so a
 * list of n statements is built in O(n), not O(n^2). */
static Node *append(Node *head, Node *n)
{
    if (!n)
        return head;
    if (!head)
        return n;
    Node *p = head->last ? head->last : head;
    while (p->next)
        p = p->next;
    p->next = n;
    while (p->next)
        p = p->next;
    head->last = p;
    return head;
}

/* The words of a window (a list of OPTIONs, window_text, window_flag)
 * put in n's asks, declines and reopens. */
static void place_window_words(Node *n, Node *texts)
{
    for (Node *t = texts, *next; t; t = next) {
        next = t->next;
        t->next = NULL; /* each text is walked alone */
        Node **slot = t->which == 2 ? &n->reopens : t->which ? &n->declines : &n->asks;
        if (!*slot) /* a second one is reported by window_word_add */
            *slot = t;
    }
}

/* event NAME(PARAMS) { BODY }: `event` is a contextual word (a card type
 * may be called event), so the declaration starts with a name. */
static Node *event_decl(struct Lexer *lx, RLLTYPE wloc, const char *word, RLLTYPE loc,
                        const char *name, Node *params, Node *texts, Node *body)
{
    if (strcmp(word, "event"))
        lexer_error(lx, &wloc, "syntax error: unexpected name '%s', expected a declaration",
                    word);
    Node *n = NEW(EVENTDECL, loc);
    n->name = name;
    n->type = T_VOID;
    n->params = params;
    n->body = body;
    place_window_words(n, texts);
    return n;
}

/* A word after an event's parameters, or in the braces of `window for`
 * (in_window), that is none of the window's. */
static void window_word_error(struct Lexer *lx, RLLTYPE wloc, const char *word, bool in_window)
{
    lexer_error(lx, &wloc, "syntax error: unexpected name '%s', expected 'asks', 'declines' "
                "or 'reopens' %s", word, in_window ? "(the words of the window) or '}'"
                                                   : "(the event's reaction window) or a block");
}

static Node *window_word_add(struct Lexer *lx, Node *list, Node *n, RLLTYPE wloc,
                             const char *word);

/* `asks "QUESTION"` or `declines "LABEL"` after an event's parameters:
 * the words of its reaction window (LANGUAGE.md §8). Both are contextual
 * words, read only there, where no name could stand. An OPTION whose
 * which is 0 for the question, 1 for the label. */
static Node *window_text(struct Lexer *lx, Node *list, RLLTYPE wloc, const char *word,
                         const char *text, RLLTYPE loc, bool in_window)
{
    bool asks = !strcmp(word, "asks");
    if (!asks && strcmp(word, "declines")) {
        window_word_error(lx, wloc, word, in_window);
        return list;
    }
    Node *n = NEW(OPTION, loc);
    n->name = text;
    n->which = !asks;
    worded(lx, n, loc);
    return window_word_add(lx, list, n, wloc, word);
}

/* `reopens` after an event's parameters: its window opens again after a
 * reaction whose play was stopped (LANGUAGE.md §8). An OPTION, which 2. */
static Node *window_flag(struct Lexer *lx, Node *list, RLLTYPE wloc, const char *word,
                         bool in_window)
{
    if (strcmp(word, "reopens")) {
        window_word_error(lx, wloc, word, in_window);
        return list;
    }
    Node *n = NEW(OPTION, wloc);
    n->name = word;
    n->which = 2;
    return window_word_add(lx, list, n, wloc, word);
}

/* The words of a window so far (list) with n, one more, at the end; a
 * second of a kind is reported. */
static Node *window_word_add(struct Lexer *lx, Node *list, Node *n, RLLTYPE wloc,
                             const char *word)
{
    n->next = NULL;
    if (!list)
        return n;
    Node *p = list;
    for (;; p = p->next) {
        if (p->which == n->which)
            lexer_error(lx, &wloc, "'%s' is given twice: %s", word,
                        n->which == 2 ? "say it once"
                                      : "a reaction window has one question and one label "
                                        "for declining");
        if (!p->next)
            break;
    }
    p->next = n;
    return list;
}

/* window for PATTERN { WORDS }: the words of a window the runtime opens,
 * before a card played (LANGUAGE.md §8, "The window before a card
 * played"). `window` is a contextual word: a declaration that starts with
 * a name and `for` is no other. The pattern is checked by the checker. */
static Node *window_decl(struct Lexer *lx, RLLTYPE wloc, const char *word, Node *pattern,
                         Node *texts)
{
    if (strcmp(word, "window"))
        lexer_error(lx, &wloc, "syntax error: unexpected name '%s', expected a declaration",
                    word);
    Node *n = NEW(WINDOWDECL, wloc);
    n->window_of = pattern;
    place_window_words(n, texts);
    return n;
}

/* The word at loc must be `want` (a contextual word, scanned as a name):
 * reports it otherwise, with what the construct is; not while the parser
 * gets back in step after a syntax error, as syntax errors are not. */
static void expect_word(struct Lexer *lx, RLLTYPE loc, const char *got, const char *want,
                        const char *what)
{
    if (strcmp(got, want) && !lx->quiet)
        lexer_error(lx, &loc, "syntax error: unexpected name '%s', expected '%s' (%s)", got,
                    want, what);
}

/* 'reveal to PATTERN to ZONE': a revealed card is not played, so there is
 * no play to send it to ZONE (LANGUAGE.md §8, "What a reaction does"). */
static void reveal_to_zone(struct Lexer *lx, RLLTYPE loc)
{
    if (!lx->quiet)
        lexer_error(lx, &loc, "a 'reveal to' clause plays no card, so it takes no 'to ZONE': "
                              "move the card in its body ('move this to ZONE'), or write "
                              "'react to' to play it there");
}

/* A clause of a card ('react to', 'while in play', 'play') among the
 * declarations: it belongs in an effect. */
static void outside_effect(struct Lexer *lx, RLLTYPE loc, const char *what)
{
    if (!lx->quiet)
        lexer_error(lx, &loc, "syntax error: a '%s' clause outside an effect: a card's "
                              "clauses belong in 'effect \"Card\" { ... }' or 'effect TYPE "
                              "{ ... }'", what);
}

/* 'play { ... }' or 'play when C { ... }' among the declarations: a
 * clause outside an effect; another word there starts a statement
 * ('round { ... }'), which belongs in a proc. */
static void outside_effect_word(struct Lexer *lx, RLLTYPE loc, const char *word,
                                RLLTYPE next, const char *found)
{
    if (!strcmp(word, "play"))
        outside_effect(lx, loc, "play");
    else if (!lx->quiet)
        lexer_error(lx, &next, "syntax error: unexpected %s after name '%s' among the "
                               "declarations: a statement belongs in a proc's block",
                    found, word);
}

/* play CARD [by PLAYER] [to ZONE] */
static Node *show_stmt(struct Lexer *lx, RLLTYPE loc, const char *word, Node *cards,
                       Node *count, Node *who);

/* 'sort ZONE by KEY, ...': `sort` is a word, not a keyword, so that a
 * game that named something `sort` before the statement came keeps
 * building (LANGUAGE.md §2, "Compatibility"). It starts as 'play CARD by
 * P' does (play_stmt hands it here): zone is the place, key the first
 * key, read as an expression (a name is wanted, or '-NAME' for the
 * highest first), more the keys after a comma (sort_keys) or NULL. */
static Node *sort_stmt(struct Lexer *lx, RLLTYPE loc, const char *word, Node *zone, Node *key,
                       Node *more)
{
    if (!contextual(lx, loc, word, "sort", ", expected a statement ('sort ZONE by KEY, ...'?)"))
        return NULL;
    if (!key) {
        if (!lx->quiet)
            lexer_error(lx, &loc, "syntax error: 'sort' needs its keys: 'sort ZONE by KEY, "
                                  "...' (an attribute, 'type' or 'name')");
        return NULL;
    }
    bool descending = key->kind == N_UNARY && key->unop == UOP_NEG &&
                      key->operand->kind == N_IDENT;
    if (descending)
        key = key->operand;
    if (key->kind != N_IDENT) {
        if (!lx->quiet) {
            const Node *k = key; /* the key's first character: c of c.color */
            while ((k->kind == N_FIELD || k->kind == N_INDEX) && k->base)
                k = k->base;
            RLLTYPE at = {k->loc.line, k->loc.col, k->loc.line, k->loc.col};
            lexer_error(lx, &at, "syntax error: a key of 'sort' is a name: an attribute, "
                                 "'type' or 'name', with '-' before it for the highest "
                                 "first (not an expression)");
        }
        return NULL;
    }
    key->descending = descending;
    Node *n = NEW(SORT, loc);
    n->zone = zone;
    n->by = key;
    key->next = more;
    return n;
}

/* IDENT play_card opt_by opt_to: 'play CARD [by P] [to ZONE]', or 'show
 * CARD to WHO' (show_stmt). The place of 'play ... to' is an expression:
 * a source with 'where' or a name 'in', or 'all', is refused. */
static Node *play_stmt(struct Lexer *lx, RLLTYPE loc, const char *word, Node *card,
                       Node *by, Node *to)
{
    if (!strcmp(word, "sort")) {
        if (to && !lx->quiet)
            lexer_error(lx, &loc, "syntax error: 'sort' takes no 'to': 'sort ZONE by KEY, ...'");
        return sort_stmt(lx, loc, word, card, by, NULL);
    }
    if (!strcmp(word, "show")) {
        if (by && !lx->quiet)
            lexer_error(lx, &loc, "syntax error: 'show' takes no 'by': 'show CARDS to WHO'");
        else if (!to && !lx->quiet)
            lexer_error(lx, &loc, "syntax error: 'show' needs to whom: 'show CARDS to WHO' "
                                  "(a player, 'all', or 'q in players where ...')");
        return show_stmt(lx, loc, word, card, NULL, to);
    }
    if (to && to->kind == N_SOURCE && !to->name && !to->filter)
        to = to->in;
    else if (to && !lx->quiet && !strcmp(word, "play"))
        lexer_error(lx, &loc, "syntax error: 'play ... to' takes a zone");
    if (!strcmp(word, "turn") && !lx->quiet)
        lexer_error(lx, &loc, "syntax error: a turn is 'turn of PLAYER { ... }'");
    else if (strcmp(word, "play") && !lx->quiet)
        lexer_error(lx, &loc, "syntax error: unknown statement '%s': a statement that starts "
                              "with a name assigns to it ('%s = ...') or calls it ('%s(...)')",
                    word, word, word);
    Node *n = NEW(PLAY, loc);
    n->card = card;
    n->by = by;
    n->to = to;
    return n;
}

/* 'show CARDS to WHO': the statement starts with a name, as 'play'
 * does, so that 'show' stays a name everywhere else. cards is a card, a
 * zone or a SOURCE of a zone with 'where'; count is N of 'top N of ZONE'
 * or NULL; who a SOURCE (a player expression, or players with 'where') or
 * PLAYERSREF for 'all'. */
static Node *show_stmt(struct Lexer *lx, RLLTYPE loc, const char *word, Node *cards,
                       Node *count, Node *who)
{
    if (strcmp(word, "show")) {
        if (!lx->quiet)
            lexer_error(lx, &loc, "syntax error: unknown statement '%s': only 'show' takes "
                                  "'top N of' or 'where' before 'to'", word);
        return NULL;
    }
    Node *n = NEW(SHOW, loc);
    n->cards = cards;
    n->to = who;
    n->size = count;
    return n;
}

/* IDENT IDENT block: 'phase NAME { ... }', or 'play c' followed by a
 * block, which the grammar cannot tell apart before the '{' (the block
 * follows the play in the list of statements). */
static Node *phase_or_play(struct Lexer *lx, RLLTYPE loc, const char *word, RLLTYPE name_loc,
                           const char *name, Node *body)
{
    if (!strcmp(word, "play")) {
        Node *n = play_stmt(lx, loc, word, ident(lx, name_loc, name), NULL, NULL);
        n->next = body;
        return n;
    }
    Node *n = time_block(lx, loc, word, N_PHASE, NULL, name, body);
    if (n)
        n->loc = L(name_loc); /* where an unknown phase is */
    return n;
}

static Node *clause(struct Lexer *lx, RLLTYPE loc, ClauseKind k, Node *pattern, Node *cond,
                    Node *body)
{
    Node *n = NEW(CLAUSE, loc);
    n->clause_kind = k;
    n->pattern = pattern;
    n->cond = cond;
    n->body = body;
    return n;
}

/* IDENT block: 'round { ... }', or in an effect the clause 'play { ... }'
 * (which the grammar cannot tell apart from a statement there). Among
 * the statements of a rule, the clause is refused by the checker. */
static Node *round_or_play(struct Lexer *lx, RLLTYPE loc, const char *word, Node *body)
{
    if (!strcmp(word, "play"))
        return clause(lx, loc, CLAUSE_PLAY, NULL, NULL, body);
    return time_block(lx, loc, word, N_ROUND, NULL, NULL, body);
}

static Node *pattern(struct Lexer *lx, RLLTYPE loc, PatternKind k, const char *name)
{
    Node *n = NEW(PATTERN, loc);
    n->pat_kind = k;
    n->name = name;
    return n;
}

/* c enters Z [from Z2], c leaves Z: `word` is enters or leaves. */
static Node *move_pattern(struct Lexer *lx, RLLTYPE loc, const char *name, RLLTYPE wloc,
                          const char *word, Node *zone, Node *from)
{
    bool leaves = !strcmp(word, "leaves");
    if (!leaves)
        expect_word(lx, wloc, word, "enters", "a pattern is 'c enters ZONE', 'c leaves ZONE' "
                                              "or 'c played'");
    else if (from)
        lexer_error(lx, &wloc, "'from' goes with 'enters': 'c enters ZONE from ZONE2'");
    Node *n = pattern(lx, loc, leaves ? PAT_LEAVES : PAT_ENTERS, name);
    n->zone = zone;
    n->from = from;
    return n;
}

/* A card's effect in cards.yaml: either the short form `[when COND]
 * STATEMENTS`, one play clause, or a list of clauses (items are
 * statements and clauses as parsed; a mix is an error). */
static Node *yaml_effect(struct Lexer *lx, RLLTYPE loc, RLLTYPE when, Node *guard, Node *items,
                         Node *tail)
{
    Node *e = NEW(EFFECT, loc);
    e->effect_from = EFFECT_YAML;
    Node *first_clause = NULL, *first_stmt = NULL;
    for (Node *i = items; i; i = i->next) {
        if (i->kind == N_CLAUSE && !first_clause)
            first_clause = i;
        if (i->kind != N_CLAUSE && !first_stmt)
            first_stmt = i;
    }
    if (!first_clause) {
        /* the clause is where its first word is: 'when', or a statement */
        Node *body = NEW(BLOCK, loc);
        body->stmts = append(items, tail);
        e->clauses = clause(lx, guard ? when : loc, CLAUSE_PLAY, NULL, guard, body);
        if (!guard && body->stmts)
            e->clauses->loc = body->stmts->loc;
        return e;
    }
    Node *odd = guard ? guard : first_stmt ? first_stmt : tail;
    if (odd)
        diag_error(lx->d, odd->loc, "an effect is either statements (after an optional "
                                    "'when') or a list of clauses, not both: put the "
                                    "statements in a clause, 'play { ... }'");
    for (Node *i = items, *next; i; i = next) {
        next = i->next;
        i->next = i->last = NULL;
        if (i->kind == N_CLAUSE)
            e->clauses = append(e->clauses, i);
    }
    return e;
}

/* effect "Card Name" { CLAUSES } or effect TYPE { CLAUSES } in the rules */
static Node *rules_effect(struct Lexer *lx, RLLTYPE loc, EffectFrom from, const char *name,
                          Node *clauses)
{
    Node *e = NEW(EFFECT, loc);
    e->effect_from = from;
    e->name = name;
    e->clauses = clauses;
    return e;
}

static Node *nest(struct Lexer *lx, RLLTYPE loc, Node *n)
{
    (void)loc;
    lx->depth--;
    return n;
}

/* A whole statement or declaration parsed: after a syntax error, the
 * parser is back in step and may report the next one. */
static void settled(struct Lexer *lx)
{
    if (lx->quiet == 1)
        lx->quiet = 0;
}

static void enter(struct Lexer *lx, RLLTYPE loc)
{
    if (lx->depth < RL_MAX_DEPTH)
        lx->open[lx->depth] = lexer_loc(lx, &loc); /* for "never closed" */
    if (++lx->depth > RL_MAX_DEPTH && !lx->too_deep) {
        lx->too_deep = true;
        lexer_error(lx, &loc, "nesting too deep: more than %d levels (limit max_depth)",
                    RL_MAX_DEPTH);
    }
}
}

%union {
    long long num;
    const char *str;
    Node *node;
}

%token START_RULES START_EFFECT START_WORD
%token GAME "game" PLAYERS "players" ZONE "zone" VAR "var" FUNC "func"
%token PROC "proc" LET "let" IF "if" ELSE "else" WHILE "while" LOOP "loop"
%token REPEAT "repeat" FOR "for" IN "in" FROM "from" WHERE "where"
%token BREAK "break" RETURN "return" MOVE "move" ALL "all" TO "to"
%token TOP "top" BOTTOM "bottom" AT "at" SHUFFLE "shuffle"
%token CHOOSE "choose"
%token OPTION "option" CARD "card" CARDS "cards" PLAYER "player" ASK "ask"
%token SUCH "such" THAT "that" INTO "into" TRUE "true"
%token FALSE "false" NONE "none" AND "and" OR "or" NOT "not" END "end"
%token PER "per" WHEN "when" INT "int" BOOL "bool" LIMIT "limit"
%token EFFECT "effect" ON "on" INSTEAD "instead" REACT "react" OF "of" BY "by"
%token UNDER "under"
%token CANCEL "cancel"
%token UNTIL "until" AT_TIME "at (a time)"
%token DOTDOT ".." EQ "==" NE "!=" LE "<=" GE ">=" PLUSEQ "+=" MINUSEQ "-="
%token <str> IDENT "name" STRING "string"
%type <str> name
%token <num> NUMBER "number"

%type <node> decl params param_list param zone_flags zone_flag block stmts stmt
%type <node> tail else_part expr cond decision src range opt_where opt_else position
%type <node> options option opt_when args arg exprs lvalue primary postfix unary
%type <node> effect_body opt_such effect_items clauses clause item_clause pattern pattern_names
%type <node> name_list play_card opt_by opt_to show_who window_texts window_words
%type <num> opt_public
%type <node> names sort_keys sort_key boundary mods mod opt_shown win_orders
%type <num> var_type

/* A name alone, before 'in', is the element of a source ('c in hand' as an
 * argument of count(...), after 'from' or 'move all'), not the left side of
 * a membership test: the rule 'primary: IDENT' ranks below 'in'. */
%precedence NAME_ALONE

/* After `play CARD`, a `by` is the player who plays it, not the start of
 * a statement that assigns to a name `by` (the one shift-reduce choice
 * of the grammar, made here rather than by default). */
%precedence PLAY_WITHOUT_BY
%precedence BY
/* 'play c' then a block '{ ... }' reads as IDENT IDENT block, the rule of
 * 'phase NAME { ... }', which makes of it the play and the block
 * (phase_or_play): the card's name is not reduced before a '{'. */
%precedence PLAY_CARD_NAME
%precedence '{'

%left OR
%left AND

%nonassoc EQ NE '<' LE '>' GE IN
%left '+' '-'
%left '*' '/' '%'


%destructor { (void)$$; } <node> <str>

%start start

%%

start
    : START_RULES decls
    | START_EFFECT effect_body      { lx->result = $2; }
    | START_WORD expr               { lx->result = $2; }
    ;

decls
    : %empty
    | decls decl                    { if ($2) vec_push(lx->arena, &lx->prog->decls, $2);
                                      settled(lx); }
    | decls error
    ;

decl
    : GAME STRING                   { $$ = NEW(GAMEDECL, @$); $$->name = $2; }
    | PLAYERS NUMBER DOTDOT NUMBER  { $$ = NEW(PLAYERSDECL, @$); $$->min_players = $2;
                                      $$->max_players = (int)$4; }
    | PLAYERS NUMBER                { $$ = NEW(PLAYERSDECL, @$); $$->min_players = $2;
                                      $$->max_players = (int)$2; }
    | LIMIT IDENT NUMBER            { $$ = NEW(LIMITDECL, @2); $$->name = $2; $$->limit = $3; }
    | ZONE name ':' zone_flags      { $$ = NEW(ZONEDECL, @2); $$->name = $2; $$->flag_list = $4; }
    | VAR name ':' var_type '=' expr opt_shown
                                    { $$ = NEW(VARDECL, @2); $$->name = $2; $$->type = (Type)$4;
                                      $$->init = $6; $$->shown = $7; }
    | VAR name ':' PER PLAYER var_type '=' expr opt_shown
                                    { $$ = NEW(VARDECL, @2); $$->name = $2; $$->type = (Type)$6;
                                      $$->init = $8; $$->per_player = VAR_PER_PLAYER;
                                      $$->shown = $9; }
    | VAR name ':' PER CARD var_type '=' expr opt_shown
                                    { $$ = NEW(VARDECL, @2); $$->name = $2; $$->type = (Type)$6;
                                      $$->init = $8; $$->per_player = VAR_PER_CARD;
                                      $$->shown = $9; }
    | VAR name ':' IDENT '=' expr opt_shown
                                    { $$ = value_var(lx, @2, $2, VAR_GAME, ident(lx, @4, $4), $6,
                                                     $7); }
    | VAR name ':' PER PLAYER IDENT '=' expr opt_shown
                                    { $$ = value_var(lx, @2, $2, VAR_PER_PLAYER,
                                                     ident(lx, @6, $6), $8, $9); }
    | VAR name ':' PER CARD IDENT '=' expr opt_shown
                                    { $$ = value_var(lx, @2, $2, VAR_PER_CARD, ident(lx, @6, $6),
                                                     $8, $9); }
    | FUNC name '(' params ')' ':' var_type opt_shown '=' expr
                                    { $$ = NEW(FUNCDECL, @2); $$->name = $2; $$->params = $4;
                                      $$->type = (Type)$7; $$->shown = $8; $$->expr_body = $10; }
    | FUNC name '(' params ')' ':' var_type opt_shown block
                                    { $$ = NEW(FUNCDECL, @2); $$->name = $2; $$->params = $4;
                                      $$->type = (Type)$7; $$->shown = $8; $$->body = $9; }
    | PROC name '(' params ')' block
                                    { $$ = NEW(PROCDECL, @2); $$->name = $2; $$->params = $4;
                                      $$->type = T_VOID; $$->body = $6; }
    | PROC name '(' params ')' ':' var_type block
                                    { $$ = NEW(PROCDECL, @2); $$->name = $2; $$->params = $4;
                                      $$->type = (Type)$7; $$->body = $8; }
    | FUNC name '(' params ')' ':' IDENT opt_shown '=' expr
                                    { $$ = value_fn(lx, @2, N_FUNCDECL, $2, $4,
                                                    ident(lx, @7, $7), $8, $10, NULL); }
    | FUNC name '(' params ')' ':' IDENT opt_shown block
                                    { $$ = value_fn(lx, @2, N_FUNCDECL, $2, $4,
                                                    ident(lx, @7, $7), $8, NULL, $9); }
    | PROC name '(' params ')' ':' IDENT block
                                    { $$ = value_fn(lx, @2, N_PROCDECL, $2, $4,
                                                    ident(lx, @7, $7), NULL, NULL, $8); }
    | IDENT names                   { $$ = phases_decl(lx, @1, $1, $2); }
    | IDENT IDENT BY IDENT          { $$ = order_decl(lx, @1, $1, @2, $2, @4, $4); }
    | IDENT ':' win_orders          { $$ = winners_decl(lx, @1, $1, $3); }
    | IDENT STRING ':' expr         { $$ = invariant_decl(lx, @1, $1, $2, $4); }
    | EFFECT STRING '{' { enter(lx, @3); } clauses '}'
                                    { $$ = nest(lx, @$, rules_effect(lx, @2, EFFECT_CARD, $2,
                                                                     $5)); }
    | EFFECT IDENT '{' { enter(lx, @3); } clauses '}'
                                    { $$ = nest(lx, @$, rules_effect(lx, @2, EFFECT_TYPE, $2,
                                                                     $5)); }
    | IDENT name '(' params ')' window_texts block
                                    { $$ = event_decl(lx, @1, $1, @2, $2, $4, $6, $7); }
    | IDENT FOR pattern '{' { enter(lx, @4); } window_words '}'
                                    { $$ = nest(lx, @$, window_decl(lx, @1, $1, $3, $6)); }
    | ON pattern opt_where block    { $$ = clause(lx, @1, CLAUSE_ON, $2, $3, $4); }
    | INSTEAD OF pattern opt_where block
                                    { $$ = clause(lx, @1, CLAUSE_INSTEAD, $3, $4, $5); }
    | misplaced_clause              { $$ = NULL; }
    ;

/* What ranks the players at the end: `lowest score`, `highest tiebreak`. */
win_orders
    : IDENT IDENT                   { $$ = win_order(lx, @1, $1, @2, $2); }
    | win_orders ',' IDENT IDENT    { $$ = append($1, win_order(lx, @3, $3, @4, $4)); }
    ;

/* The words of an event's reaction window: `asks "..."`, `declines "..."`. */
window_texts
    : %empty                        { $$ = NULL; }
    | window_texts IDENT STRING     { $$ = window_text(lx, $1, @2, $2, $3, @3, false); }
    | window_texts IDENT            { $$ = window_flag(lx, $1, @2, $2, false); }
    ;

/* The words of a window the runtime opens, between the braces of `window
 * for PATTERN { ... }`. */
window_words
    : %empty                        { $$ = NULL; }
    | window_words IDENT STRING     { $$ = window_text(lx, $1, @2, $2, $3, @3, true); }
    | window_words IDENT            { $$ = window_flag(lx, $1, @2, $2, true); }
    ;

/* A card's clause written among the declarations, outside any effect:
 * read whole (so that nothing after it is reported), and refused. */
misplaced_clause
    : REACT TO pattern opt_where block
                                    { (void)$3; (void)$4; (void)$5;
                                      outside_effect(lx, @1, "react to"); }
    | WHILE IN IDENT '{' { enter(lx, @4); } mods '}'
                                    { nest(lx, @$, $6);
                                      expect_word(lx, @3, $3, "play", "'while in play'");
                                      outside_effect(lx, @1, "while in play"); }
    | IDENT block                   { (void)$2; outside_effect_word(lx, @1, $1, @2, "'{'"); }
    | IDENT WHEN expr block         { (void)$3; (void)$4;
                                      outside_effect_word(lx, @1, $1, @2, "'when'"); }
    ;

/* A name: the contextual words that the scanner returns as tokens of
 * their own are names wherever a name is declared or used. */
name
    : IDENT
    | BY                            { $$ = lexer_intern(lx, "by", 2); }
    | UNDER                         { $$ = lexer_intern(lx, "under", 5); }
    ;

names
    : IDENT                         { $$ = ident(lx, @1, $1); }
    | names ',' IDENT               { $$ = append($1, ident(lx, @3, $3)); }
    ;

/* The keys of 'sort' after the first: names, each '-NAME' for the
 * highest first (a sign, not a word: no game's name can be taken). */
sort_keys
    : sort_key                      { $$ = $1; }
    | sort_keys ',' sort_key        { $$ = append($1, $3); }
    ;

sort_key
    : IDENT                         { $$ = ident(lx, @1, $1); }
    | '-' IDENT                     { $$ = ident(lx, @2, $2); $$->descending = 1; }
    ;

/* Who sees a variable or a func's value in the views: `, public`,
 * `, owner`, `, hidden` after its declaration (a word, not a keyword:
 * the checker reads it). */
opt_shown
    : %empty                        { $$ = NULL; }
    | ',' IDENT                     { $$ = ident(lx, @2, $2); }
    ;

var_type
    : INT                           { $$ = T_INT; }
    | BOOL                          { $$ = T_BOOL; }
    | PLAYER                        { $$ = T_PLAYER; }
    | CARD                          { $$ = T_CARD; }
    ;

params
    : %empty                        { $$ = NULL; }
    | param_list
    ;

param_list
    : param
    | param_list ',' param          { $$ = append($1, $3); }
    ;

param
    : name ':' var_type             { $$ = NEW(PARAM, @1); $$->name = $1; $$->type = (Type)$3; }
    | name ':' IDENT                { $$ = NEW(PARAM, @1); $$->name = $1; $$->type = T_CARD;
                                      $$->how = ident(lx, @3, $3); }
    ;

zone_flags
    : zone_flag
    | zone_flags ',' zone_flag      { $$ = append($1, $3); }
    ;

zone_flag
    : IDENT                         { $$ = ident(lx, @1, $1); }
    | UNDER name                    { $$ = ident(lx, @1, "under"); $$->word = ident(lx, @2, $2); }
    | IDENT TO IDENT                { $$ = ident(lx, @1, arena_printf(lx->arena, "%s to", $1));
                                      $$->word = ident(lx, @3, $3); }
    | IDENT TO IDENT WHEN TO IDENT  { $$ = ident(lx, @1, arena_printf(lx->arena, "%s to", $1));
                                      $$->word = ident(lx, @3, $3);
                                      $$->when = ident(lx, @6, $6); }
    | IDENT WHEN TO IDENT           { $$ = ident(lx, @1, $1); $$->when = ident(lx, @4, $4); }
    | PER PLAYER                    { $$ = ident(lx, @$, "per player"); }
    | TOP IDENT                     { expect_word(lx, @2, $2, "public", "the zone property "
                                                  "'top public'");
                                      $$ = ident(lx, @$, "top public"); }
    | IN IDENT                      { expect_word(lx, @2, $2, "play", "the zone property "
                                                                  "'in play'");
                                      $$ = ident(lx, @$, "in play"); }
    ;

block
    : '{' { enter(lx, @1); } stmts tail '}'
                                    { $$ = nest(lx, @$, NEW(BLOCK, @1));
                                      $$->stmts = append($3, $4); }
    ;

effect_body
    : opt_when effect_items tail    { $$ = yaml_effect(lx, @$, @1, $1, $2, $3); }
    ;

/* A clause 'play { ... }' without 'when' reads, among statements, as the
 * statement 'NAME { ... }' ('round { ... }'), which makes a clause of it
 * (time_block): item_clause leaves it out. */
effect_items
    : %empty                        { $$ = NULL; }
    | effect_items stmt             { $$ = append($1, $2); settled(lx); }
    | effect_items item_clause      { $$ = append($1, $2); settled(lx); }
    | effect_items error            { $$ = $1; }
    ;

clauses
    : %empty                        { $$ = NULL; }
    | clauses clause                { $$ = append($1, $2); settled(lx); }
    | clauses error                 { $$ = $1; }
    ;

clause
    : IDENT block                   { expect_word(lx, @1, $1, "play", "a clause starts with "
                                                  "'play', 'on', 'instead of', 'react to', "
                                                  "'reveal to' or 'while in play'");
                                      $$ = clause(lx, @1, CLAUSE_PLAY, NULL, NULL, $2); }
    | item_clause
    ;

item_clause
    : IDENT WHEN expr block         { expect_word(lx, @1, $1, "play", "a clause starts with "
                                                  "'play', 'on', 'instead of', 'react to', "
                                                  "'reveal to' or 'while in play'");
                                      $$ = clause(lx, @1, CLAUSE_PLAY, NULL, $3, $4); }
    | IDENT FOR pattern '{' { enter(lx, @4); } window_words '}'
                                    { $$ = nest(lx, @$, window_decl(lx, @1, $1, $3, $6)); }
    | ON pattern opt_where block    { $$ = clause(lx, @1, CLAUSE_ON, $2, $3, $4); }
    | INSTEAD OF pattern opt_where block
                                    { $$ = clause(lx, @1, CLAUSE_INSTEAD, $3, $4, $5); }
    | REACT TO pattern opt_where block
                                    { $$ = clause(lx, @1, CLAUSE_REACT, $3, $4, $5); }
    | REACT TO pattern opt_where TO expr block
                                    { $$ = clause(lx, @1, CLAUSE_REACT, $3, $4, $7);
                                      $$->into = $6; }
    | IDENT TO pattern opt_where block
                                    { expect_word(lx, @1, $1, "reveal", "a clause starts with "
                                                  "'play', 'on', 'instead of', 'react to', "
                                                  "'reveal to' or 'while in play'");
                                      $$ = clause(lx, @1, CLAUSE_REACT, $3, $4, $5);
                                      $$->which = REACT_REVEALS; }
    | IDENT TO pattern opt_where TO expr block
                                    { expect_word(lx, @1, $1, "reveal", "a clause starts with "
                                                  "'play', 'on', 'instead of', 'react to', "
                                                  "'reveal to' or 'while in play'");
                                      reveal_to_zone(lx, @5);
                                      (void)$6; /* no zone: the error says why */
                                      $$ = clause(lx, @1, CLAUSE_REACT, $3, $4, $7);
                                      $$->which = REACT_REVEALS; }
    | WHILE IN IDENT '{' { enter(lx, @4); } mods '}'
                                    { expect_word(lx, @3, $3, "play", "'while in play'");
                                      Node *b = nest(lx, @$, NEW(BLOCK, @4));
                                      b->stmts = $6; /* the modifiers */
                                      $$ = clause(lx, @1, CLAUSE_WHILE_IN_PLAY, NULL, NULL, b); }
    ;

pattern
    : IDENT IDENT                   { expect_word(lx, @2, $2, "played", "a pattern is 'c "
                                                  "played', 'c enters ZONE' or 'c leaves "
                                                  "ZONE'");
                                      $$ = pattern(lx, @$, PAT_PLAYED, $1); }
    | IDENT IDENT expr              { $$ = move_pattern(lx, @$, $1, @2, $2, $3, NULL); }
    | IDENT IDENT expr FROM expr    { $$ = move_pattern(lx, @$, $1, @2, $2, $3, $5); }
    | IDENT '(' pattern_names ')'   { $$ = pattern(lx, @$, PAT_EVENT, $1); $$->args = $3; }
    | IDENT OF IDENT                { expect_word(lx, @1, $1, "start", "'start of' or 'end "
                                                  "of'");
                                      $$ = pattern(lx, @$, PAT_START, $3);
                                      $$->how = ident(lx, @3, $3); }
    | END OF IDENT                  { $$ = pattern(lx, @$, PAT_END, $3);
                                      $$->how = ident(lx, @3, $3); }
    ;

pattern_names
    : %empty                        { $$ = NULL; }
    | name_list
    ;

name_list
    : IDENT                         { $$ = ident(lx, @1, $1); }
    | name_list ',' IDENT           { $$ = append($1, ident(lx, @3, $3)); }
    ;

stmts
    : %empty                        { $$ = NULL; }
    | stmts stmt                    { $$ = append($1, $2); settled(lx); }
    | stmts error                   { $$ = $1; }
    ;

tail
    : %empty                        { $$ = NULL; }
    | RETURN                        { $$ = NEW(RETURN, @1); }
    | RETURN expr                   { $$ = NEW(RETURN, @1); $$->result = $2; }
    | BREAK                         { $$ = NEW(BREAK, @1); }
    | END                           { $$ = NEW(END, @1); }
    | END IDENT                     { $$ = NEW(END, @1); $$->name = $2;
                                      $$->how = ident(lx, @2, $2); }
    ;

stmt
    : LET name '=' expr             { $$ = let(lx, @2, $2, $4); }
    | LET name '=' decision         { $$ = let(lx, @2, $2, $4); }
    | lvalue '=' expr               { $$ = assign(lx, @2, ASSIGN_SET, $1, $3); }
    | lvalue '=' decision           { $$ = assign(lx, @2, ASSIGN_SET, $1, $3); }
    | lvalue PLUSEQ expr            { $$ = assign(lx, @2, ASSIGN_ADD, $1, $3); }
    | lvalue MINUSEQ expr           { $$ = assign(lx, @2, ASSIGN_SUB, $1, $3); }
    | IF cond block else_part       { $$ = if_stmt(lx, @1, $2, $3, $4); }
    | WHILE cond block              { $$ = NEW(WHILE, @1); $$->cond = $2; $$->body = $3; }
    | LOOP block                    { $$ = NEW(LOOP, @1); $$->block = $2; }
    | CANCEL                        { $$ = NEW(CANCEL, @1); }
    | REPEAT expr block             { $$ = NEW(REPEAT, @1); $$->count = $2; $$->body = $3; }
    | FOR name IN src block         { $$ = for_stmt(lx, @1, $2, $4, NULL, $5); }
    | FOR name IN src name block    { $$ = simul_for(lx, @1, $2, $4, @5, $5, $6); }
    | FOR name IN expr FROM expr block
                                    { $$ = for_stmt(lx, @1, $2, $4, $6, $7); }
    | MOVE expr TO expr position    { $$ = NEW(MOVE, @1); $$->card = $2; $$->to = $4;
                                      $$->pos = $5; }
    | MOVE ALL src TO expr position { $$ = NEW(MOVEALL, @1); $$->cards = $3; $$->to = $5;
                                      $$->pos = $6; }
    | SHUFFLE expr                  { $$ = NEW(SHUFFLE, @1); $$->zone = $2; }
    | CHOOSE expr opt_public STRING '{' options '}'
                                    { $$ = NEW(MENU, @1); $$->who = $2; $$->announced = $3;
                                      $$->name = $4; $$->options = $6; worded(lx, $$, @4); }
    | CHOOSE CARDS expr opt_public STRING FROM src INTO expr IDENT expr DOTDOT expr opt_such
                                    { expect_word(lx, @10, $10, "size", "'choose cards ... into "
                                                  "ZONE size A..B'");
                                      lx->after_into = false;
                                      $$ = NEW(CHOOSECARDS, @1); $$->who = $3; $$->announced = $4;
                                      $$->name = $5; $$->src = $7; $$->into = $9;
                                      Node *r = NEW(LIST, @10); r->items = $11; $11->next = $13;
                                      $$->size = r; $$->such = $14; worded(lx, $$, @5); }
    | CHOOSE expr opt_public STRING '{' error '}'
                                    { (void)$2; (void)$3; (void)$4; $$ = NULL; }
    | name '(' args ')'             { Node *c = call(lx, @1, $1, $3);
                                      $$ = NEW(EXPRSTMT, @1); $$->call = c; }
    | IDENT OF expr block           { $$ = time_block(lx, @1, $1, N_TURN, $3, NULL, $4); }
    | IDENT block                   { $$ = round_or_play(lx, @1, $1, $2); }
    | IDENT IDENT block             { $$ = phase_or_play(lx, @1, $1, @2, $2, $3); }
    | UNTIL boundary '{' mods '}'   { $$ = NEW(UNTIL, @1); $$->boundary = $2; $$->mods = $4; }
    | UNTIL boundary FOR expr '{' mods '}'
                                    { $$ = NEW(UNTIL, @1); $$->boundary = $2; $$->scope = $4;
                                      $$->mods = $6; }
    | AT_TIME boundary block        { $$ = NEW(AT, @1); $$->boundary = $2; $$->body = $3; }
    | IDENT play_card opt_by opt_to { $$ = play_stmt(lx, @1, $1, $2, $3, $4); }
    | IDENT play_card BY expr ',' sort_keys
                                    { $$ = sort_stmt(lx, @1, $1, $2, $4, $6); }
    | IDENT play_card WHERE expr TO show_who
                                    { $$ = show_stmt(lx, @1, $1, source(lx, @2, NULL, $2, $4),
                                                     NULL, $6); }
    | IDENT TOP NUMBER OF expr TO show_who
                                    { Node *k = NEW(NUM, @3); k->literal = $3;
                                      $$ = show_stmt(lx, @1, $1, $5, k, $7); }
    | IDENT TOP name OF expr TO show_who
                                    { $$ = show_stmt(lx, @1, $1, $5, ident(lx, @3, $3), $7); }
    | block
    ;

boundary
    : IDENT                         { $$ = boundary(lx, @$, -1, NULL, $1, @1); }
    | IDENT IDENT                   { $$ = boundary(lx, @$, -1, $1, $2, @2); }
    | IDENT OF IDENT                { $$ = boundary(lx, @$, edge(lx, @1, $1), NULL, $3, @3); }
    | IDENT OF IDENT IDENT          { $$ = boundary(lx, @$, edge(lx, @1, $1), $3, $4, @4); }
    | END OF IDENT                  { $$ = boundary(lx, @$, EDGE_END, NULL, $3, @3); }
    | END OF IDENT IDENT            { $$ = boundary(lx, @$, EDGE_END, $3, $4, @4); }
    ;

mods
    : %empty                        { $$ = NULL; }
    | mods mod                      { $$ = append($1, $2); settled(lx); }
    | mods error                    { $$ = $1; }
    ;

mod
    : IDENT '(' args ')' PLUSEQ expr opt_when
                                    { $$ = modifier(lx, @5, ASSIGN_ADD, call(lx, @1, $1, $3), $6, $7); }
    | IDENT '(' args ')' MINUSEQ expr opt_when
                                    { $$ = modifier(lx, @5, ASSIGN_SUB, call(lx, @1, $1, $3), $6, $7); }
    | IDENT '(' args ')' '=' expr opt_when
                                    { $$ = modifier(lx, @5, ASSIGN_SET, call(lx, @1, $1, $3), $6, $7); }
    | IDENT TO IDENT                { $$ = immunity(lx, @1, $1, @3, $3); }
    ;


/* The card of 'play': a name, a call, top(...), bottom(...), indexed;
 * not '(' or '[' first, which after the word 'play' would read as a
 * call of a proc named play or an index of a variable named play. */
play_card
    : IDENT %prec PLAY_CARD_NAME    { $$ = ident(lx, @1, $1); }
    | IDENT '(' args ')'            { $$ = call(lx, @1, $1, $3); }
    | TOP '(' expr ')'              { $$ = NEW(TOPCARD, @1); $$->zone = $3;
                                      $$->pos_kind = POS_TOP; }
    | BOTTOM '(' expr ')'           { $$ = NEW(TOPCARD, @1); $$->zone = $3;
                                      $$->pos_kind = POS_BOTTOM; }
    | play_card '[' expr ']'        { $$ = NEW(INDEX, @$); $$->base = $1; $$->index = $3; }
    ;

opt_by
    : %empty %prec PLAY_WITHOUT_BY  { $$ = NULL; }
    | BY expr                       { $$ = $2; }
    ;

opt_to
    : %empty                        { $$ = NULL; }
    | TO show_who                   { $$ = $2; }
    ;

/* Whom 'show' shows to: a player, 'all', or the players of a source
 * ('q in players where COND'). After 'play ... to' only a zone (an
 * expression) is taken: play_stmt refuses the others. */
show_who
    : src
    | ALL                           { $$ = NEW(PLAYERSREF, @1); }
    ;

lvalue
    : name                          { $$ = ident(lx, @1, $1); }
    | name '[' expr ']'            { Node *v = ident(lx, @1, $1);
                                      $$ = NEW(INDEX, @1); $$->base = v; $$->index = $3; }
    ;

else_part
    : %empty                        { $$ = NULL; }
    | ELSE block                    { $$ = $2; }
    | ELSE IF cond block else_part  { $$ = if_stmt(lx, @2, $3, $4, $5); }
    ;

cond
    : expr
    | ASK expr opt_public STRING    { $$ = ask(lx, @1, $2, $3, $4, @4); }
    ;

decision
    : CHOOSE CARD expr opt_public STRING FROM src opt_else
                                    { $$ = choose_one(lx, @1, N_CHOOSECARD, $3, $4, $5, @5, $7,
                                                      $8); }
    | CHOOSE CARD expr opt_public STRING FOR src FROM src opt_else
                                    { $$ = choose_one(lx, @1, N_CHOOSECARD, $3, $4, $5, @5, $9,
                                                      $10);
                                      $$->each = $7; }
    | CHOOSE PLAYER expr opt_public STRING FROM src opt_else
                                    { $$ = choose_one(lx, @1, N_CHOOSEPLAYER, $3, $4, $5, @5, $7,
                                                      $8); }
    | ASK expr opt_public STRING    { $$ = ask(lx, @1, $2, $3, $4, @4); }
    | CHOOSE expr opt_public STRING FROM src opt_else
                                    { $$ = choose_one(lx, @1, N_CHOOSEVALUE, $2, $3, $4, @4, $6,
                                                      $7); }
    | CHOOSE expr opt_public STRING FROM range opt_else
                                    { $$ = choose_one(lx, @1, N_CHOOSEVALUE, $2, $3, $4, @4, $6,
                                                      $7); }
    ;

/* The numbers a choice of a number is made from: lo..hi */
range
    : expr DOTDOT expr opt_where    { $$ = range_source(lx, @1, NULL, $1, $3, $4); }
    | name IN expr DOTDOT expr opt_where
                                    { $$ = range_source(lx, @1, $1, $3, $5, $6); }
    ;

opt_public
    : %empty                        { $$ = 0; }
    | IDENT                         { $$ = public_word(lx, @1, $1); }
    ;

opt_such
    : %empty                        { $$ = NULL; }
    | SUCH THAT expr                { $$ = $3; }
    ;

src
    : expr opt_where                { $$ = source(lx, @1, NULL, $1, $2); }
    | name IN expr opt_where        { $$ = source(lx, @1, $1, $3, $4); }
    ;

opt_where
    : %empty                        { $$ = NULL; }
    | WHERE expr                    { $$ = $2; }
    ;

opt_else
    : %empty                        { $$ = NULL; }
    | ELSE STRING opt_when          { $$ = NEW(OPTION, @2); $$->name = $2; $$->guard = $3;
                                      worded(lx, $$, @2); }
    ;

opt_when
    : %empty                        { $$ = NULL; }
    | WHEN expr                     { $$ = $2; }
    ;

position
    : %empty                        { $$ = NULL; }
    | TOP                           { $$ = NEW(POSITION, @1); $$->pos_kind = POS_TOP; }
    | BOTTOM                        { $$ = NEW(POSITION, @1); $$->pos_kind = POS_BOTTOM; }
    | AT expr                       { $$ = NEW(POSITION, @1); $$->pos_kind = POS_AT; $$->at = $2; }
    ;

options
    : option
    | options option                { $$ = append($1, $2); }
    ;

option
    : OPTION STRING opt_when block  { $$ = NEW(OPTION, @2); $$->name = $2; $$->guard = $3;
                                      $$->body = $4; worded(lx, $$, @2); }
    ;

expr
    : unary
    | expr OR expr                  { $$ = binary(lx, @2, OP_OR, $1, $3); }
    | expr AND expr                 { $$ = binary(lx, @2, OP_AND, $1, $3); }
    | expr EQ expr                  { $$ = binary(lx, @2, OP_EQ, $1, $3); }
    | expr NE expr                  { $$ = binary(lx, @2, OP_NE, $1, $3); }
    | expr '<' expr                 { $$ = binary(lx, @2, OP_LT, $1, $3); }
    | expr LE expr                  { $$ = binary(lx, @2, OP_LE, $1, $3); }
    | expr '>' expr                 { $$ = binary(lx, @2, OP_GT, $1, $3); }
    | expr GE expr                  { $$ = binary(lx, @2, OP_GE, $1, $3); }
    | expr IN expr                  { $$ = binary(lx, @2, OP_IN, $1, $3); }
    | expr '+' expr                 { $$ = binary(lx, @2, OP_ADD, $1, $3); }
    | expr '-' expr                 { $$ = binary(lx, @2, OP_SUB, $1, $3); }
    | expr '*' expr                 { $$ = binary(lx, @2, OP_MUL, $1, $3); }
    | expr '/' expr                 { $$ = binary(lx, @2, OP_DIV, $1, $3); }
    | expr '%' expr                 { $$ = binary(lx, @2, OP_MOD, $1, $3); }
    ;

unary
    : postfix
    | '-' unary                     { $$ = unary(lx, @1, UOP_NEG, $2); }
    | NOT unary                     { $$ = unary(lx, @1, UOP_NOT, $2); }
    ;

postfix
    : primary
    | postfix '[' expr ']'          { $$ = NEW(INDEX, @$); $$->base = $1; $$->index = $3; }
    | postfix '.' name              { $$ = NEW(FIELD, @3); $$->base = $1; $$->name = $3; }
    ;

primary
    : NUMBER                        { $$ = NEW(NUM, @1); $$->literal = $1; }
    | STRING                        { $$ = NEW(STR, @1); $$->name = $1; }
    | TRUE                          { $$ = NEW(BOOLLIT, @1); $$->literal = 1; }
    | FALSE                         { $$ = NEW(BOOLLIT, @1); $$->literal = 0; }
    | NONE                          { $$ = NEW(NONELIT, @1); }
    | PLAYERS                       { $$ = NEW(PLAYERSREF, @1); }
    | name %prec NAME_ALONE         { $$ = ident(lx, @1, $1); }
    | name '(' args ')'             { $$ = call(lx, @1, $1, $3); }
    | TOP '(' expr ')'              { $$ = NEW(TOPCARD, @1); $$->zone = $3;
                                      $$->pos_kind = POS_TOP; }
    | BOTTOM '(' expr ')'           { $$ = NEW(TOPCARD, @1); $$->zone = $3;
                                      $$->pos_kind = POS_BOTTOM; }
    | '(' { enter(lx, @1); } expr ')'
                                    { $$ = nest(lx, @$, $3); }
    | '[' exprs ']'                 { $$ = NEW(LIST, @1); $$->items = $2; }
    ;

exprs
    : expr
    | exprs ',' expr                { $$ = append($1, $3); }
    ;

args
    : %empty                        { $$ = NULL; }
    | arg
    | args ',' arg                  { $$ = $1 ? append($1, $3) : $3; }
    ;

arg
    : expr
    | expr WHERE expr               { $$ = source(lx, @1, NULL, $1, $3); }
    | name IN expr opt_where        { $$ = source(lx, @1, $1, $3, $4); }
    ;

%%

/* A token as messages name it: 'if', a name, a string, end of file. */
static const char *tok_name(yysymbol_kind_t k, char *buf, size_t n)
{
    const char *s = yysymbol_name(k);
    if (!strcmp(s, "name") || !strcmp(s, "\"name\""))
        return "a name";
    if (!strcmp(s, "string") || !strcmp(s, "\"string\""))
        return "a string";
    if (!strcmp(s, "number") || !strcmp(s, "\"number\""))
        return "a number";
    if (k == YYSYMBOL_YYEOF)
        return "end of file";
    if (s[0] == '"') {
        snprintf(buf, n, "'%.*s'", (int)strlen(s) - 2, s + 1);
        return buf;
    }
    if (s[0] == '\'' || !strcmp(s, "error"))
        return s;
    snprintf(buf, n, "'%s'", s);
    return buf;
}

char *rlget_text(yyscan_t scanner);

/* The token found, with its text when that says more: name 'hand'. */
static const char *found_name(yysymbol_kind_t k, yyscan_t scanner, struct Lexer *lx,
                              char *buf, size_t n)
{
    if (k == YYSYMBOL_YYEOF)
        return lx->word ? "end of the word" : lx->effect ? "end of effect" : "end of file";
    const char *what = tok_name(k, buf, n);
    const char *text = rlget_text(scanner), *more;
    int len = msg_cut(text, 40, &more); /* 40 bytes at most, "..." if cut */
    if (k == YYSYMBOL_IDENT)
        snprintf(buf, n, "name '%.*s%s'", len, text, more);
    else if (k == YYSYMBOL_NUMBER)
        snprintf(buf, n, "number %.*s%s", len, text, more);
    else if (k == YYSYMBOL_YYUNDEF)
        snprintf(buf, n, "'%.*s%s'", len, text, more);
    else if (k == YYSYMBOL_STRING)
        snprintf(buf, n, "string %.*s%s", len, text, *more ? "...\"" : "");
    else
        return what;
    return buf;
}

/* Kinds of tokens that a list of expected tokens names as one group. */
enum { G_NONE, G_OP, G_EXPR, G_STMT, G_DECL, G_CLAUSE };

static int tok_group(yysymbol_kind_t k)
{
    static const char *const ops[] = {"or", "and", "==", "!=", "<=", ">=", "'<'", "'>'",
                                      "'+'", "'-'", "'*'", "'/'", "'%'", "'.'", "'['", "'('"};
    static const char *const expr[] = {"number", "string", "true", "false", "none",
                                       "players", "top", "bottom", "not"};
    static const char *const stmt[] = {"let", "if", "while", "loop", "repeat", "for",
                                       "move", "shuffle", "choose", "return", "break",
                                       "end", "cancel", "'{'", "until", "at (a time)"};
    static const char *const decl[] = {"game", "zone", "var", "func", "proc", "effect"};
    static const char *const clause[] = {"on", "instead", "react"};
    const char *s = yysymbol_name(k);
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (!strcmp(s, ops[i]))
            return G_OP;
    for (size_t i = 0; i < sizeof expr / sizeof *expr; i++)
        if (!strcmp(s, expr[i]))
            return G_EXPR;
    for (size_t i = 0; i < sizeof stmt / sizeof *stmt; i++)
        if (!strcmp(s, stmt[i]))
            return G_STMT;
    for (size_t i = 0; i < sizeof decl / sizeof *decl; i++)
        if (!strcmp(s, decl[i]))
            return G_DECL;
    for (size_t i = 0; i < sizeof clause / sizeof *clause; i++)
        if (!strcmp(s, clause[i]))
            return G_CLAUSE;
    return G_NONE;
}

/* After a decision's player: a prompt, or the one name `public` before
 * it, which messages do not offer (they say "expected a string"). */
static bool before_prompt(const yypcontext_t *ctx)
{
    yysymbol_kind_t all[YYNTOKENS];
    int n = yypcontext_expected_tokens(ctx, all, YYNTOKENS);
    bool string = false, name = false, expr = false;
    for (int i = 0; i < n; i++) {
        string |= all[i] == YYSYMBOL_STRING;
        name |= all[i] == YYSYMBOL_IDENT;
        expr |= all[i] == YYSYMBOL_NOT;
    }
    return string && name && !expr;
}

/* "expected 'to'", "expected '}' or a statement": the tokens that may come
 * next, with operators left out and the starts of an expression, of a
 * statement, of a clause and of a declaration each named as one (where a
 * statement may come, as in a card's effect, a clause may too: both are
 * "a statement"); empty when that is still more than five things. */
static void expected_list(const yypcontext_t *ctx, struct Lexer *lx, char *out, size_t size)
{
    yysymbol_kind_t all[YYNTOKENS];
    int n = yypcontext_expected_tokens(ctx, all, YYNTOKENS);
    bool expr = false, stmt = false, decl = false, eof = false, clause = false, name = false;
    bool after_expr = false; /* an operator may come: 'in' is one then */
    for (int i = 0; i < n; i++) {
        const char *s = yysymbol_name(all[i]);
        after_expr |= !strcmp(s, "or");
        expr |= !strcmp(s, "not");
        stmt |= !strcmp(s, "let");
        decl |= !strcmp(s, "proc");
        clause |= !strcmp(s, "instead");
        name |= all[i] == YYSYMBOL_IDENT;
    }
    clause &= !stmt;
    bool prompt_next = before_prompt(ctx);
    const char *items[12]; /* at most 6 tokens, then 5 groups */
    char bufs[6][48];
    int k = 0;
    for (int i = 0; i < n && k < 6; i++) {
        int g = tok_group(all[i]);
        const char *s = yysymbol_name(all[i]);
        bool is_name = all[i] == YYSYMBOL_IDENT;
        if (all[i] == YYSYMBOL_YYEOF) {
            eof = true;
            continue;
        }
        if (g == G_OP || (after_expr && all[i] == YYSYMBOL_IN))
            continue; /* continues an expression, or starts one: named below */
        if ((all[i] == YYSYMBOL_BY || all[i] == YYSYMBOL_UNDER) && name)
            continue; /* a name, as every name */
        if (is_name && prompt_next)
            continue; /* `public`, not offered */
        if ((expr && (g == G_EXPR || is_name)) ||
            (stmt && (g == G_STMT || g == G_CLAUSE || is_name)) ||
            (clause && (g == G_CLAUSE || is_name || !strcmp(s, "while"))) ||
            (decl && (g == G_DECL || g == G_CLAUSE || is_name || !strcmp(s, "players"))))
            continue; /* named as a group below */
        items[k] = tok_name(all[i], bufs[k], sizeof bufs[k]);
        k++;
    }
    if (expr)
        items[k++] = "an expression";
    if (stmt)
        items[k++] = "a statement";
    if (clause)
        items[k++] = "a clause";
    if (decl)
        items[k++] = "a declaration";
    if (eof)
        items[k++] = lx->word ? "'}'" : lx->effect ? "end of effect" : "end of file";
    out[0] = '\0';
    if (k == 0 || k > 5)
        return;
    size_t len = 0;
    for (int i = 0; i < k && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%s",
                                i == 0 ? ", expected " : i == k - 1 ? " or " : ", ", items[i]);
}

/* After an error at the end of the text or at a declaration inside a
 * block: where the innermost bracket still open was opened. */
static void open_note(struct Lexer *lx)
{
    if (lx->depth > 0 && lx->depth <= RL_MAX_DEPTH)
        diag_note(lx->d, lx->open[lx->depth - 1], "the bracket opened here is not closed");
}

/* A keyword where a name is declared ('proc f(limit: int)', 'let card'):
 * a name is expected, but no expression, statement or declaration (where
 * a keyword may be out of place for other reasons), and the keyword does
 * not start a statement, a declaration or a clause itself. */
static bool keyword_for_name(const yypcontext_t *ctx, yysymbol_kind_t got)
{
    int g = tok_group(got);
    if (got < YYSYMBOL_GAME || got > YYSYMBOL_UNTIL || g == G_STMT || g == G_DECL ||
        g == G_CLAUSE || before_prompt(ctx))
        return false; /* a statement or a declaration gone astray, more likely */
    yysymbol_kind_t all[YYNTOKENS];
    int n = yypcontext_expected_tokens(ctx, all, YYNTOKENS);
    bool name = false;
    for (int i = 0; i < n; i++) {
        if (all[i] == YYSYMBOL_NOT || all[i] == YYSYMBOL_LET || all[i] == YYSYMBOL_PROC)
            return false;
        name |= all[i] == YYSYMBOL_IDENT;
    }
    return name;
}

/* "unexpected X, expected Y or Z" with the grammar's token aliases. */
static int yyreport_syntax_error(const yypcontext_t *ctx, yyscan_t scanner,
                                 struct Lexer *lx)
{
    /* One syntax error a line, and none until the parser is back in step
     * (a statement or a declaration ends): the rest says little. */
    const RLLTYPE *at = yypcontext_location(ctx);
#ifdef RL_FAST_PARSER
    /* The first parse of an effect has no flex scanner to name the token
     * found, and what it reports is taken back: the parser with LAC parses
     * the text again and says what is wrong (parse_effect). */
    lexer_error(lx, at, "syntax error");
    return 0;
#endif
    bool into = lx->after_into; /* the 'choose cards' of that 'into' is left */
    lx->after_into = false;
    if (lx->quiet || at->first_line == lx->last_syntax_line)
        return 0;
    lx->last_syntax_line = at->first_line;
    lx->quiet = 1;
    yysymbol_kind_t got = yypcontext_token(ctx);
    char tb[128], exp[400];
    const char *found = found_name(got, scanner, lx, tb, sizeof tb);
    expected_list(ctx, lx, exp, sizeof exp);
    if ((got == YYSYMBOL_ASK || got == YYSYMBOL_CHOOSE) && strstr(exp, "an expression"))
        lexer_error(lx, at, "syntax error: unexpected %s inside an expression: a decision "
                            "can only be the whole value of 'let' or '=', or %s",
                    found, got == YYSYMBOL_ASK ? "the whole condition of 'if' or 'while'"
                                               : "a statement ('choose cards', a menu)");
    else if (got == YYSYMBOL_AT && strstr(exp, "a statement"))
        lexer_error(lx, at, "syntax error: unexpected 'at': a block that runs later starts "
                            "'at end of', 'at start of', 'at next' or 'at this' (as in 'at "
                            "end of next turn { ... }')");
    else if (tok_group(got) == G_DECL && strstr(exp, "a statement")) {
        /* A block left open: every later declaration would be reported. */
        lexer_error(lx, at, "syntax error: unexpected %s inside a block: is a '}' missing "
                            "before it?", found);
        lx->quiet = 2;
        open_note(lx);
    } else if (into && !strcmp(exp, ", expected a name")) {
        /* 'size' is a word, not a keyword: the name expected is that one */
        lexer_error(lx, at, "syntax error: unexpected %s, expected 'size' ('choose cards ... "
                            "into ZONE size A..B')", found);
    } else if (keyword_for_name(ctx, got)) {
        lexer_error(lx, at, "syntax error: unexpected %s%s: '%s' is a keyword and cannot be "
                            "a name", found, exp, yysymbol_name(got));
    } else {
        lexer_error(lx, at, "syntax error: unexpected %s%s", found, exp);
        if (got == YYSYMBOL_YYEOF)
            open_note(lx);
    }
    return 0;
}

void rlerror(RLLTYPE *loc, yyscan_t scanner, struct Lexer *lx, const char *msg)
{
    (void)scanner;
    if (strstr(msg, "exhausted"))
        lexer_error(lx, loc, "nesting too deep for the parser (limit parser_stack = %d)",
                    YYMAXDEPTH);
    else
        lexer_error(lx, loc, "%s", msg);
}
