/* ast.c: node construction and the names of node kinds and types. */
#include "ast.h"

const char *const node_kind_names[] = {
#define X(k) #k,
    NODE_KINDS(X)
#undef X
};

const char *binop_name(BinOp op)
{
    static const char *const names[] = {
#define X(k, s) s,
        BIN_OPS(X)
#undef X
    };
    return names[op];
}

const char *clause_kind_name(ClauseKind k)
{
    static const char *const names[] = {
#define X(k, s) s,
        CLAUSE_KINDS(X)
#undef X
    };
    return names[k];
}

const char *pattern_kind_name(PatternKind k)
{
    static const char *const names[] = {
#define X(k, s) s,
        PATTERN_KINDS(X)
#undef X
    };
    return names[k];
}

Node *node_new(Arena *a, NodeKind k, Loc loc)
{
    Node *n = arena_alloc(a, sizeof *n);
    n->kind = k;
    n->loc = loc;
    n->attr = -1;
    n->value = -1;
    return n;
}

const char *type_name(Type t)
{
    switch (t) {
    case T_UNKNOWN: return "unknown";
    case T_VOID: return "nothing";
    case T_INT: return "a number";
    case T_BOOL: return "a truth value";
    case T_PLAYER: return "a player";
    case T_CARD: return "a card";
    case T_TYPE: return "a card type";
    case T_VALUE: return "an attribute value";
    case T_NAME: return "a card name";
    case T_ZONE: return "a zone";
    case T_PLAYERS: return "the players";
    case T_LIST: return "a list";
    case T_CARDSET: return "a set of cards";
    case T_ZONES: return "a held zone without its holder";
    }
    return "?";
}

void ast_walk(Node *n, void (*fn)(Node *n, void *ctx), void *ctx)
{
    _Static_assert(NKIDS == 6, "ast_walk visits six children");
    for (; n; n = n->next) {
        fn(n, ctx);
        /* most children are empty: no call for them (written out, as the
         * compiler does not unroll the loop of six) */
        Node *const *k = n->kid;
        if (k[0])
            ast_walk(k[0], fn, ctx);
        if (k[1])
            ast_walk(k[1], fn, ctx);
        if (k[2])
            ast_walk(k[2], fn, ctx);
        if (k[3])
            ast_walk(k[3], fn, ctx);
        if (k[4])
            ast_walk(k[4], fn, ctx);
        if (k[5])
            ast_walk(k[5], fn, ctx);
    }
}

void ast_walk_const(const Node *n, void (*fn)(const Node *n, void *ctx), void *ctx)
{
    for (; n; n = n->next) {
        fn(n, ctx);
        for (int i = 0; i < NKIDS; i++)
            if (n->kid[i]) /* most are empty: no call for them */
                ast_walk_const(n->kid[i], fn, ctx);
    }
}

void ast_walk_node_const(const Node *n, void (*fn)(const Node *n, void *ctx), void *ctx)
{
    if (!n)
        return;
    fn(n, ctx);
    for (int i = 0; i < NKIDS; i++)
        ast_walk_const(n->kid[i], fn, ctx);
}
