/* parse.c: running the scanner and parser over a rules file or an effect,
 * and the helpers the grammar's actions call. */
#include "parse.h"
#include "cardc.h"
#include "parser.tab.h"
#include "yscalar.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Operators, calls and indexes nested in one expression (limit
 * max_expr_depth). Left-associative chains (a + b + c ..., x.f.g ...) grow
 * the tree without growing the parser's stack, and the checker and the
 * emitter recurse over it: without this bound a long sum overflows cardc's
 * C stack. Blocks and parentheses have their own bound (RL_MAX_DEPTH). */
enum { RL_MAX_EXPR_DEPTH = 200 };

/* From the flex scanner (prefix rl). */
typedef void *yyscan_t;
int rllex_init_extra(struct Lexer *extra, yyscan_t *scanner);
int rllex_destroy(yyscan_t scanner);
struct yy_buffer_state *rl_scan_buffer(char *base, size_t size, yyscan_t scanner);
int rlparse(yyscan_t scanner, struct Lexer *lx);
int rlparse_fast(yyscan_t scanner, struct Lexer *lx);
void *rlalloc(size_t n, yyscan_t scanner);
void *rlrealloc(void *p, size_t n, yyscan_t scanner);
void rlfree(void *p, yyscan_t scanner);

/* The scanner's memory (lexer.l: noyyalloc): a failed allocation is
 * out_of_memory() (util.h), not flex's message and exit(2). */
void *rlalloc(size_t n, yyscan_t scanner)
{
    (void)scanner;
    return xmalloc(n);
}

void *rlrealloc(void *p, size_t n, yyscan_t scanner)
{
    (void)scanner;
    return xrealloc(p, n);
}

void rlfree(void *p, yyscan_t scanner)
{
    (void)scanner;
    free(p);
}

/* ---- where an effect's text is ----------------------------------------
 *
 * The scanner counts lines and columns in the text it scans, from 1:1. For
 * a rules file they are the file's. An effect's text is a YAML scalar's, and
 * its characters were written in cards.yaml with quotes, escapes,
 * indentation and folded lines between them: yscalar_map finds where each
 * one was written, and lexer_loc places positions there. */

typedef struct EffectMap {
    YPos *at;                   /* per character of the text, then its end;
                                 * NULL: not found, every position is `use` */
    int nchars;
    int *line_first;            /* per line of the text: its first character */
    int nlines;
    Loc use;                    /* the value where the card has it */
    bool via_alias;             /* written as an alias: positions are in the
                                 * anchored text, which Program.shared
                                 * records with the use */
} EffectMap;

/* The index in the text of the character at line:col of the text. */
static int text_index(const EffectMap *m, int line, int col)
{
    if (line < 1)
        return 0;
    if (line > m->nlines)
        return m->nchars;
    long long i = (long long)m->line_first[line - 1] + col - 1;
    return i < 0 ? 0 : i > m->nchars ? m->nchars : (int)i;
}

/* Where the text from loc's start to its end was written; the span covers
 * it, from its first character to its last, when they were written on one
 * line. */
static Loc effect_loc(const EffectMap *m, const RLLTYPE *loc)
{
    int a = text_index(m, loc->first_line, loc->first_column);
    int b = text_index(m, loc->last_line, loc->last_column);
    YPos p = m->at[a], q = m->at[b > a ? b - 1 : a];
    Loc l = {m->use.file, p.line, p.col, 1};
    if (b > a && q.line == p.line && q.col + q.cols > p.col)
        l.span = q.col + q.cols - p.col;
    return l;
}

/* Finds where each character of text (the effect's, len bytes) is in the
 * YAML file, for lexer_loc; false if it cannot (then m->at is NULL). */
static bool map_effect(EffectMap *m, const YNode *v, const char *text, size_t len)
{
    const YNode *written = v->alias ? v->anchored : v;
    if (!written || !yscalar_map(m->use.file, written, &m->at))
        return false;
    m->nlines = 1;
    for (const char *p = text; (p = memchr(p, '\n', len - (size_t)(p - text))) != NULL; p++)
        m->nlines++;
    m->line_first = xmalloc(sizeof *m->line_first * (size_t)m->nlines);
    m->line_first[0] = 0;
    /* a line's first character: the bytes before it less the continuation
     * bytes of UTF-8 among them (counted only in a text that has any) */
    bool ascii = all_ascii(text, len);
    int line = 0, chars = 0;
    size_t from = 0;
    for (const char *p = text; (p = memchr(p, '\n', len - (size_t)(p - text))) != NULL; p++) {
        size_t to = (size_t)(p - text) + 1;
        chars += ascii ? (int)(to - from) : utf8_count(text + from, to - from);
        m->line_first[++line] = chars;
        from = to;
    }
    m->nchars = chars + (ascii ? (int)(len - from) : utf8_count(text + from, len - from));
    return true;
}

Loc lexer_loc(struct Lexer *lx, const RLLTYPE *loc)
{
    const EffectMap *m = lx->map;
    lx->located++;
    if (m)
        return m->at ? effect_loc(m, loc) : m->use;
    Loc l = {lx->file, loc->first_line, loc->first_column, 1};
    if (loc->last_line == loc->first_line && loc->last_column > loc->first_column)
        l.span = loc->last_column - loc->first_column;
    return l;
}

void lexer_error(struct Lexer *lx, const RLLTYPE *loc, const char *fmt, ...)
{
    char buf[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    diag_error(lx->d, lexer_loc(lx, loc), "%s", buf);
}

/* An effect used through an alias, found in the file: where its text is,
 * and where the card uses it. */
static void record_shared(Arena *a, Program *prog, const EffectMap *m, const CardDef *card)
{
    SharedUse *u = arena_alloc(a, sizeof *u);
    YPos p = m->at[0], q = m->at[m->nchars];
    u->from = (Loc){m->use.file, p.line, p.col, 1};
    u->to = (Loc){m->use.file, q.line, q.col, 1};
    u->use = m->use;
    u->card = card->name;
    vec_push(a, &prog->shared, u);
}

const char *lexer_intern(struct Lexer *lx, const char *s, int len)
{
    if (len > RL_MAX_IDENT)
        len = RL_MAX_IDENT;
    const char *have = strmap_get_n(&lx->names, s, (size_t)len);
    if (have)
        return have;
    char *copy = arena_strndup(lx->keep, s, (size_t)len);
    strmap_put(lx->keep, &lx->names, copy, copy);
    return copy;
}

/* A string's text becomes prompts and labels, which the game writes as
 * JSON: it must be UTF-8. Reports the first byte of s (len bytes, the
 * text between the quotes of the token at loc) that does not start a
 * valid character, at the column an editor shows it: one past the valid
 * characters before it (an editor shows each bad byte as one character). */
static bool check_utf8(struct Lexer *lx, const RLLTYPE *loc, const char *s, int len)
{
    int col = loc->first_column; /* the opening quote's, one character */
    for (int i = 0; i < len;) {
        int k = utf8_seq(s + i, (size_t)(len - i));
        if (k == 0) {
            RLLTYPE at = *loc;
            at.first_column = col + 1;
            at.last_line = at.first_line;
            at.last_column = at.first_column + 1;
            lexer_error(lx, &at, "invalid UTF-8 in a string: byte 0x%02x (save the file as "
                        "UTF-8)", (unsigned char)s[i]);
            return false;
        }
        i += k;
        col++;
    }
    return true;
}

const char *lexer_string(struct Lexer *lx, const RLLTYPE *loc, const char *s, int len)
{
    /* ASCII is valid UTF-8, and a string with no escape is its text */
    if (!all_ascii(s, (size_t)len))
        check_utf8(lx, loc, s, len);
    else if (!memchr(s, '\\', (size_t)len))
        return arena_strndup(lx->arena, s, (size_t)len);
    char *out = arena_alloc(lx->arena, (size_t)len + 1);
    int j = 0;
    for (int i = 0; i < len; i++) {
        if (s[i] != '\\') {
            out[j++] = s[i];
            continue;
        }
        char e = s[++i];
        if (e == 'n')
            out[j++] = '\n';
        else if (e == '"' || e == '\\')
            out[j++] = e;
        else
            lexer_error(lx, loc, "unknown escape '\\%c' in a string (use \\\", \\\\ or \\n)", e);
    }
    out[j] = '\0';
    return out;
}

/* Every text is scanned from 1:1 in its own lines (an effect's are placed
 * in the YAML file by lexer_loc). */
int lexer_line_start_col(struct Lexer *lx, int line)
{
    (void)lx;
    (void)line;
    return 1;
}

static bool is_expr(const Node *n)
{
    return n->kind >= N_NUM && n->kind <= N_PLAYERSREF;
}

/* Reports the first expression nested deeper than RL_MAX_EXPR_DEPTH in
 * the tree at root (with its lists), without recursion: the tree may be
 * far deeper than the C stack allows. */
static bool check_expr_depth(struct Lexer *lx, Node *root)
{
    typedef struct { Node *n; int up; } Item; /* up: the parent's expression depth */
    int cap = 64, top = 0;
    Item *st = xmalloc(sizeof *st * (size_t)cap);
    bool ok = true;
    if (root)
        st[top++] = (Item){root, 0};
    while (top > 0 && ok) {
        Item it = st[--top];
        int depth = is_expr(it.n) ? it.up + 1 : 0;
        if (depth > RL_MAX_EXPR_DEPTH) {
            diag_error(lx->d, it.n->loc,
                       "expression nested too deep: more than %d levels of operators, "
                       "calls and indexes (limit max_expr_depth)", RL_MAX_EXPR_DEPTH);
            ok = false;
            break;
        }
        if (top + NKIDS + 1 > cap)
            st = xrealloc(st, sizeof *st * (size_t)(cap *= 2));
        if (it.n->next)
            st[top++] = (Item){it.n->next, it.up};
        for (int i = NKIDS - 1; i >= 0; i--) /* the first child on top: visited first */
            if (it.n->kid[i])
                st[top++] = (Item){it.n->kid[i], depth};
    }
    free(st);
    return ok;
}

/* Scans and parses text, with allocation failure caught: the scanner is
 * destroyed before the failure goes on to the outer catcher (util.h).
 * (The parser's own stack, past its first 200 levels, is lost then.) */
static void scan_caught(yyscan_t scanner, struct Lexer *lx, const char *text, size_t len)
{
    jmp_buf env;
    char *volatile copy = NULL;
    jmp_buf *outer = oom_catch(&env);
    if (setjmp(env)) {
        oom_catch(outer);
        rllex_destroy(scanner);
        free(copy);
        out_of_memory();
    }
    /* The scanner reads a copy that ends in two NULs (flex's
     * yy_scan_bytes makes one a byte at a time). */
    char *buf = xmalloc(len + 2);
    copy = buf;
    memcpy(buf, text, len);
    buf[len] = buf[len + 1] = '\0';
    rl_scan_buffer(buf, len + 2, scanner);
    rlparse(scanner, lx);
    oom_catch(outer);
    rllex_destroy(scanner);
    free(buf);
}

static bool run(struct Lexer *lx, const char *text, size_t len)
{
    int before = lx->d->nerrors;
    int first = lx->prog->decls.len;
    if (lx->fast) {
        /* scan_fast.c's scanner reads the text in place: nothing on the
         * heap to free if memory runs out */
        lx->src = text;
        lx->src_len = len;
        lx->src_at = 0;
        rlparse_fast(lx, lx);
    } else {
        yyscan_t scanner;
        if (rllex_init_extra(lx, &scanner) != 0)
            out_of_memory(); /* its only failure */
        scan_caught(scanner, lx, text, len);
    }
    /* Only a tree that parsed cleanly is measured: one error is enough.
     * A tree of no more nodes than the limit cannot pass it (most effects). */
    if (lx->located <= RL_MAX_EXPR_DEPTH)
        return lx->d->nerrors == before;
    for (int i = first; lx->d->nerrors == before && i < lx->prog->decls.len; i++)
        check_expr_depth(lx, lx->prog->decls.items[i]);
    if (lx->d->nerrors == before && lx->result)
        check_expr_depth(lx, lx->result);
    return lx->d->nerrors == before;
}

bool parse_rules(Arena *a, Diags *d, const SrcFile *f, Program *prog)
{
    if (!prog->first)
        prog->first = f;
    Loc open[RL_MAX_DEPTH];
    struct Lexer lx = {.arena = a, .keep = a, .d = d, .file = f, .line = 1, .col = 1,
                       .prog = prog, .open = open};
    if (memchr(f->text, '\0', f->len)) {
        Loc l = {f, 1, 1, 1};
        diag_error(d, l, "not a text file: it contains a NUL byte");
        return false;
    }
    if (f->len > (size_t)MAX_INPUT_BYTES) {
        /* comp_read refuses such a file first; text added in memory
         * (tests, fuzzers) meets the same bound here */
        Loc l = {f, 0, 0, 1};
        diag_error(d, l, "file too large (limit max_file_size = %d bytes)", MAX_INPUT_BYTES);
        return false;
    }
    /* A byte order mark (some editors write one) is skipped as YAML skips
     * it, and is no column: the first character after it is at 1:1. */
    size_t bom = f->len >= 3 && memcmp(f->text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    return run(&lx, f->text + bom, f->len - bom);
}

bool parse_effect(Arena *a, Diags *d, const CardDef *card, Program *prog)
{
    return parse_effect_tree(a, a, d, card, prog);
}

bool parse_effect_tree(Arena *a, Arena *tree, Diags *d, const CardDef *card, Program *prog)
{
    const char *text = card->effect;
    size_t len = strlen(text);
    EffectMap m = {.use = card->effect_loc, .via_alias = card->effect_node->alias};
    if (!map_effect(&m, card->effect_node, text, len) && !m.via_alias)
        diag_warning(d, m.use, "cannot tell where the characters of this effect were "
                               "written: its diagnostics point at the start of its value");
    /* The effects share one map of identifiers: a map of their own would
     * cost each effect a table and a copy of every name it uses. */
    if (m.via_alias && m.at)
        record_shared(a, prog, &m, card);
    /* An ASCII text first with the parser without LAC and scan_fast.c's
     * scanner (most effects are clean: LAC was a sixth of their parse,
     * flex's scanner a third); if that parse reports anything, or the
     * scanner gives up, it is taken back, and the parser with LAC, whose
     * lists of expected tokens are exact, and lexer.l parse the effect
     * again and report. On a text both accept, both scanners give the
     * same tokens at the same places and both parsers make the same
     * reductions in the same order: the same tree, the same diagnostics. */
    DiagMark before = diags_mark(d);
    Loc open[RL_MAX_DEPTH];
    struct Lexer lx = {.arena = tree, .keep = a, .d = d, .file = m.use.file, .line = 1,
                       .col = 1, .effect = true, .fast = all_ascii(text, len), .prog = prog,
                       .card = card, .map = &m, .names = prog->effect_names, .open = open};
    bool ok = run(&lx, text, len);
    if (lx.fast && (lx.bailed || diags_since(d, before))) {
        diags_rewind(d, before);
        lx = (struct Lexer){.arena = tree, .keep = a, .d = d, .file = m.use.file, .line = 1,
                            .col = 1, .effect = true, .prog = prog, .card = card, .map = &m,
                            .names = lx.names, .open = open};
        ok = run(&lx, text, len);
    }
    prog->effect_names = lx.names;
    free(m.at);
    free(m.line_first);
    if (lx.result) {
        lx.result->name = card->name;
        lx.result->card_no = card->index;
        vec_push(a, &prog->effects, lx.result);
    }
    return ok;
}

/* ---- words built from values ------------------------------------------
 *
 * A prompt or a label may name values: "Guess {q}'s card". Each `{EXPR}`
 * is an expression of the language, parsed here where it was written (in
 * a rules file or in cards.yaml), and '{{' and '}}' are braces. The
 * template keeps the text with each word made `{K}`, K its place. */

/* The column where character i of a string's text was written: one past
 * the opening quote, and each escape (\" \\ \n) two characters. */
static int word_col(const RLLTYPE *at, const char *text, int i)
{
    int col = at->first_column + 1;
    for (int k = 0; k < i; k++) {
        unsigned char ch = (unsigned char)text[k];
        col += (ch & 0xC0) != 0x80;
        col += ch == '"' || ch == '\\' || ch == '\n';
    }
    return col;
}

/* An error at characters i..i+len of a string's text. */
static void word_error(struct Lexer *lx, const RLLTYPE *at, const char *text, int i, int len,
                       const char *msg)
{
    RLLTYPE l = *at;
    l.first_column = word_col(at, text, i);
    l.last_line = l.first_line;
    l.last_column = word_col(at, text, i + len);
    lexer_error(lx, &l, "%s", msg);
}

/* The expression of characters from..to of a string's text, parsed
 * with its positions where it was written; NULL after a syntax error. */
static Node *parse_word(struct Lexer *lx, const RLLTYPE *at, const char *text, int from, int to)
{
    Loc open[RL_MAX_DEPTH];
    struct Lexer sub = {.arena = lx->arena, .keep = lx->keep, .d = lx->d, .file = lx->file, .open = open,
                        .line = at->first_line, .col = word_col(at, text, from),
                        .effect = lx->effect, .word = true, .fast = lx->fast,
                        .names = lx->names,
                        .prog = lx->prog, .card = lx->card, .map = lx->map};
    bool ok = run(&sub, text + from, (size_t)(to - from));
    lx->names = sub.names;
    lx->bailed |= sub.bailed;
    lx->located += sub.located;
    return ok ? sub.result : NULL;
}

static bool blank(const char *s, int from, int to)
{
    for (int i = from; i < to; i++)
        if (s[i] != ' ' && s[i] != '\t')
            return false;
    return true;
}

/* The word opened at text[i] ('{'): its expression added to w's (after
 * *last), its place to the template; returns the index of its '}', or -1
 * when it has none. */
static int one_word(struct Lexer *lx, const RLLTYPE *at, const char *text, int i, Node *w,
                    Node **last, Buf *tmpl)
{
    const char *close = strchr(text + i + 1, '}');
    if (!close) {
        word_error(lx, at, text, i, 1, "unclosed '{' in a string: a word ends with '}' "
                                       "(write '{{' for a brace)");
        return -1;
    }
    int end = (int)(close - text);
    Node *e = NULL;
    if (blank(text, i + 1, end))
        word_error(lx, at, text, i, end - i + 1, "an empty word '{}': write a value between "
                                                 "the braces, or '{{}}' for braces");
    else
        e = parse_word(lx, at, text, i + 1, end);
    if (e) {
        *(*last ? &(*last)->next : &w->items) = e;
        *last = e;
        buf_printf(tmpl, "{%lld}", w->nitems++);
    }
    return end;
}

/* text with '{{' and '}}' made single. */
static const char *single_braces(Arena *a, const char *text)
{
    char *out = arena_strndup(a, text, strlen(text));
    int j = 0;
    for (int i = 0; text[i]; i++) {
        out[j++] = text[i];
        i += (text[i] == '{' || text[i] == '}') && text[i + 1] == text[i];
    }
    out[j] = '\0';
    return out;
}

Node *parse_words(struct Lexer *lx, const RLLTYPE *at, const char **text)
{
    const char *t = *text;
    if (!strpbrk(t, "{}"))
        return NULL;
    Buf tmpl = {0};
    Node *w = node_new(lx->arena, N_WORDS, lexer_loc(lx, at)), *last = NULL;
    for (int i = 0; t[i]; i++) {
        if ((t[i] == '{' || t[i] == '}') && t[i + 1] == t[i]) {
            buf_put(&tmpl, t + i, 2);
            i++;
        } else if (t[i] == '}') {
            word_error(lx, at, t, i, 1, "a '}' that closes no word: write '}}' for a brace");
        } else if (t[i] == '{') {
            int end = one_word(lx, at, t, i, w, &last, &tmpl);
            if (end < 0)
                break;
            i = end;
        } else {
            buf_put(&tmpl, t + i, 1);
        }
    }
    w->name = arena_strndup(lx->arena, tmpl.data ? tmpl.data : "", tmpl.len);
    buf_free(&tmpl);
    if (w->nitems == 0) {
        *text = single_braces(lx->arena, t);
        return NULL;
    }
    return w;
}
