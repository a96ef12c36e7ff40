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

Diag *diag_add(Diags *d, Severity sev, Loc loc, const char *hint,
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
    vec_push(d->arena, &d->list, g);
    return g;
}

void diag_unknown(Diags *d, Loc at, const char *what, const char *word,
                  const char *const *names, int n, bool list_few)
{
    /* Past the cap the error is only counted: no suggestion is sought. */
    const char *sug = diag_shown(d, SEV_ERROR) ? did_you_mean(word, names, n) : NULL;
    if (sug) {
        char hint[300];
        snprintf(hint, sizeof hint, "did you mean '%s'?", sug);
        diag_add(d, SEV_ERROR, at, hint, "%s '%s'; did you mean '%s'?", what, word, sug);
    } else if (list_few && n > 0 && n <= 8) {
        Buf b = {0};
        for (int i = 0; i < n; i++)
            buf_printf(&b, "%s%s", i ? ", " : "", names[i]);
        diag_error(d, at, "%s '%s' (expected one of: %s)", what, word, b.data);
        buf_free(&b);
    } else {
        diag_error(d, at, "%s '%s'", what, word);
    }
}

/* The start of line `line` (1-based) in f, and its length in bytes. */
static const char *find_line(const SrcFile *f, int line, size_t *len)
{
    const char *p = f->text, *end = f->text + f->len;
    for (int l = 1; l < line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return NULL;
        p = nl + 1;
    }
    if (p > end)
        return NULL;
    const char *e = p;
    while (e < end && *e != '\n' && *e != '\r' && *e != '\0')
        e++;
    *len = (size_t)(e - p);
    return p;
}

enum { MAX_ECHO = 200 };

/* Echoes the source line and a caret under column col (characters). */
static void print_caret(FILE *out, const Loc *loc)
{
    size_t len;
    if (!loc->file || loc->line < 1 || !loc->file->text)
        return;
    const char *s = find_line(loc->file, loc->line, &len);
    if (!s || len == 0)
        return; /* an empty line (or one that starts with NUL) shows nothing */
    /* Long lines are cut to a window around the column. */
    int ch = 0;
    size_t i = 0, start = 0;
    int skip = loc->col > MAX_ECHO / 2 ? loc->col - MAX_ECHO / 2 : 0;
    while (i < len && ch < skip) {
        i++;
        while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
            i++;
        ch++;
    }
    start = i;
    size_t stop = start;
    int shown = 0;
    while (stop < len && shown < MAX_ECHO) {
        stop++;
        while (stop < len && ((unsigned char)s[stop] & 0xC0) == 0x80)
            stop++;
        shown++;
    }
    fprintf(out, "%s%.*s%s\n", skip ? "..." : "", (int)(stop - start), s + start,
            stop < len ? "..." : "");
    if (skip)
        fputs("   ", out);
    /* Keep tabs so the caret lines up under the terminal's tab stops. */
    size_t j = start;
    for (int c = skip + 1; c < loc->col && j < len; c++) {
        fputc(s[j] == '\t' ? '\t' : ' ', out);
        j++;
        while (j < len && ((unsigned char)s[j] & 0xC0) == 0x80)
            j++;
    }
    fputc('^', out);
    for (int k = 1; k < loc->span && k < MAX_ECHO; k++)
        fputc('~', out);
    fputc('\n', out);
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

/* The diagnostics in print order, in a heap array the caller frees. */
static const Diag **ordered(const Diags *d)
{
    int n = d->list.len, ng = 0;
    Group *g = malloc(sizeof *g * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        const Diag *x = d->list.items[i];
        if (x->sev != SEV_NOTE || ng == 0)
            g[ng++] = (Group){i, 1};
        else
            g[ng - 1].count++;
    }
    sort_diags = d;
    qsort(g, (size_t)ng, sizeof *g, group_cmp);
    const Diag **out = malloc(sizeof *out * (size_t)(n ? n : 1));
    int k = 0;
    for (int i = 0; i < ng; i++)
        for (int j = 0; j < g[i].count; j++)
            out[k++] = d->list.items[g[i].first + j];
    free(g);
    return out;
}

void diags_print_text(const Diags *d, FILE *out)
{
    const Diag **all = ordered(d);
    for (int i = 0; i < d->list.len; i++) {
        const Diag *g = all[i];
        const char *path = g->loc.file ? g->loc.file->path : "cardc";
        if (g->loc.line > 0)
            fprintf(out, "%s:%d:%d: %s: %s\n", path, g->loc.line, g->loc.col,
                    severity_name(g->sev), g->msg);
        else
            fprintf(out, "%s: %s: %s\n", path, severity_name(g->sev), g->msg);
        print_caret(out, &g->loc);
    }
    free(all);
    if (d->dropped)
        fprintf(out, "cardc: note: %d more diagnostics not shown (limit: %d errors; see --max-errors)\n",
                d->dropped, d->max_errors);
}

void diags_json_items(const Diags *d, Buf *b)
{
    const Diag **all = ordered(d);
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
