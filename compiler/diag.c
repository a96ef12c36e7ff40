/* diag.c: collecting and printing diagnostics (text with caret, or JSON). */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void diags_init(Diags *d, Arena *a)
{
    memset(d, 0, sizeof *d);
    d->arena = a;
    d->max_errors = DIAG_DEFAULT_MAX_ERRORS;
}

const char *severity_name(Severity s)
{
    return s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning" : "note";
}

/* Past the cap, drop the error and the notes that would follow it (given
 * the error count with this diagnostic's). */
static bool past_cap(const Diags *d, Severity sev, int nerrors)
{
    return nerrors > d->max_errors ||
           (sev != SEV_ERROR && nerrors >= d->max_errors && d->dropped);
}

bool diag_shown(const Diags *d, Severity sev)
{
    return !past_cap(d, sev, d->nerrors + (sev == SEV_ERROR));
}

Diag *diag_add_from(const char *origin, Diags *d, Severity sev, Loc loc, const char *hint,
                    const char *fmt, ...)
{
    if (sev == SEV_ERROR)
        d->nerrors++;
    else if (sev == SEV_WARNING)
        d->nwarnings++;
    if (past_cap(d, sev, d->nerrors)) {
        d->dropped++;
        return NULL;
    }
    va_list ap;
    va_start(ap, fmt);
    char buf[1024];
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof buf) {
        /* Cut to a whole UTF-8 character and say that it was cut. */
        size_t k = sizeof buf - 4;
        while (k > 0 && ((unsigned char)buf[k] & 0xC0) == 0x80)
            k--;
        memcpy(buf + k, "...", 4);
    }
    Diag *g = arena_alloc(d->arena, sizeof *g);
    g->sev = sev;
    g->loc = loc;
    g->msg = arena_strdup(d->arena, buf);
    g->hint = hint ? arena_strdup(d->arena, hint) : NULL;
    g->origin = origin;
    vec_push(d->arena, &d->list, g);
    return g;
}

DiagMark diags_mark(const Diags *d)
{
    DiagMark m = {d->list.len, d->nerrors, d->nwarnings, d->dropped};
    return m;
}

bool diags_since(const Diags *d, DiagMark mark)
{
    return d->list.len != mark.len || d->nerrors != mark.nerrors ||
           d->nwarnings != mark.nwarnings || d->dropped != mark.dropped;
}

void diags_rewind(Diags *d, DiagMark mark)
{
    d->list.len = mark.len;
    d->nerrors = mark.nerrors;
    d->nwarnings = mark.nwarnings;
    d->dropped = mark.dropped;
}

bool diag_remove(Diags *d, Severity sev, Loc loc, const char *prefix)
{
    for (int i = 0; i < d->list.len; i++) {
        const Diag *g = d->list.items[i];
        if (g->sev != sev || g->loc.file != loc.file || g->loc.line != loc.line ||
            g->loc.col != loc.col || strncmp(g->msg, prefix, strlen(prefix)))
            continue;
        memmove(d->list.items + i, d->list.items + i + 1,
                sizeof *d->list.items * (size_t)(d->list.len - i - 1));
        d->list.len--;
        if (sev == SEV_ERROR)
            d->nerrors--;
        else if (sev == SEV_WARNING)
            d->nwarnings--;
        return true;
    }
    return false;
}

/* The end (exclusive) of the group of diagnostic i: it and its notes. */
static int group_end(const Diags *d, int i)
{
    int j = i + 1;
    while (j < d->list.len && ((const Diag *)d->list.items[j])->sev == SEV_NOTE)
        j++;
    return j;
}

void diags_merge_repeats(Diags *d)
{
    StrMap seen = {0};
    int k = 0;
    for (int i = 0; i < d->list.len;) {
        int end = group_end(d, i);
        const Diag *g = d->list.items[i];
        const char *key = arena_printf(d->arena, "%s:%d:%d:%d:%d:%s", g->loc.file ?
                                       g->loc.file->path : "", g->loc.line, g->loc.col,
                                       g->loc.span, (int)g->sev, g->msg);
        bool repeat = g->sev != SEV_NOTE && strmap_put(d->arena, &seen, key, (void *)g);
        if (repeat) {
            d->nerrors -= g->sev == SEV_ERROR;
            d->nwarnings -= g->sev == SEV_WARNING;
        }
        for (; i < end; i++)
            if (!repeat)
                d->list.items[k++] = d->list.items[i];
    }
    d->list.len = k;
}

/* Is loc within [from, to] of from's file? */
static bool loc_within(Loc loc, Loc from, Loc to)
{
    if (loc.file != from.file || loc.line < from.line || loc.line > to.line)
        return false;
    return (loc.line > from.line || loc.col >= from.col) &&
           (loc.line < to.line || loc.col <= to.col);
}

void diags_note_within(Diags *d, Loc from, Loc to, Loc at, const char *msg)
{
    PtrVec out = {0};
    for (int i = 0; i < d->list.len;) {
        int end = group_end(d, i);
        const Diag *g = d->list.items[i];
        for (; i < end; i++)
            vec_push(d->arena, &out, d->list.items[i]);
        if (g->sev == SEV_NOTE || !loc_within(g->loc, from, to))
            continue;
        Diag *n = arena_alloc(d->arena, sizeof *n);
        *n = (Diag){SEV_NOTE, at, arena_strdup(d->arena, msg), NULL, __FILE__};
        vec_push(d->arena, &out, n);
    }
    d->list = out;
}

void diag_unknown_from(const char *origin, Diags *d, Loc at, const char *what,
                       const char *word, const char *const *names, int n, bool list_few)
{
    /* Past the cap the error is only counted: no suggestion is sought. */
    const char *sug = diag_shown(d, SEV_ERROR) ? did_you_mean(word, names, n) : NULL;
    if (sug) {
        char hint[300];
        snprintf(hint, sizeof hint, "did you mean '%s'?", sug);
        diag_add_from(origin, d, SEV_ERROR, at, hint, "%s '%s'; did you mean '%s'?", what,
                      word, sug);
    } else if (list_few && n > 0 && n <= 8) {
        Buf b = {0};
        for (int i = 0; i < n; i++)
            buf_printf(&b, "%s%s", i ? ", " : "", names[i]);
        diag_add_from(origin, d, SEV_ERROR, at, NULL, "%s '%s' (expected one of: %s)", what,
                      word, b.data);
        buf_free(&b);
    } else {
        diag_add_from(origin, d, SEV_ERROR, at, NULL, "%s '%s'", what, word);
    }
}

enum { MAX_ECHO = 200 };

/* What a caret shows: the line of its diagnostic (up to a line break, a
 * carriage return or a NUL), and where the window of a long line starts. */
typedef struct Echo {
    const char *s;      /* NULL: no such line */
    size_t len;
    size_t start;       /* the byte of the first character shown */
    int skip;           /* characters before it */
} Echo;

/* A diagnostic's place, for the walk of locate_echoes. */
typedef struct EchoAt {
    const SrcFile *f;
    int line, skip;
    int at;             /* its index in print order */
} EchoAt;

static int echo_at_cmp(const void *pa, const void *pb)
{
    const EchoAt *a = pa, *b = pb;
    uintptr_t fa = (uintptr_t)a->f, fb = (uintptr_t)b->f;
    if (fa != fb)
        return fa < fb ? -1 : 1;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    return (a->skip > b->skip) - (a->skip < b->skip);
}

/* Walks a file's lines forward, and one line's characters forward. */
typedef struct LineWalk {
    const SrcFile *f;
    const char *p;      /* the start of line `line`, or NULL past the end */
    int line;
    size_t len;         /* of that line */
    size_t i;           /* a byte of it, the start of character ch */
    int ch;
} LineWalk;

static void walk_to_line(LineWalk *w, const SrcFile *f, int line)
{
    const char *end = f->text + f->len;
    if (w->f != f) {
        *w = (LineWalk){f, f->text, 1, 0, 0, 0};
    } else if (w->line == line) {
        return;
    }
    for (; w->p && w->line < line; w->line++) {
        const char *nl = w->p < end ? memchr(w->p, '\n', (size_t)(end - w->p)) : NULL;
        w->p = nl ? nl + 1 : NULL; /* past the end: no line to show */
    }
    const char *e = w->p;
    while (e && e < end && *e != '\n' && *e != '\r' && *e != '\0')
        e++;
    w->len = w->p ? (size_t)(e - w->p) : 0;
    w->i = 0;
    w->ch = 0;
}

/* Long lines are cut to a window around the column: the walk goes on to
 * the window's first character (skip characters in). */
static void walk_to_char(LineWalk *w, int skip)
{
    const char *s = w->p;
    while (w->i < w->len && w->ch < skip) {
        w->i++;
        while (w->i < w->len && ((unsigned char)s[w->i] & 0xC0) == 0x80)
            w->i++;
        w->ch++;
    }
}

/* The line and window of every caret (all[0..n), in print order), in a
 * heap array the caller frees. The places are sorted by file, line and
 * column and each file walked once, so that the cost is the files' length
 * however many diagnostics they have, and however many on one line. */
static Echo *locate_echoes(const Diag **all, int n)
{
    Echo *echo = xmalloc(sizeof *echo * (size_t)(n ? n : 1));
    memset(echo, 0, sizeof *echo * (size_t)(n ? n : 1));
    EchoAt *at = xmalloc(sizeof *at * (size_t)(n ? n : 1));
    int na = 0;
    for (int i = 0; i < n; i++) {
        const Loc *l = &all[i]->loc;
        if (l->file && l->line >= 1 && l->file->text)
            at[na++] = (EchoAt){l->file, l->line,
                                l->col > MAX_ECHO / 2 ? l->col - MAX_ECHO / 2 : 0, i};
    }
    qsort(at, (size_t)na, sizeof *at, echo_at_cmp);
    LineWalk w = {0};
    for (int k = 0; k < na; k++) {
        walk_to_line(&w, at[k].f, at[k].line);
        walk_to_char(&w, at[k].skip);
        echo[at[k].at] = (Echo){w.p, w.len, w.i, at[k].skip};
    }
    free(at);
    return echo;
}

/* Echoes the source line and a caret under column col (characters). */
static void print_caret(Buf *out, const Loc *loc, const Echo *e)
{
    const char *s = e->s;
    size_t len = e->len;
    if (!s || len == 0)
        return; /* an empty line (or one that starts with NUL) shows nothing */
    int skip = e->skip;
    size_t start = e->start;
    size_t stop = start;
    int shown = 0;
    while (stop < len && shown < MAX_ECHO) {
        stop++;
        while (stop < len && ((unsigned char)s[stop] & 0xC0) == 0x80)
            stop++;
        shown++;
    }
    buf_puts(out, skip ? "..." : "");
    buf_put(out, s + start, stop - start);
    buf_puts(out, stop < len ? "...\n" : "\n");
    if (skip)
        buf_puts(out, "   ");
    /* Keep tabs so the caret lines up under the terminal's tab stops. */
    size_t j = start;
    for (int c = skip + 1; c < loc->col && j < len; c++) {
        buf_put(out, s[j] == '\t' ? "\t" : " ", 1);
        j++;
        while (j < len && ((unsigned char)s[j] & 0xC0) == 0x80)
            j++;
    }
    buf_put(out, "^", 1);
    for (int k = 1; k < loc->span && k < MAX_ECHO; k++)
        buf_put(out, "~", 1);
    buf_put(out, "\n", 1);
}

/* An error or warning and the notes after it stay together; groups are
 * ordered by file and position, ties in the order found. */
typedef struct Group {
    int first, count;
} Group;

static int loc_cmp(const Loc *a, const Loc *b)
{
    const char *fa = a->file ? a->file->path : "", *fb = b->file ? b->file->path : "";
    int c = strcmp(fa, fb);
    if (c)
        return c;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    if (a->col != b->col)
        return a->col < b->col ? -1 : 1;
    return 0;
}

static const Diags *sort_diags;

static int group_cmp(const void *pa, const void *pb)
{
    const Group *a = pa, *b = pb;
    const Diag *da = sort_diags->list.items[a->first];
    const Diag *db = sort_diags->list.items[b->first];
    int c = loc_cmp(&da->loc, &db->loc);
    return c ? c : (a->first < b->first ? -1 : 1);
}

const Diag **diags_ordered(const Diags *d)
{
    int n = d->list.len, ng = 0;
    Group *g = xmalloc(sizeof *g * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        const Diag *x = d->list.items[i];
        if (x->sev != SEV_NOTE || ng == 0)
            g[ng++] = (Group){i, 1};
        else
            g[ng - 1].count++;
    }
    sort_diags = d;
    qsort(g, (size_t)ng, sizeof *g, group_cmp);
    const Diag **out = xmalloc(sizeof *out * (size_t)(n ? n : 1));
    int k = 0;
    for (int i = 0; i < ng; i++)
        for (int j = 0; j < g[i].count; j++)
            out[k++] = d->list.items[g[i].first + j];
    free(g);
    return out;
}

void diags_print_text(const Diags *d, FILE *out)
{
    diags_print_text_styled(d, out, false);
}

/* The escape that starts a severity's colour: bold red, bold magenta
 * and bold cyan for an error, a warning and a note. */
static const char *severity_colour(Severity s)
{
    return s == SEV_ERROR ? "\033[1;31m" : s == SEV_WARNING ? "\033[1;35m" : "\033[1;36m";
}

/* "PATH:LINE:COL: severity: " (or "PATH: severity: "), the place in bold
 * and the severity in its colour when colour is on. */
static void print_head(Buf *b, const Diag *g, bool colour)
{
    const char *path = g->loc.file ? g->loc.file->path : "cardc";
    buf_puts(b, colour ? "\033[1m" : "");
    if (g->loc.line > 0)
        buf_printf(b, "%s:%d:%d:", path, g->loc.line, g->loc.col);
    else
        buf_printf(b, "%s:", path);
    buf_printf(b, "%s %s%s:%s ", colour ? "\033[0m" : "", colour ? severity_colour(g->sev) : "",
               severity_name(g->sev), colour ? "\033[0m" : "");
}

void diags_print_text_styled(const Diags *d, FILE *out, bool colour)
{
    const Diag **all = diags_ordered(d);
    Echo *echo = locate_echoes(all, d->list.len);
    /* Written in blocks: a caret line is many small pieces, and stderr
     * has no buffer of its own. */
    Buf b = {0};
    for (int i = 0; i < d->list.len; i++) {
        const Diag *g = all[i];
        print_head(&b, g, colour);
        buf_puts(&b, g->msg);
        buf_put(&b, "\n", 1);
        print_caret(&b, &g->loc, &echo[i]);
        if (b.len >= 1 << 16 || i + 1 == d->list.len) {
            fwrite(b.data, 1, b.len, out);
            b.len = 0;
        }
    }
    buf_free(&b);
    free(echo);
    free(all);
    if (d->dropped)
        fprintf(out, "cardc: note: %d more diagnostics not shown (limit: %d errors; see --max-errors)\n",
                d->dropped, d->max_errors);
}

void diags_json_items(const Diags *d, Buf *b)
{
    const Diag **all = diags_ordered(d);
    for (int i = 0; i < d->list.len; i++) {
        const Diag *g = all[i];
        buf_puts(b, b->len ? ",\n {" : "{");
        buf_puts(b, "\"file\":");
        buf_json_string(b, g->loc.file ? g->loc.file->path : "");
        buf_printf(b, ",\"line\":%d,\"column\":%d,\"severity\":\"%s\",\"message\":",
                   g->loc.line, g->loc.col, severity_name(g->sev));
        buf_json_string(b, g->msg);
        if (g->hint) {
            buf_puts(b, ",\"hint\":");
            buf_json_string(b, g->hint);
        }
        buf_puts(b, "}");
    }
    free(all);
    if (d->dropped) {
        buf_puts(b, b->len ? ",\n {" : "{");
        buf_printf(b, "\"file\":\"\",\"line\":0,\"column\":0,\"severity\":\"note\","
                      "\"message\":\"%d more diagnostics not shown (limit: %d errors; see "
                      "--max-errors)\"}", d->dropped, d->max_errors);
    }
}

void diags_print_json(const Diags *d, FILE *out)
{
    Buf b = {0};
    diags_json_items(d, &b);
    fprintf(out, "[%s]\n", b.data ? b.data : "");
    buf_free(&b);
}
