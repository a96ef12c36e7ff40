/* ynode.c: libyaml events -> YNode tree with positions and limits. */
#include "ynode.h"

#include <stdlib.h>
#include <string.h>
#include <yaml.h>

const YamlLimits yaml_default_limits = {
    .max_depth = 64,
    .max_nodes = 20 * 1000 * 1000,
    .max_scalar = 1 << 20,
};

const char *ykind_name(YKind k)
{
    return k == YN_SCALAR ? "scalar" : k == YN_SEQ ? "list" : "map";
}

const char *ynode_describe(const YNode *n)
{
    if (n->kind == YN_SEQ)
        return "a list";
    if (n->kind == YN_MAP)
        return "a map";
    if (n->quoted)
        return "a string";
    if (n->len == 0)
        return "an empty value";
    const char *s = n->str;
    if (*s == '-' || *s == '+')
        s++;
    if (*s >= '0' && *s <= '9')
        return "a number";
    return "a string";
}

typedef struct Anchor {
    const char *name;
    YNode *node;
    long long weight;
} Anchor;

typedef struct Open {
    YNode *node;
    int base;                   /* its first item in Loader.kids */
    long long weight;
    const char *anchor;
} Open;

typedef struct Loader {
    const SrcFile *f;
    Diags *d;
    Arena *a;
    const YamlLimits *lim;
    Open *stack;
    int depth, cap;
    YNode **kids;               /* items of the open collections, on the heap */
    int nkids, capkids;
    StrMap anchors;             /* name -> Anchor*, the latest definition */
    long long total;
    bool failed;
} Loader;

static Loc mark_loc(const SrcFile *f, yaml_mark_t m)
{
    Loc l = {f, (int)m.line + 1, (int)m.column + 1, 1};
    return l;
}

static void add_anchor(Loader *L, const char *name, YNode *node, long long w)
{
    if (!name)
        return;
    Anchor *an = strmap_get(&L->anchors, name);
    if (!an) {
        an = arena_alloc(L->a, sizeof *an);
        an->name = arena_strdup(L->a, name);
        strmap_put(L->a, &L->anchors, an->name, an);
    }
    an->node = node; /* a redefinition replaces the earlier one */
    an->weight = w;
}

static Anchor *find_anchor(Loader *L, const char *name)
{
    return strmap_get(&L->anchors, name);
}

/* Adds a finished node of weight w (nodes after expansion) to the open
 * collection, or makes it the root; fresh of them are new to the total
 * (1 for a scalar or a closed collection, whose items came before; all of
 * them for an alias). */
static bool attach(Loader *L, YNode *node, long long w, long long fresh, YNode **root,
                   Loc at)
{
    L->total += fresh;
    if (L->total > L->lim->max_nodes) {
        diag_error(L->d, at,
                   "document too large: more than %lld nodes after alias expansion "
                   "(limit max_nodes)", L->lim->max_nodes);
        return false;
    }
    if (L->depth == 0) {
        *root = node;
        return true;
    }
    Open *o = &L->stack[L->depth - 1];
    if (L->nkids == L->capkids) {
        int cap = L->capkids ? L->capkids * 2 : 256;
        YNode **k = realloc(L->kids, sizeof *k * (size_t)cap);
        if (!k) {
            diag_error(L->d, at, "out of memory");
            return false;
        }
        L->kids = k;
        L->capkids = cap;
    }
    L->kids[L->nkids++] = node;
    o->weight += w;
    if (o->weight > L->lim->max_nodes) {
        diag_error(L->d, at,
                   "document too large: more than %lld nodes after alias expansion "
                   "(limit max_nodes)", L->lim->max_nodes);
        return false;
    }
    return true;
}

YNode *yaml_load(const SrcFile *f, const YamlLimits *lim, Diags *d)
{
    Loc whole = {f, 1, 1, 1};
    if (memchr(f->text, '\0', f->len)) {
        size_t off = (size_t)((const char *)memchr(f->text, '\0', f->len) - f->text);
        int line = 1, col = 1;
        for (size_t i = 0; i < off; i++) {
            if (f->text[i] == '\n') {
                line++;
                col = 1;
            } else if (((unsigned char)f->text[i] & 0xC0) != 0x80) {
                col++;
            }
        }
        Loc at = {f, line, col, 1};
        diag_error(d, at, "not a text file: NUL byte at offset %zu", off);
        return NULL;
    }

    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        diag_error(d, whole, "cannot initialise the YAML parser");
        return NULL;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)f->text, f->len);

    Loader L = {.f = f, .d = d, .a = d->arena, .lim = lim};
    YNode *root = NULL;
    int docs = 0;
    bool done = false;

    while (!done) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&parser, &ev)) {
            Loc at = mark_loc(f, parser.problem_mark);
            diag_error(d, at, "YAML syntax error: %s",
                       parser.problem ? parser.problem : "unreadable input");
            if (parser.context)
                diag_note(d, mark_loc(f, parser.context_mark), "%s", parser.context);
            L.failed = true;
            break;
        }
        Loc at = mark_loc(f, ev.start_mark);
        switch (ev.type) {
        case YAML_STREAM_END_EVENT:
            done = true;
            break;
        case YAML_DOCUMENT_START_EVENT:
            if (++docs > 1) {
                diag_error(d, at, "expected one YAML document, found a second one");
                L.failed = true;
                done = true;
            }
            break;
        case YAML_SCALAR_EVENT: {
            if (ev.data.scalar.length > lim->max_scalar) {
                diag_error(d, at, "value too long: %zu bytes (limit max_scalar = %zu)",
                           ev.data.scalar.length, lim->max_scalar);
                L.failed = done = true;
                break;
            }
            YNode *n = arena_alloc(L.a, sizeof *n);
            n->kind = YN_SCALAR;
            n->loc = at;
            n->str = arena_strndup(L.a, (const char *)ev.data.scalar.value,
                                   ev.data.scalar.length);
            n->len = ev.data.scalar.length;
            n->quoted = ev.data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
            switch (ev.data.scalar.style) {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: n->style = '\''; break;
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: n->style = '"'; break;
            case YAML_LITERAL_SCALAR_STYLE: n->style = '|'; break;
            case YAML_FOLDED_SCALAR_STYLE: n->style = '>'; break;
            default: n->style = 'p'; break;
            }
            int span = (int)(ev.end_mark.index - ev.start_mark.index);
            n->loc.span = ev.end_mark.line == ev.start_mark.line && span > 0 ? span : 1;
            add_anchor(&L, (const char *)ev.data.scalar.anchor, n, 1);
            if (!attach(&L, n, 1, 1, &root, at))
                L.failed = done = true;
            break;
        }
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT: {
            if (L.depth >= lim->max_depth) {
                diag_error(d, at, "nesting too deep: more than %d levels (limit max_depth)",
                           lim->max_depth);
                L.failed = done = true;
                break;
            }
            if (L.depth == L.cap) {
                int cap = L.cap ? L.cap * 2 : 16;
                Open *s = arena_alloc(L.a, sizeof *s * (size_t)cap);
                if (L.depth)
                    memcpy(s, L.stack, sizeof *s * (size_t)L.depth);
                L.stack = s;
                L.cap = cap;
            }
            YNode *n = arena_alloc(L.a, sizeof *n);
            n->kind = ev.type == YAML_SEQUENCE_START_EVENT ? YN_SEQ : YN_MAP;
            n->loc = at;
            const yaml_char_t *anchor = ev.type == YAML_SEQUENCE_START_EVENT
                                            ? ev.data.sequence_start.anchor
                                            : ev.data.mapping_start.anchor;
            Open *o = &L.stack[L.depth++];
            memset(o, 0, sizeof *o);
            o->node = n;
            o->base = L.nkids;
            o->weight = 1;
            o->anchor = anchor ? arena_strdup(L.a, (const char *)anchor) : NULL;
            break;
        }
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT: {
            /* The items move from the shared stack into the arena, sized
             * exactly. */
            Open o = L.stack[--L.depth];
            int len = L.nkids - o.base;
            if (len) {
                o.node->items = arena_alloc(L.a, sizeof(YNode *) * (size_t)len);
                memcpy(o.node->items, L.kids + o.base, sizeof(YNode *) * (size_t)len);
            }
            L.nkids = o.base;
            o.node->n = o.node->kind == YN_MAP ? len / 2 : len;
            add_anchor(&L, o.anchor, o.node, o.weight);
            if (!attach(&L, o.node, o.weight, 1, &root, o.node->loc))
                L.failed = done = true;
            break;
        }
        case YAML_ALIAS_EVENT: {
            Anchor *an = find_anchor(&L, (const char *)ev.data.alias.anchor);
            if (!an) {
                diag_error(d, at, "unknown alias '*%s'", ev.data.alias.anchor);
                L.failed = done = true;
                break;
            }
            /* A shallow copy that shares the items: diagnostics about the
             * node point at the alias, while expansion stays O(1). */
            YNode *n = arena_alloc(L.a, sizeof *n);
            *n = *an->node;
            n->loc = at;
            n->loc.span = (int)(ev.end_mark.index - ev.start_mark.index);
            n->repeated = false;
            if (!attach(&L, n, an->weight, an->weight, &root, at))
                L.failed = done = true;
            break;
        }
        default:
            break;
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&parser);
    free(L.kids);
    if (L.failed)
        return NULL;
    if (!root) {
        diag_error(d, whole, "empty file: expected a map with the keys 'game', "
                             "'types' and 'cards'");
        return NULL;
    }
    return root;
}
