/* ynode.c: libyaml events -> YNode tree with positions and limits. */
#include "ynode.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

const YamlLimits yaml_default_limits = {
    .max_depth = 64,
    .max_nodes = 20 * 1000 * 1000,
    .max_scalar = 1 << 20,
};

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

/* A place in the text, as libyaml counts it and as an editor shows it. */
typedef struct Cursor {
    size_t index;               /* libyaml's character index */
    size_t off;                 /* its byte offset */
    int line, col;
} Cursor;

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
    int docs;                   /* documents begun so far */
    YNode *root;
    bool failed;
    yaml_event_t ev;            /* the event being handled, */
    bool has_ev;                /* to be deleted if an allocation fails */
    Cursor at;                  /* where the last mark placed is */
    bool plain;                 /* the file is ASCII, its lines end at \n
                                 * alone: libyaml's marks are an editor's */
} Loader;

/* ---- positions -----------------------------------------------------------
 *
 * libyaml's marks count characters (mark.index, not bytes), and start a new
 * line at \r, NEL (U+0085), LS (U+2028) and PS (U+2029) as well as at \n;
 * an editor starts one only at \n (a \r before it ends the line). So
 * positions are worked out again from the text, as an editor shows them:
 * the line counts \n, the column counts characters (a byte that is not a
 * UTF-8 continuation byte starts one), and a byte order mark at the start
 * of the file takes no column. */

/* The bytes of a byte order mark at the start of f (libyaml skips them). */
static size_t bom_length(const SrcFile *f)
{
    return f->len >= 3 && memcmp(f->text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

static Cursor cursor_start(const SrcFile *f)
{
    Cursor c = {0, bom_length(f), 1, 1};
    return c;
}

/* Moves c over the bytes of text up to the first that is not ASCII, at
 * most n of them (one character each): the lines are the \n among them,
 * found by memchr, the column the bytes after the last. */
static void cursor_over_ascii(const char *text, Cursor *c, size_t n)
{
    const char *p = text + c->off;
    size_t k = 0;
    uint64_t word;
    for (; k + 8 <= n; k += 8) { /* eight bytes at a time while all are ASCII */
        memcpy(&word, p + k, 8);
        if (word & 0x8080808080808080u)
            break;
    }
    while (k < n && (unsigned char)p[k] < 0x80)
        k++;
    const char *end = p + k, *line = p, *nl;
    while ((nl = memchr(line, '\n', (size_t)(end - line))) != NULL) {
        c->line++;
        c->col = 1;
        line = nl + 1;
    }
    c->col += (int)(end - line);
    c->off += k;
    c->index += k;
}

/* Moves c forward to libyaml's character index (or to the end of f). */
static void cursor_to_index(const SrcFile *f, Cursor *c, size_t index)
{
    while (c->index < index && c->off < f->len) {
        size_t left = f->len - c->off;
        cursor_over_ascii(f->text, c, index - c->index < left ? index - c->index : left);
        if (c->index >= index || c->off >= f->len)
            break;
        c->off++; /* a character that is not ASCII: its first byte, */
        while (c->off < f->len && ((unsigned char)f->text[c->off] & 0xC0) == 0x80)
            c->off++;
        c->index++;
        c->col++;
    }
}

/* Is f plain: ASCII, with no \r (nor a byte order mark, which is not
 * ASCII)? Then libyaml's lines and columns are an editor's, and its
 * character index a byte offset. */
static bool plain_text(const SrcFile *f)
{
    if (memchr(f->text, '\r', f->len))
        return false;
    size_t i = 0;
    uint64_t word, high = 0;
    for (; i + 8 <= f->len; i += 8) {
        memcpy(&word, f->text + i, 8);
        high |= word;
    }
    for (; i < f->len; i++)
        high |= (unsigned char)f->text[i];
    return !(high & 0x8080808080808080u);
}

/* Moves the loader's cursor to libyaml's mark m. In a plain file the mark
 * says where it is; else the cursor goes on from the last mark it placed:
 * marks come in the document's order, so placing all of them costs one
 * pass over the file (a mark behind the cursor, as an error's context may
 * be, starts it again from the top). */
static void cursor_to_mark(Loader *L, yaml_mark_t m)
{
    if (L->plain) {
        size_t off = m.index < L->f->len ? m.index : L->f->len;
        L->at = (Cursor){off, off, (int)m.line + 1, (int)m.column + 1};
        return;
    }
    if (m.index < L->at.index)
        L->at = cursor_start(L->f);
    cursor_to_index(L->f, &L->at, m.index);
}

/* Where libyaml's mark m is (the loader's cursor is placed there). */
static Loc mark_loc(Loader *L, yaml_mark_t m)
{
    cursor_to_mark(L, m);
    Loc l = {L->f, L->at.line, L->at.col, 1};
    return l;
}

/* The characters from the loader's cursor (just placed at a node's start)
 * to libyaml's mark end, if they stay on one line; 1 if not. The cursor
 * moves to end: the next node starts after it. */
static int span_to(Loader *L, yaml_mark_t end)
{
    Cursor start = L->at;
    cursor_to_mark(L, end);
    if (L->at.line != start.line || L->at.col <= start.col)
        return 1;
    return L->at.col - start.col;
}

/* Where byte offset off of f is (libyaml's reader errors give an offset
 * that counts a byte order mark). Walks from the top: used once, for the
 * error that ends the load. */
static Loc offset_loc(const SrcFile *f, size_t off)
{
    Loc l = {f, 1, 1, 1};
    for (size_t i = bom_length(f); i < off && i < f->len; i++) {
        if (f->text[i] == '\n') {
            l.line++;
            l.col = 1;
        } else if (((unsigned char)f->text[i] & 0xC0) != 0x80) {
            l.col++;
        }
    }
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
static bool attach(Loader *L, YNode *node, long long w, long long fresh, Loc at)
{
    L->total += fresh;
    if (L->total > L->lim->max_nodes) {
        diag_error(L->d, at,
                   "document too large: more than %lld nodes after alias expansion "
                   "(limit max_nodes)", L->lim->max_nodes);
        return false;
    }
    if (L->depth == 0) {
        L->root = node;
        return true;
    }
    Open *o = &L->stack[L->depth - 1];
    if (L->nkids == L->capkids) {
        int cap = L->capkids ? L->capkids * 2 : 256;
        L->kids = xrealloc(L->kids, sizeof *L->kids * (size_t)cap);
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

/* ---- one handler per event kind; each returns false after an error ---- */

/* A document begins: only one is allowed per file. */
static bool on_document_start(Loader *L, Loc at)
{
    if (++L->docs > 1) {
        diag_error(L->d, at, "expected one YAML document, found a second one");
        return false;
    }
    return true;
}

/* The scalar style as YNode.style spells it. */
static char scalar_style(yaml_scalar_style_t style)
{
    switch (style) {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: return '\'';
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return '"';
    case YAML_LITERAL_SCALAR_STYLE: return '|';
    case YAML_FOLDED_SCALAR_STYLE: return '>';
    default: return 'p';
    }
}

/* A scalar: checked against max_scalar, copied into the arena, attached. */
static bool on_scalar(Loader *L, const yaml_event_t *ev, Loc at)
{
    if (ev->data.scalar.length > L->lim->max_scalar) {
        diag_error(L->d, at, "value too long: %zu bytes (limit max_scalar = %zu)",
                   ev->data.scalar.length, L->lim->max_scalar);
        return false;
    }
    YNode *n = arena_alloc(L->a, sizeof *n);
    n->kind = YN_SCALAR;
    n->loc = at;
    n->str = arena_strndup(L->a, (const char *)ev->data.scalar.value, ev->data.scalar.length);
    n->len = ev->data.scalar.length;
    n->quoted = ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
    n->style = scalar_style(ev->data.scalar.style);
    n->src = (unsigned)L->at.off; /* mark_loc placed the cursor at its start */
    n->loc.span = span_to(L, ev->end_mark);
    add_anchor(L, (const char *)ev->data.scalar.anchor, n, 1);
    return attach(L, n, 1, 1, at);
}

/* A list or map begins: it is opened on the stack (within max_depth) and
 * collects its items until its end event. */
static bool on_collection_start(Loader *L, const yaml_event_t *ev, Loc at)
{
    if (L->depth >= L->lim->max_depth) {
        diag_error(L->d, at, "nesting too deep: more than %d levels (limit max_depth)",
                   L->lim->max_depth);
        return false;
    }
    if (L->depth == L->cap) {
        int cap = L->cap ? L->cap * 2 : 16;
        Open *s = arena_alloc(L->a, sizeof *s * (size_t)cap);
        if (L->depth)
            memcpy(s, L->stack, sizeof *s * (size_t)L->depth);
        L->stack = s;
        L->cap = cap;
    }
    bool seq = ev->type == YAML_SEQUENCE_START_EVENT;
    YNode *n = arena_alloc(L->a, sizeof *n);
    n->kind = seq ? YN_SEQ : YN_MAP;
    n->loc = at;
    const yaml_char_t *anchor =
        seq ? ev->data.sequence_start.anchor : ev->data.mapping_start.anchor;
    Open *o = &L->stack[L->depth++];
    memset(o, 0, sizeof *o);
    o->node = n;
    o->base = L->nkids;
    o->weight = 1;
    o->anchor = anchor ? arena_strdup(L->a, (const char *)anchor) : NULL;
    return true;
}

/* A list or map ends: its items move from the shared stack into the arena,
 * sized exactly, and the finished node is attached to its parent. */
static bool on_collection_end(Loader *L)
{
    Open o = L->stack[--L->depth];
    int len = L->nkids - o.base;
    if (len) {
        o.node->items = arena_alloc(L->a, sizeof(YNode *) * (size_t)len);
        memcpy(o.node->items, L->kids + o.base, sizeof(YNode *) * (size_t)len);
    }
    L->nkids = o.base;
    o.node->n = o.node->kind == YN_MAP ? len / 2 : len;
    add_anchor(L, o.anchor, o.node, o.weight);
    return attach(L, o.node, o.weight, 1, o.node->loc);
}

/* An alias: a shallow copy of the anchored node that shares its items, so
 * that diagnostics about it point at the alias while expansion stays O(1);
 * its whole expanded weight counts against max_nodes. A scalar's copy
 * keeps the anchored scalar, whose position its text comes from. */
static bool on_alias(Loader *L, const yaml_event_t *ev, Loc at)
{
    Anchor *an = find_anchor(L, (const char *)ev->data.alias.anchor);
    if (!an) {
        diag_error(L->d, at, "unknown alias '*%s'", ev->data.alias.anchor);
        return false;
    }
    YNode *n = arena_alloc(L->a, sizeof *n);
    *n = *an->node;
    n->loc = at;
    n->loc.span = span_to(L, ev->end_mark);
    n->repeated = false;
    n->alias = true;
    if (n->kind == YN_SCALAR)
        n->anchored = an->node;
    return attach(L, n, an->weight, an->weight, at);
}

/* Hands one event to its handler; the stream's start and end and a
 * document's end need nothing. */
static bool on_event(Loader *L, const yaml_event_t *ev)
{
    switch (ev->type) {
    case YAML_DOCUMENT_START_EVENT:
        return on_document_start(L, mark_loc(L, ev->start_mark));
    case YAML_SCALAR_EVENT:
        return on_scalar(L, ev, mark_loc(L, ev->start_mark));
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT:
        return on_collection_start(L, ev, mark_loc(L, ev->start_mark));
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        return on_collection_end(L);
    case YAML_ALIAS_EVENT:
        return on_alias(L, ev, mark_loc(L, ev->start_mark));
    default:
        return true;
    }
}

/* ---- the loader ---------------------------------------------------------- */

/* Reports a NUL byte in f, which libyaml would take for the end of the
 * input; false if f has none. */
static bool reject_nul_byte(const SrcFile *f, Diags *d)
{
    const char *nul = memchr(f->text, '\0', f->len);
    if (!nul)
        return false;
    size_t off = (size_t)(nul - f->text);
    diag_error(d, offset_loc(f, off), "not a text file: NUL byte at offset %zu", off);
    return true;
}

/* Reports an error of libyaml's reader: bytes that are not UTF-8, or a
 * character YAML does not allow (a control character, such as the ESC of
 * a pasted terminal colour). The reader gives a byte offset: for a UTF-8
 * sequence cut short it is the byte after the sequence's start, and the
 * caret goes to the start, where an editor shows the broken character. */
static void report_reader_error(Loader *L, const yaml_parser_t *parser)
{
    const SrcFile *f = L->f;
    const char *problem = parser->problem ? parser->problem : "unreadable input";
    size_t off = parser->problem_offset;
    if (strstr(problem, "trailing") && off > 0 && off <= f->len) {
        off--; /* back over the sequence's continuation bytes to its start */
        for (int k = 0; k < 2 && off > 0 && ((unsigned char)f->text[off] & 0xC0) == 0x80; k++)
            off--;
    }
    Loc at = offset_loc(f, off);
    if (strstr(problem, "UTF-8") && off < f->len)
        diag_error(L->d, at, "YAML syntax error: invalid UTF-8 (byte 0x%02X)",
                   (unsigned char)f->text[off]);
    else if (parser->problem_value >= 0)
        diag_error(L->d, at, "YAML syntax error: %s (U+%04X)", problem,
                   (unsigned)parser->problem_value);
    else
        diag_error(L->d, at, "YAML syntax error: %s", problem);
}

/* Reports the error that stopped the parser, with its context as a note. */
static void report_syntax_error(Loader *L, const yaml_parser_t *parser)
{
    if (parser->error == YAML_READER_ERROR) {
        report_reader_error(L, parser);
        return;
    }
    Loc at = mark_loc(L, parser->problem_mark);
    diag_error(L->d, at, "YAML syntax error: %s",
               parser->problem ? parser->problem : "unreadable input");
    if (parser->context)
        diag_note(L->d, mark_loc(L, parser->context_mark), "%s", parser->context);
}

/* Feeds the parser's events to the handlers until the stream ends or an
 * error stops it (then L->failed is set). */
static void read_events(Loader *L, yaml_parser_t *parser)
{
    for (;;) {
        if (!yaml_parser_parse(parser, &L->ev)) {
            if (parser->error == YAML_MEMORY_ERROR)
                out_of_memory();
            report_syntax_error(L, parser);
            L->failed = true;
            return;
        }
        L->has_ev = true;
        bool end = L->ev.type == YAML_STREAM_END_EVENT;
        if (!end && !on_event(L, &L->ev))
            L->failed = true;
        yaml_event_delete(&L->ev);
        L->has_ev = false;
        if (end || L->failed)
            return;
    }
}

/* read_events, with allocation failure caught: what libyaml and the
 * loader hold on the heap is freed before the failure goes on to the
 * outer catcher (util.h). */
static void read_events_caught(Loader *L, yaml_parser_t *parser)
{
    jmp_buf env;
    jmp_buf *outer = oom_catch(&env);
    if (setjmp(env)) {
        oom_catch(outer);
        if (L->has_ev)
            yaml_event_delete(&L->ev);
        yaml_parser_delete(parser);
        free(L->kids);
        out_of_memory();
    }
    read_events(L, parser);
    oom_catch(outer);
}

YNode *yaml_load(const SrcFile *f, const YamlLimits *lim, Diags *d)
{
    Loc whole = {f, 1, 1, 1};
    if (reject_nul_byte(f, d))
        return NULL;
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        out_of_memory(); /* its only failure */
    yaml_parser_set_input_string(&parser, (const unsigned char *)f->text, f->len);
    Loader L = {.f = f, .d = d, .a = d->arena, .lim = lim, .at = cursor_start(f),
                .plain = plain_text(f)};
    read_events_caught(&L, &parser);
    yaml_parser_delete(&parser);
    free(L.kids);
    if (L.failed)
        return NULL;
    if (!L.root) {
        diag_error(d, whole, "empty file: expected a map with the keys 'game', "
                             "'types' and 'cards'");
        return NULL;
    }
    return L.root;
}
