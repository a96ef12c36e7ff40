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
    X(PARAM) X(EFFECT) X(LIMITDECL)                                                             \
    /* statements */                                                               \
    X(BLOCK) X(LET) X(ASSIGN) X(IF) X(WHILE) X(LOOP) X(REPEAT) X(FOR) X(BREAK)     \
    X(RETURN) X(MOVE) X(MOVEALL) X(SHUFFLE) X(MENU) X(OPTION) X(EXPRSTMT) X(END)  \
    /* expressions */                                                              \
    X(NUM) X(BOOLLIT) X(NONELIT) X(STR) X(IDENT) X(FIELD) X(INDEX) X(CALL)        \
    X(UNARY) X(BINARY) X(LIST) X(AGG) X(SOURCE) X(TOPCARD) X(CHOOSECARD)          \
    X(CHOOSEPLAYER) X(CHOOSECARDS) X(ASK) X(PLAYERSREF)

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
} Type;

const char *type_name(Type t);

/* Zone flags. */
enum { ZF_PER_PLAYER = 1, ZF_ORDERED = 2 };
enum { VIS_PUBLIC, VIS_OWNER, VIS_HIDDEN };

/* Positions for move. */
enum { POS_TOP, POS_BOTTOM, POS_AT };

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
    X(GT, ">") X(GE, ">=") X(ADD, "+") X(SUB, "-") X(MUL, "*") X(DIV, "/")       \
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

struct Node {
    NodeKind kind;
    Loc loc;
    Node *a, *b, *c, *d;
    Node *next;
    Node *last;             /* on a list's first node while parsing: its end */
    const char *name;       /* identifier, string, label, prompt */
    long long num;          /* number; operator token; flags */
    int op;                 /* operator / aggregate / end kind / position */
    /* filled by the resolver */
    Type type;
    Sym *sym;               /* what an identifier names */
    int attr;               /* T_VALUE / FIELD: attribute index; -1 type; -2 name */
    int value;              /* constant value (type, value or card index) */
    int id;                 /* prompt, label or local slot numbers */
    int helper;             /* code generator: 1 + a choice's helper number */
};

/* What a name stands for. */
typedef enum SymKind {
    S_ZONE, S_GLOBAL, S_PVAR, S_FUNC, S_PROC, S_LOCAL, S_PARAM, S_BUILTIN
} SymKind;

struct Sym {
    SymKind kind;
    const char *name;
    Node *decl;
    Type type;              /* variable type, or result type */
    int index;              /* zone index, variable slot, proc index... */
    int nparams;
    Type params[8];
    bool used;
    bool blocking;          /* a proc whose body may wait for a decision */
    bool reached;           /* a path from main, score or tiebreak calls it */
    bool bad_player;        /* code generator: a player local or parameter that
                             * may hold none or a seat out of range */
    bool called;            /* code generator: a rule calls it */
    PtrVec flows_to;        /* code generator: the player variables this one's
                             * value is given to (bad if it is bad) */
};

/* The whole program: declarations in order, from every rules file and
 * every card effect. */
typedef struct Program {
    PtrVec decls;
    PtrVec effects;         /* N_EFFECT: a card's effect, parsed */
    const SrcFile *first;   /* the first rules file, for file-wide messages */
} Program;

Node *node_new(Arena *a, NodeKind k, Loc loc);
/* Calls fn on n, its children and the rest of its list, depth first. */
void ast_walk(Node *n, void (*fn)(Node *n, void *ctx), void *ctx);

#endif
