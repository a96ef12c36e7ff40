/* helpers.c: loading text and finding diagnostics, for the unit tests. */
#include "helpers.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

bool load_cards_text(Compilation *c, const char *text, size_t len)
{
    comp_init(c);
    const SrcFile *f = comp_add_text(c, "t.yaml", text, len);
    return phase_load_cards(c, f);
}

const Diag *find_diag(const Compilation *c, Severity sev, int line, int col,
                      const char *part)
{
    for (int i = 0; i < c->diags.list.len; i++) {
        const Diag *g = c->diags.list.items[i];
        if (g->sev == sev && g->loc.line == line && g->loc.col == col &&
            strstr(g->msg, part))
            return g;
    }
    return NULL;
}

const Diag *find_msg(const Compilation *c, const char *part)
{
    for (int i = 0; i < c->diags.list.len; i++) {
        const Diag *g = c->diags.list.items[i];
        if (strstr(g->msg, part))
            return g;
    }
    return NULL;
}

char *diags_text(const Compilation *c, bool json)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    cr_assert_not_null(f);
    if (json)
        diags_print_json(&c->diags, f);
    else
        diags_print_text(&c->diags, f);
    fclose(f);
    return s;
}

void check_sane(const Compilation *c, bool ok)
{
    if (ok)
        cr_assert_eq(c->diags.nerrors, 0, "success, yet %d errors", c->diags.nerrors);
    else
        cr_assert_gt(c->diags.nerrors, 0, "failure without an error");
    int lines = 1;
    const SrcFile *f = c->cards_file;
    for (size_t i = 0; i < f->len; i++)
        lines += f->text[i] == '\n';
    for (int i = 0; i < c->diags.list.len; i++) {
        const Diag *g = c->diags.list.items[i];
        cr_assert(g->loc.file == f, "diagnostic outside the file: %s", g->msg);
        cr_assert(g->loc.line >= 1 && g->loc.line <= lines + 1,
                  "line %d of %d: %s", g->loc.line, lines, g->msg);
        cr_assert(g->loc.col >= 1, "column %d: %s", g->loc.col, g->msg);
        cr_assert(g->msg[0] != '\0');
    }
    char *t = diags_text(c, false), *j = diags_text(c, true);
    cr_assert(j[0] == '[', "JSON output starts with '['");
    if (c->diags.list.len)
        cr_assert_not_null(strstr(t, "t.yaml:"));
    free(t);
    free(j);
}

char *repeat(const char *head, const char *text, long n, const char *tail)
{
    size_t h = strlen(head), m = strlen(text), t = strlen(tail);
    char *s = malloc(h + m * (size_t)n + t + 1);
    cr_assert_not_null(s);
    memcpy(s, head, h);
    for (long i = 0; i < n; i++)
        memcpy(s + h + m * (size_t)i, text, m);
    memcpy(s + h + m * (size_t)n, tail, t + 1);
    return s;
}
