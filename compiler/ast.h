/* ast.h: the syntax tree of the rules language.
 *
 * One Node type for declarations, statements and expressions (chibicc's
 * style): a kind, a location, up to four children, a `next` for lists,
 * and fields the resolver fills in. The kinds are one X-macro list, so the
 * enum and the name table cannot drift apart. */
#ifndef CARDC_AST_H
#define CARDC_AST_H

#include "diag.h"

#define NODE_KINDS(X)                                                              \
    /* declarations */                                                             \
    X(GAMEDECL) X(PLAYERSDECL) X(ZONEDECL) X(VARDECL) X(FUNCDECL) X(PROCDECL)      \
    X(PARAM) X(EFFECT) X(CLAUSE) X(PATTERN) X(LIMITDECL) X(PHASESDECL) X(EVENTDECL) \
    X(ORDERDECL) X(WINNERSDECL) X(WINDOWDECL) X(INVARIANTDECL)                      \
    /* statements */                                                               \
    X(PLAY) X(CANCEL) X(BLOCK) X(LET) X(ASSIGN) X(IF) X(WHILE) X(LOOP) X(REPEAT) X(FOR) X(BREAK) \
    X(RETURN) X(MOVE) X(MOVEALL) X(SHUFFLE) X(SORT) X(SHOW) X(MENU) X(OPTION) X(EXPRSTMT) X(END)  \
    X(TURN) X(ROUND) X(PHASE) X(UNTIL) X(AT) X(MODIFIER) X(IMMUNE) X(BOUNDARY)     \
    /* expressions */                                                              \
    X(HISTORY) X(NUM) X(BOOLLIT) X(NONELIT) X(STR) X(IDENT) X(FIELD) X(INDEX) X(CALL)        \
    X(UNARY) X(BINARY) X(LIST) X(POSITION) X(SOURCE) X(TOPCARD) X(CHOOSECARD)          \
    X(CHOOSEPLAYER) X(CHOOSEVALUE) X(CHOOSECARDS) X(ASK) X(PLAYERSREF) X(NAMEWORDS)  \
    /* the words of a prompt or a label built from values */                    \
    X(WORDS)

typedef enum NodeKind {
#define X(k) N_##k,
    NODE_KINDS(X)
#undef X
    N__COUNT
} NodeKind;

extern const char *const node_kind_names[];

/* Types of values in the language. */
typedef enum Type {
    T_UNKNOWN,  /* not resolved, or after an error (silences follow-ups) */
    T_VOID,
    T_INT,
    T_BOOL,
    T_PLAYER,
    T_CARD,     /* a card instance, or none */
    T_TYPE,     /* a card type constant: stress */
    T_VALUE,    /* an attribute value constant: red (attr in Node.attr) */
    T_NAME,     /* a card name: "Nerd" compared with .name */
    T_ZONE,     /* a zone slot: deck, tableau[p] */
    T_PLAYERS,  /* the list of players (for sources) */
    T_LIST,     /* a list literal of ints */
    T_CARDSET,  /* 'chosen' inside such-that */
    T_ZONES,    /* a held zone without its holder: the slots of every holder */
} Type;

const char *type_name(Type t);

/* Zone flags. ZF_IN_PLAY: the cards in the zone are in play (the
 * property `in play`): their effects' clauses other than `play` are live.
 * A held zone (ZF_HELD, `under T`) has one slot per card of type T;
 * ZF_KEEP: its cards stay under a holder that leaves play (else they drop
 * to the zone its declaration names). */
/* ZF_TOP_PUBLIC: `top public`, the top card of an ordered zone is seen by
 * every player whatever the zone's visibility. ZF_REACTS: `reacts`, its
 * cards may answer reaction windows (zone_reacts, sema_reactions.c). */
enum { ZF_PER_PLAYER = 1, ZF_ORDERED = 2, ZF_IN_PLAY = 4, ZF_HELD = 16, ZF_KEEP = 32,
       ZF_TOP_PUBLIC = 64, ZF_REACTS = 128 };
/* What a VARDECL's per_player says: one value, one per seat, one per card. */
enum { VAR_GAME = 0, VAR_PER_PLAYER = 1, VAR_PER_CARD = 2 };

/* Where an effect was written (EFFECT.effect_from). */
typedef enum EffectFrom {
    EFFECT_YAML,        /* a card's `effect:` in cards.yaml */
    EFFECT_CARD,        /* effect "Card Name" { ... } in the rules */
    EFFECT_TYPE,        /* effect TYPE { ... } in the rules: every card of the type */
} EffectFrom;

/* The clauses of an effect (CLAUSE.clause_kind). */
#define CLAUSE_KINDS(X)                                                             \
    X(PLAY, "play")                   /* play [when COND] { ... } */               \
    X(ON, "on")                       /* on PATTERN [where COND] { ... } */        \
    X(INSTEAD, "instead of")          /* instead of PATTERN [where COND] { ... } */ \
    X(REACT, "react to")              /* react to PATTERN [where COND] { ... } */  \
    X(WHILE_IN_PLAY, "while in play") /* while in play { ... } */
typedef enum ClauseKind {
#define X(k, s) CLAUSE_##k,
    CLAUSE_KINDS(X)
#undef X
} ClauseKind;
/* The clause's opening words as written: "play", "instead of". */
const char *clause_kind_name(ClauseKind k);

/* CLAUSE_REACT's which: `reveal to`, a reaction whose card is not played. */
enum { REACT_REVEALS = 1 };

/* What a PATTERN listens to (PATTERN.pat_kind). */
#define PATTERN_KINDS(X)                                                            \
    X(ENTERS, "enters")   /* c enters Z [from Z2] */                               \
    X(LEAVES, "leaves")   /* c leaves Z */                                         \
    X(PLAYED, "played")   /* c played */                                           \
    X(EVENT, "event")     /* NAME(x, y): a user event */                           \
    X(START, "start of")  /* start of turn | round | PHASE */                      \
    X(END, "end of")      /* end of turn | round | PHASE */
typedef enum PatternKind {
#define X(k, s) PAT_##k,
    PATTERN_KINDS(X)
#undef X
} PatternKind;
const char *pattern_kind_name(PatternKind k);
enum { VIS_PUBLIC, VIS_OWNER, VIS_HIDDEN };

/* Positions for move. */
enum { POS_TOP, POS_BOTTOM, POS_AT };

/* Boundaries of time: the edge of a unit, and which one (BOUNDARY). The
 * units are turns, rounds and the phases declared, in that order. */
enum { EDGE_START, EDGE_END };
enum { WHICH_THIS, WHICH_NEXT };
enum { UNIT_TURN, UNIT_ROUND, UNIT_PHASE0 };

/* Aggregates. */
#define AGG_KINDS(X) X(COUNT, "count") X(ANY, "any") X(ALL, "all") X(SUM, "sum") \
    X(MIN, "min") X(MAX, "max") X(DISTINCT, "distinct")
typedef enum AggKind {
#define X(k, s) AGG_##k,
    AGG_KINDS(X)
#undef X
} AggKind;

/* Binary operators: the compiler's own, mapped from tokens once in the
 * grammar, so no later phase sees a token number. */
#define BIN_OPS(X)                                                               \
    X(OR, "or") X(AND, "and") X(EQ, "==") X(NE, "!=") X(LT, "<") X(LE, "<=")     \
    X(GT, ">") X(GE, ">=") X(IN, "in") X(ADD, "+") X(SUB, "-") X(MUL, "*") X(DIV, "/")       \
    X(MOD, "%")
typedef enum BinOp {
#define X(k, s) OP_##k,
    BIN_OPS(X)
#undef X
} BinOp;

/* The operator as written in the rules: "<=", "and". */
const char *binop_name(BinOp op);
/* + - * / %: computed by the checked helpers of the generated code. */
static inline bool binop_arith(BinOp op) { return op >= OP_ADD; }

/* Unary operators: -e, not e. */
typedef enum UnOp { UOP_NEG, UOP_NOT } UnOp;
/* Assignments: x = e, x += e, x -= e. */
typedef enum AssignOp { ASSIGN_SET, ASSIGN_ADD, ASSIGN_SUB } AssignOp;

typedef struct Node Node;
typedef struct Sym Sym;
struct Need; /* sema_int.h: why a condition can never hold */

/* The helpers the emitter writes beside the rules' code, by family. The
 * analysis numbers each family from 0 on its own (Node.helper_no); a
 * helper's C name is its family's prefix and its number: list0, opts3. */
#define HELPER_FAMILIES(X)                                                         \
    X(LIST, "list")   /* an indexed list literal; the values a loop walks */      \
    X(OPTS, "opts")   /* the options of a choice of a card or a player */         \
    X(SETS, "sets")   /* the sets of a 'choose cards' (and its such, caps) */      \
    X(AGG, "agg")     /* count, any, every, sum, min, max, distinct, first */     \
    X(MVALL, "mvall") /* a 'move all' */
typedef enum HelperFamily {
#define X(k, s) HELPER_##k,
    HELPER_FAMILIES(X)
#undef X
    HELPER__COUNT
} HelperFamily;

/* What a SOURCE walks (set by the checker). */
typedef enum SourceKind {
    SRC_ZONE,       /* the cards of a zone, bottom to top */
    SRC_PLAYERS,    /* the players, in seat order */
    SRC_VALUES,     /* the values of an attribute: values(color), or the
                     * names of the card list: values(T.name) */
    SRC_RANGE,      /* the numbers lo..hi of a 'choose ... from lo..hi':
                     * in = a LIST of lo and hi */
    SRC_CHOSEN,     /* the candidate set of a 'such that': chosen */
    SRC_HELD,       /* the cards of every holder's slot of a held zone,
                     * slot by slot (holders in cards.yaml order), each
                     * bottom to top */
} SourceKind;

/* Which property of a card a FIELD reads, and which attribute a T_VALUE
 * constant belongs to: an attribute index (>= 0), or one of these. */
enum { ATTR_TYPE = -1, ATTR_NAME = -2 };

/* A node of the tree. What a node holds depends on its kind; every kind is
 * listed here with the fields it uses: first what the parser gives, then
 * (after ';') what the checker fills in. Children and scalars are unions
 * whose members are named for their role in each kind (a BINARY's `lhs`
 * is the same pointer as an IF's `cond`); read a node only through the
 * names its kind lists. Lists are chained through `next`.
 * What the analysis fills in is listed at the end of the struct, each
 * field with the kinds it is for.
 *
 * Declarations
 *   GAMEDECL      name = the game's name
 *   PLAYERSDECL   min_players, max_players
 *   LIMITDECL     name = what is limited ('decisions', 'lasting'), limit
 *   PHASESDECL    items = IDENT list of the phases, in order
 *   ORDERDECL     `triggers chosen by WHO`: name = WHO as written
 *                 ('controller'), how = IDENT of it
 *   WINNERSDECL   `winners: lowest score, ...`: items = IDENT list, each
 *                 the direction as written ('lowest', 'highest') whose
 *                 word is the IDENT of what it ranks ('score', 'tiebreak')
 *   ZONEDECL      name, flag_list = IDENT list of the flags as written
 *                 (`under T` is an IDENT "under" whose word is the IDENT
 *                 T, `drop to Z` one "drop to" whose word is Z);
 *                 zflags (ZF_*), vis (VIS_*), zone_no = its index in
 *                 Game.zones, first_slot; for a held zone (ZF_HELD)
 *                 holder_type = the type of its holders, and sym = the
 *                 zone its cards drop to (NULL with ZF_KEEP)
 *   VARDECL       name, type, init = initial value, per_player (VAR_GAME,
 *                 VAR_PER_PLAYER or VAR_PER_CARD), shown = IDENT of the
 *                 word after ', ' (public, owner, hidden) or NULL; vis
 *                 (VIS_*, VIS_HIDDEN without the word), var_no = its
 *                 index in Game.globals, Game.pvars or Game.cvars; a
 *                 variable of an attribute's values (`var v: suit =
 *                 red`): type T_VALUE, how = IDENT of the attribute;
 *                 attr = its index (-1 after an error)
 *   FUNCDECL      name, params = PARAM list, type = result type, shown
 *                 and vis as for VARDECL, and
 *                 either expr_body (func f(): int = e) or body (a BLOCK);
 *                 a func of an attribute's values (`func f(): suit`):
 *                 type T_VALUE, result_how = IDENT of the attribute, else
 *                 NULL; attr = its index (-1 after an error);
 *                 nlocals = its frame slots (params first; the next one
 *                 is the answer of an 'ask' in a condition)
 *   PROCDECL      name, params, type (T_VOID without a result), body,
 *                 result_how and attr as for FUNCDECL;
 *                 nlocals; for the proc the checker makes of an 'at'
 *                 block, sym = the rule it is written in (the block's
 *                 frame slots are that rule's)
 *                 (an event's body: asks, declines as its EVENTDECL's)
 *   PARAM         name, type, how = IDENT of its card type (an event's
 *                 parameter 'loc: location', type T_CARD) or of the
 *                 attribute whose values it holds (a func's or a proc's
 *                 `s: suit`: type T_VALUE, attr = its index) or NULL;
 *                 sym, value = that card type's index (-1 for none)
 *   EVENTDECL     name, params, body (a BLOCK); asks, declines = OPTION or
 *                 NULL: the question and the label of its reaction window
 *                 (`asks "..."`, `declines "..."`; an OPTION's which is 0
 *                 for asks, 1 for declines); reopens = the OPTION of
 *                 `reopens` (which 2: its window opens again after a
 *                 reaction whose play was stopped) or NULL; sym = the event (S_EVENT),
 *                 nlocals
 *   INVARIANTDECL `invariant "TEXT": COND`: name = TEXT, cond = COND; sym =
 *                 the func of no parameters the checker makes of COND
 *                 (cname `N_invariant`), listed in Game.invariants
 *   WINDOWDECL    `window for PATTERN { WORDS }`: the words of a window the
 *                 runtime opens; window_of = PATTERN (`c played`), asks,
 *                 declines, reopens as EVENTDECL's; sym = the proc the
 *                 checker makes to check the words in (its one parameter
 *                 the card, PARAM.announced), listed in no Game table
 *   EFFECT        the effect of one card or of one type: clauses = CLAUSE
 *                 list, effect_from (EffectFrom), name = the card's name
 *                 (EFFECT_YAML, EFFECT_CARD) or the type's (EFFECT_TYPE);
 *                 card_no = the card's index (set by the parser for
 *                 EFFECT_YAML, by the checker for EFFECT_CARD), or
 *                 type_no = the type's index (EFFECT_TYPE, checker).
 *                 The short form of cards.yaml, `[when COND] STATEMENTS`,
 *                 is parsed as one CLAUSE_PLAY whose loc is the effect's
 *   CLAUSE        clause_kind (ClauseKind), pattern = PATTERN (NULL for
 *                 play and while in play), cond = its 'when' / 'where' or
 *                 NULL, body = BLOCK (of MODIFIER nodes for while in
 *                 play); for CLAUSE_REACT, into = the zone of `react to
 *                 ... to ZONE` (the card is played there) or NULL, and
 *                 which = REACT_REVEALS for `reveal to` (the card is not
 *                 played) or 0; sym = the proc the checker makes of
 *                 a play clause (params me, this), nlocals = the frame
 *                 slots of its cond (checked as a func of me, this);
 *                 handler_no = an `on` clause's number in Game.handlers.
 *                 A top-level `on` of the rules is a CLAUSE_ON too
 *   PATTERN       pat_kind (PatternKind); PAT_ENTERS, PAT_LEAVES,
 *                 PAT_PLAYED: name = the card's bound name, zone = the
 *                 zone (ENTERS, LEAVES), from = the zone it leaves
 *                 (ENTERS with 'from') or NULL; PAT_EVENT: name = the
 *                 event, args = IDENT list of the names its arguments
 *                 bind; PAT_START, PAT_END: name = what starts or ends
 *                 ('turn', 'round' or a phase's name), how = IDENT of it;
 *                 zone_no = the zone's index (ENTERS, LEAVES), from_zone =
 *                 that of 'from' (-1 without); sym = the event (PAT_EVENT);
 *                 value = the boundary's number (START, END: the event's
 *                 first value, which the handler's tests compare)
 * Statements
 *   BLOCK         stmts = statement list
 *   PLAY          card, by = the player who plays it or NULL (me), to =
 *                 the zone it moves to first or NULL
 *   CANCEL        (in an 'instead of' or 'react to' clause: the event the
 *                 clause is before does not happen)
 *   LET           name, init = an expression or a decision; sym (its
 *                 frame slot is sym->index)
 *   ASSIGN        target = IDENT or INDEX, rhs, assign_op
 *   IF            cond, then = BLOCK, els = BLOCK, IF or NULL
 *   WHILE         cond, body
 *   LOOP          block
 *   REPEAT        count, body; slot = the counter's frame slot
 *   FOR           name = the loop variable, iter = SOURCE or a list
 *                 expression, body, from = the first player or NULL;
 *                 slot = the loop index's frame slot (slot + 1 holds
 *                 the first player of 'from'); simultaneous (`for q in
 *                 players simultaneously`): slot + 2 .. slot + 1 + the
 *                 game's most players hold each seat's answer to the
 *                 body's first statement, a LET of a choice or a MENU
 *                 (the option taken)
 *   MOVE          card, to = a zone, pos = POSITION or NULL (on top)
 *   MOVEALL       cards = SOURCE, to, pos
 *   SHUFFLE       zone
 *   SORT          zone, by = IDENT list of the keys as written; each
 *                 key's attr (ATTR_TYPE, ATTR_NAME or an attribute index)
 *                 and descending (1: written '-KEY', the highest first)
 *   SHOW          `show CARDS to WHO`: cards = what is shown (a card, a
 *                 zone, or a SOURCE of a zone with 'where'; the checker
 *                 makes a zone a SOURCE too), size = N of 'top N of' or
 *                 NULL, to = whom (a SOURCE: a player expression, or
 *                 players with 'where'; PLAYERSREF for 'all');
 *                 slot = a frame slot for the seats shown to
 *   MENU          who = the deciding player, name = prompt text,
 *                 options = OPTION list, words = WORDS or NULL (every
 *                 decision and OPTION: the values its prompt or label
 *                 is built from); prompt = prompt index,
 *                 taken_slot = frame slot of the option taken
 *   OPTION        name = label text, guard = 'when' or NULL, body = BLOCK
 *                 (NULL for a choice's 'else'); label = label index
 *   EXPRSTMT      call = a CALL
 *   RETURN        result = the value returned, or NULL
 *   BREAK
 *   END           name = how it ends ('draw') or NULL, how = IDENT of it
 * Time (sema_time.c, cgen_time.c)
 *   TURN          who = the player whose turn it is, body = BLOCK; slot =
 *                 the frame slot that keeps active() of before the turn
 *                 (slot + 1 keeps a result returned from inside it)
 *   ROUND         body; slot (as TURN)
 *   PHASE         name = the phase, body; value = its time unit, slot
 *   BOUNDARY      name = the unit as written (turn, round or a phase),
 *                 edge (EDGE_START, EDGE_END), which (WHICH_THIS,
 *                 WHICH_NEXT); value = the time unit (UNIT_TURN,
 *                 UNIT_ROUND, UNIT_PHASE0 + the phase's index)
 *   UNTIL         boundary, mods = MODIFIER and IMMUNE list, scope = the
 *                 player of `until ... for P` or NULL; lasting_no = its
 *                 index in Game.lasting, slot = with a scope, the frame
 *                 slot that keeps P's value (its row keeps it as cap[0])
 *   AT            boundary, body = BLOCK; lasting_no, sym = the proc the
 *                 checker makes of the block
 *   MODIFIER      call = CALL of the func changed, its arguments the names
 *                 bound to its parameters; assign_op, rhs, when = 'when'
 *                 or NULL; sym = the func, mod_no = its index in
 *                 Game.mods, lasting_no = its UNTIL's (-1 for a card's
 *                 'while in play'), cont_no = the index of that clause
 *                 in Game.continuous (-1 for an UNTIL's); scope_arg =
 *                 in an UNTIL with a scope, the index of the func's
 *                 parameter of type player that must be the scope's
 *                 player (-1 otherwise)
 *   IMMUNE        `immune to EVENT` in an UNTIL with a scope: name = the
 *                 event, how = IDENT of it; sym = the event (S_EVENT),
 *                 lasting_no = its UNTIL's
 * Decisions (statements, or the value of a let)
 *   ASK           who, name = prompt text; prompt
 *   CHOOSECARD,   who, name, src = SOURCE, els = OPTION ('else') or NULL;
 *   CHOOSEPLAYER  prompt; a CHOOSECARD across players' zones (`from
 *                 tasks[q] for q in players where ...`): each = the
 *                 SOURCE of the players whose zone src is, its element q
 *                 in scope in src (src->in is ZONE[q])
 *   CHOOSEVALUE   `choose P "prompt" from values(...)` or `from lo..hi`:
 *                 who, name, src = SOURCE (SRC_VALUES or SRC_RANGE; a
 *                 name and a 'where' with `v in ...`), els = OPTION or
 *                 NULL (refused); prompt, attr (the attribute of a value
 *                 of type T_VALUE), value = the index in Game.labels of
 *                 the template of every option's label ("{w0}", "{n0}")
 *   CHOOSECARDS   who, name, src, into = the zone they go to, size = LIST
 *                 of the smallest and largest size, such = 'such that' or
 *                 NULL; prompt, set_no = its index in Game.sets
 * Expressions
 *   NUM           literal = the number
 *   POSITION      where 'move ... to z' puts the card: pos_kind (POS_TOP,
 *                 POS_BOTTOM, POS_AT), at = the position of 'at e'
 *   BOOLLIT       literal (0 or 1)
 *   NONELIT, PLAYERSREF
 *   STR           name = the string; value = the card it names, if any
 *   NAMEWORDS     name = the words that name_has(c, "words") looks for in a
 *                 card's name (a STR the checker made so: no card's name)
 *   IDENT         name (a zone flag: word = the name after it); sym (and
 *                 attr = Sym.attr: a local or variable of values), or a
 *                 constant: T_TYPE value = type index,
 *                 T_VALUE attr and value = value index, T_ZONE value =
 *                 zone index
 *   FIELD         base = a card expression (NULL: the card of a filter,
 *                 in frame slot `slot`), name; attr
 *   INDEX         base, index
 *   HISTORY       `count(EVENT(ARGS) [, UNIT])` or `any(...)`, made so by
 *                 the checker from the CALL (sema_history.c): args = the
 *                 one argument named (a card or a player) or NULL;
 *                 builtin = B_COUNT or B_ANY, sym = the event,
 *                 history_no = its index in Game.histories
 *   CALL          name, args = argument list; sym (a func or proc) or
 *                 builtin, over_source (sum, min or max over a SOURCE),
 *                 attr (the attribute of distinct(...) and values(...))
 *   UNARY         unop, operand
 *   BINARY        binop, lhs, rhs (OP_IN: lhs a card, rhs a zone, or a
 *                 held zone without its holder)
 *   LIST          items; nitems
 *   TOPCARD       zone, pos_kind (POS_TOP or POS_BOTTOM)
 *   SOURCE        name = the element's variable or NULL, in = what it
 *                 walks (a zone, players, values(...) or chosen),
 *                 filter = 'where' or NULL; src_kind, slot = the
 *                 element's frame slot, sym = the element when named,
 *                 attr = the attribute whose values SRC_VALUES walks
 *                 (ATTR_NAME: the card names)
 * Words built from values (sema_words.c, LANGUAGE.md §7)
 *   WORDS         name = the template: the text with each `{EXPR}` made
 *                 `{K}` (K its place, from 0; `{{` and `}}` stay), items =
 *                 the expressions, in order; nitems = how many
 */
enum { NKIDS = 6 };  /* children a node may have (kid[] below) */

struct Node {
    NodeKind kind;
    Loc loc;
    /* The children. Each role name aliases one position (a BINARY's `lhs`
     * and an IF's `cond` are both the first child): read a child through
     * the role names its kind lists above. A walker that visits every
     * child whatever its role (ast_walk) reads them as kid[0..NKIDS-1]. */
    union {
        Node *kid[NKIDS];
        struct {
            union { Node *init, *params, *guard, *flag_list, *clauses, *boundary, *word,
                    *stmts, *result, *target, *cond, *block, *count, *iter, *card,
                    *cards, *zone, *who, *call, *in, *at, *base, *args, *operand,
                    *lhs, *items; };
            union { Node *body, *rhs, *then, *to, *options,
                     *src, *filter, *index, *how, *mods, *window_of; };
            union { Node *expr_body, *els, *from, *pos, *into, *by, *when, *reopens, *scope; };
            union { Node *size, *pattern, *shown, *asks, *each; };
            union { Node *such, *declines; };
            union { Node *words, *result_how; };
        };
    };
    Node *next;             /* the next node of a list */
    Node *last;             /* on a list's first node while parsing: its end */
    const char *name;       /* identifier, string, label, prompt */
    union { long long literal, min_players, limit, per_player,
            zflags, nitems, over_source, taken_slot, which, cont_no, descending; };
    union { int max_players, vis, pos_kind, edge; BinOp binop;
            UnOp unop; AssignOp assign_op; int builtin; SourceKind src_kind;
            EffectFrom effect_from; ClauseKind clause_kind; PatternKind pat_kind; };
    /* filled by the checker */
    Type type;
    Sym *sym;               /* what an identifier, a call or a let names */
    union { int attr;       /* ATTR_TYPE, ATTR_NAME or an attribute index */
            int holder_type;    /* ZONEDECL with ZF_HELD: its holders' type */
            int scope_arg; };   /* MODIFIER: see above */
    union { int value, zone_no, card_no, type_no, set_no, handler_no, lasting_no,
            history_no; };  /* a constant; an index */
    union { int prompt, label, slot, first_slot, var_no,
            nlocals, from_zone, mod_no; };
    /* filled by the analysis (analyse.c), for the nodes of funcs and procs */
    int helper_no;          /* the number of the node's helper in its family
                             * (HelperFamily), -1 for none or not reached:
                             * LIST indexed by an INDEX and FOR over values(...)
                             * (list), CHOOSECARD and CHOOSEPLAYER (opts),
                             * CHOOSECARDS (sets, such, caps), an aggregate
                             * CALL (agg), MOVEALL (mvall) */
    bool seat_in_range;     /* any expression: its value is surely a seat,
                             * 0 <= e < player_count() (seat(), next(), a
                             * player choice without 'else', a player local
                             * or parameter not Sym.bad_player): it indexes
                             * zones and variables without a check */
    bool kinds_known;       /* SOURCE: the set of card kinds it keeps is known
                             * before the game (a source of cards, at most 64
                             * kinds, no filter or one that tests the card
                             * alone against constants) */
    bool heap;              /* SOURCE: the cards of an unordered zone, whose
                             * cards the state lists by kind (<= 64 kinds) */
    bool kind_level;        /* SOURCE of cards with a filter that reads the
                             * card only through its kind and does nothing
                             * that depends on how often or in which order it
                             * runs: testing it once per kind changes nothing */
    bool memo_read;         /* ZONEDECL: a func that may keep its answers reads
                             * the zone: a move in or out calls memo_write */
    bool simultaneous;      /* FOR: written `simultaneously`: its body's
                             * first statement, a choice, is asked of every
                             * seat before the rest runs for any */
    bool announced;         /* MENU, ASK, CHOOSE*: written `public`: the
                             * answer is announced to every seat; PARAM:
                             * a card every seat sees (the card of the
                             * window before a card played, WINDOWDECL) */
    bool secret;            /* VARDECL hidden: some value given it reads what
                             * not every seat sees (sema_var_secrets.c): the
                             * search agents' deals set it to its start value */
    bool by_kind;           /* CHOOSECARD, CHOOSECARDS: the options come by
                             * kind from an unordered zone (src is heap and
                             * kinds_known) */
    bool distinct_per_kind; /* CALL distinct: its source is kinds_known, and
                             * every kind kept has a value of the attribute,
                             * no two the same: distinct counts kinds */
    bool implied_by_caps;   /* a conjunct of a 'such that' (the condition
                             * split at its 'and's): a distinct(...) ==
                             * count(...) that one_per_kind guarantees; the
                             * emitter leaves it out */
    unsigned long long kinds;          /* SOURCE with kinds_known: the kinds it
                                        * keeps, bit k for card kind k */
    unsigned long long kinds_possible; /* SOURCE with kind_level: the kinds the
                                        * filter may keep, all but those its
                                        * leading conjuncts on the card alone
                                        * rule out */
    unsigned long long one_per_kind;   /* CHOOSECARDS: the kinds of which the
                                        * 'such that' allows at most one card
                                        * (bit k for kind k) */
};
/* kid[] and the role names are the same storage. */
_Static_assert(offsetof(Node, kid[1]) == offsetof(Node, body) &&
               offsetof(Node, kid[3]) == offsetof(Node, size) &&
               offsetof(Node, kid[4]) == offsetof(Node, such), "kid[] aliases the children");

/* What a name stands for. */
typedef enum SymKind {
    S_ZONE, S_GLOBAL, S_PVAR, S_FUNC, S_PROC, S_LOCAL, S_PARAM, S_BUILTIN,
    S_CVAR,                 /* a per-card variable */
    S_EVENT,    /* a user event: index = its number in Game.events, body =
                 * the proc of its body (named as the event) */
    S_EVVAL     /* `by` (index 0) or `cause` (index 1) of the event in
                 * progress, in an event's body or a handler: no frame slot */
} SymKind;

struct Sym {
    SymKind kind;
    const char *name;
    Node *decl;
    const char *cname;      /* FUNC, PROC: the name its C functions are made
                             * of (proc_CNAME, fn_CNAME, P_CNAME): the
                             * rules' name; for what an effect's clause is
                             * made into, a number first, which no name of
                             * the rules has */
    Node *clause;           /* FUNC, PROC: the CLAUSE it is made of (its
                             * body, or a play clause's guard), or NULL */
    Type type;              /* variable type, or result type */
    int attr;               /* of type T_VALUE (a local, a parameter, a
                             * variable): the attribute whose values it
                             * holds, -1 unknown (after an error) */
    int index;              /* zone index, variable slot, proc index... */
    int nparams;
    Type params[8];
    bool used;
    bool blocking;          /* a proc whose body may wait for a decision */
    Sym *body;              /* EVENT: the proc of its body */
    unsigned long long kinds_may; /* LOCAL, PARAM of type card: the card kinds
                             * it may hold (bit k: kind k), sema_kinds.c */
    /* filled by the analysis (analyse.c) */
    bool reached;           /* FUNC, PROC: a path from main, score or tiebreak
                             * calls it; only these are emitted */
    bool called;            /* FUNC, PROC: a rule calls it */
    bool calls_funcs;       /* FUNC: its body calls a func (itself too): its
                             * calls in progress are counted, not only checked */
    bool look_through;      /* FUNC: of one expression and one card parameter, no
                             * modifier: a filter that gives it the card
                             * tested means its body, and may call it never */
    bool memo;              /* FUNC: its answers are kept per key (its players,
                             * its cards' kinds) while the state it may read
                             * is unwritten (analyse.c, memo_func) */
    bool memo_read;         /* GLOBAL, PVAR, CVAR: a func that may keep its
                             * answers reads it: each write calls memo_write */
    bool memo_read_raw;     /* ... otherwise than compared with a number; if
                             * not, a write calls memo_write only where one of
                             * those comparisons (memo_cmps) changes */
    PtrVec memo_cmps;       /* ... the comparisons: BINARY nodes `v OP n` */
    bool memo_read_other;   /* PVAR: such a func reads it otherwise than as
                             * v[p], p its key's player (memo_key_player):
                             * a write calls memo_write; if not, a write at
                             * seat p calls memo_write_player(p) */
    bool calls_procs;       /* PROC: its body calls a proc, raises an event or
                             * plays a card (itself too): each of its calls is
                             * a step of the work between two decisions */
    bool bad_player;        /* LOCAL, PARAM of type player: it may hold none
                             * or a seat out of range */
    PtrVec flows_to;        /* LOCAL, PARAM of type player: the player
                             * variables its value is given to (bad if it is) */
    PtrVec modifiers;       /* FUNC: the MODIFIER nodes that change its value */
    int chain;              /* FUNC: the most func calls that may be in progress
                             * at once from a call of it, itself included
                             * (analyse.c, func_chain); 0 not yet known, -1
                             * being worked out */
    int depth_in;           /* PROC: the most frames of the direct copy in use
                             * when it is entered, at most max_depth; -1 not
                             * known (analyse.c, proc_depths) */
    bool depth_sure;        /* PROC: entered with fewer than MAXDEPTH frames in
                             * use always: its direct copy checks no depth */
    bool depth_uncounted;   /* PROC: depth_sure, and so is every proc it may
                             * start: its frame is not counted either */
    /* filled by sema_holders.c, in a game with held zones */
    PtrVec values;          /* LOCAL of type card: the values 'let' and '='
                             * give it */
    bool may_hold;          /* LOCAL of type card: it may hold a card of the
                             * holder type being checked */
    /* filled by sema_needs.c (FUNC, PROC): why no path of the game can run
     * it, or NULL; its calls that may run; why the first of the others
     * cannot */
    const struct Need *dead;
    int live_calls;
    const struct Need *dead_call;
};

/* The whole program: declarations in order, from every rules file and
 * every card effect. */
typedef struct Program {
    PtrVec decls;
    PtrVec effects;         /* N_EFFECT of cards.yaml (EFFECT_YAML), parsed; the
                             * effects of the rules are in decls */
    const SrcFile *first;   /* the first rules file, for file-wide messages */
    PtrVec shared;          /* SharedUse*: effects used through a YAML alias */
    StrMap effect_names;    /* the identifiers of the effects of cards.yaml,
                             * interned once for all of them */
} Program;

/* A card's effect written as an alias of an anchored text: the text is
 * [from, to] of the card file, and the card uses it at `use`. Whatever is
 * said inside the text is said once, there, with a note at each use. */
typedef struct SharedUse {
    Loc from, to;
    Loc use;
    const char *card;
} SharedUse;

Node *node_new(Arena *a, NodeKind k, Loc loc);
/* Calls fn on n, its children and the rest of its list, depth first. */
void ast_walk(Node *n, void (*fn)(Node *n, void *ctx), void *ctx);
/* The same walk, for readers that change nothing (the emitter). */
void ast_walk_const(const Node *n, void (*fn)(const Node *n, void *ctx), void *ctx);
/* The same, of n and its children only: not of the nodes listed after it
 * (one statement of a block). */
void ast_walk_node_const(const Node *n, void (*fn)(const Node *n, void *ctx), void *ctx);

#endif
