/* driver.c: reading inputs and the phases of a compilation. */
#include "cardc.h"
#include "analyse.h"
#include "cgen.h"
#include "emit.h"
#include "parse.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void comp_init(Compilation *c)
{
    memset(c, 0, sizeof *c);
    diags_init(&c->diags, &c->arena);
}

void comp_free(Compilation *c)
{
    arena_free(&c->arena);
}

const SrcFile *comp_add_text(Compilation *c, const char *path, const char *text,
                             size_t len)
{
    SrcFile *f = arena_alloc(&c->arena, sizeof *f);
    f->path = arena_strdup(&c->arena, path);
    f->text = arena_strndup(&c->arena, text, len);
    f->len = len;
    return f;
}

const SrcFile *comp_read(Compilation *c, const char *path)
{
    char *data;
    size_t len;
    struct stat st;
    bool known = stat(path, &st) == 0;
    if (known && S_ISDIR(st.st_mode)) {
        errno = EISDIR;
    } else if (known && S_ISREG(st.st_mode) && st.st_size > MAX_INPUT_BYTES) {
        errno = EFBIG; /* refused before a byte is read */
    } else if (read_file(path, MAX_INPUT_BYTES, &data, &len) == 0) {
        const SrcFile *f = comp_add_text(c, path, data, len);
        free(data);
        return f;
    }
    SrcFile *f = arena_alloc(&c->arena, sizeof *f);
    f->path = arena_strdup(&c->arena, path);
    f->text = "";
    Loc l = {f, 0, 0, 1};
    if (errno == EFBIG)
        diag_error(&c->diags, l, "file too large (limit max_file_size = %d bytes)",
                   MAX_INPUT_BYTES);
    else
        diag_error(&c->diags, l, "cannot read: %s", strerror(errno));
    c->io_error = true;
    return NULL;
}

bool phase_load_cards(Compilation *c, const SrcFile *f)
{
    c->cards_file = f;
    YNode *root = yaml_load(f, &yaml_default_limits, &c->diags);
    if (!root)
        return false;
    c->cards = cards_load(root, f, &card_default_limits, &c->diags);
    return c->cards != NULL && c->diags.nerrors == 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool has_suffix(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && strcmp(s + n - m, suf) == 0;
}

/* A game folder: cards.yaml plus every *.rules file, in name order. */
bool phase_open_path(Compilation *c, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        const SrcFile *f = comp_read(c, path);
        return f && phase_load_cards(c, f);
    }
    c->dir = arena_strdup(&c->arena, path);
    const char *cards = arena_printf(&c->arena, "%s/cards.yaml", path);
    const SrcFile *f = comp_read(c, cards);
    if (!f)
        return false;
    DIR *dir = opendir(path);
    if (dir) {
        PtrVec names = {0};
        struct dirent *e;
        while ((e = readdir(dir)) != NULL)
            if (has_suffix(e->d_name, ".rules") && e->d_name[0] != '.')
                vec_push(&c->arena, &names, arena_printf(&c->arena, "%s/%s", path, e->d_name));
        closedir(dir);
        if (names.len)
            qsort(names.items, (size_t)names.len, sizeof(void *), cmp_str);
        for (int i = 0; i < names.len; i++) {
            const SrcFile *rf = comp_read(c, names.items[i]);
            if (rf)
                vec_push(&c->arena, &c->rule_files, (void *)rf);
        }
    }
    return phase_load_cards(c, f);
}

bool phase_parse(Compilation *c)
{
    int before = c->diags.nerrors;
    for (int i = 0; i < c->rule_files.len; i++)
        parse_rules(&c->arena, &c->diags, c->rule_files.items[i], &c->prog);
    for (int i = 0; c->cards && i < c->cards->ncards; i++)
        if (c->cards->cards[i]->effect)
            parse_effect(&c->arena, &c->diags, c->cards->cards[i], &c->prog);
    return c->diags.nerrors == before;
}

bool phase_check(Compilation *c)
{
    if (c->rule_files.len == 0) {
        /* card data alone: effects are parsed, and the cards they name
         * checked, but nothing else is resolved without rules */
        int before = c->diags.nerrors;
        if (c->cards)
            sema_effect_names(&c->diags, c->cards, &c->prog, true);
        return c->diags.nerrors == before;
    }
    return sema_check(&c->arena, &c->diags, c->cards, &c->prog, &c->game);
}

bool phase_analyse(Compilation *c)
{
    if (c->rule_files.len)
        analyse_game(&c->arena, &c->game);
    return true;
}

void phase_emit(Compilation *c, Buf *out)
{
    if (c->rule_files.len) {
        cgen_game(out, &c->arena, &c->game, c->dir ? c->dir : c->cards_file->path);
    } else {
        emit_banner(out, c->cards_file->path);
        emit_cards(out, &c->arena, c->cards, true);
    }
}
