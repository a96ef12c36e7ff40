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
    arena_free(&c->trees);
}

/* What the compilation does now, for the message if an allocation fails
 * ("out of memory while checking decks/x"). */
static void now_doing(Compilation *c, const char *doing, const char *path)
{
    c->doing = doing;
    c->doing_path = path;
}

/* The folder of a game, or its card file when it has none. */
static const char *game_path(const Compilation *c)
{
    return c->dir ? c->dir : c->cards_file->path;
}

/* A file of the compilation whose text (len bytes and a NUL) is in its
 * arena already. */
static const SrcFile *add_file(Compilation *c, const char *path, const char *text, size_t len)
{
    SrcFile *f = arena_alloc(&c->arena, sizeof *f);
    f->path = arena_strdup(&c->arena, path);
    f->text = text;
    f->len = len;
    return f;
}

const SrcFile *comp_add_text(Compilation *c, const char *path, const char *text,
                             size_t len)
{
    return add_file(c, path, arena_strndup(&c->arena, text, len), len);
}

/* The text of the regular file path, of size bytes, read straight into
 * the arena: not into the heap first and copied (28 MB twice for the
 * 100,000 cards of bench/cards.sh), as read_file would. NULL, with errno
 * set, if it cannot be read, or if it is not size bytes long now (a file
 * being written: comp_read reads it again with read_file). */
static const char *read_regular(Compilation *c, const char *path, size_t size)
{
    /* taken first, so that no file is open if memory runs out; zeroed,
     * so the NUL after the text is there */
    char *text = arena_alloc(&c->arena, size + 1);
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t got = fread(text, 1, size, f);
    bool whole = got == size && getc(f) == EOF && !ferror(f);
    int e = ferror(f) ? errno : 0;
    fclose(f);
    errno = e;
    return whole ? text : NULL;
}

/* Reports that path cannot be read, for the reason in errno (exit
 * status 2); a failed allocation is no such reason (out_of_memory). */
static void cannot_read(Compilation *c, const char *path)
{
    int e = errno;
    if (e == ENOMEM)
        out_of_memory();
    SrcFile *f = arena_alloc(&c->arena, sizeof *f);
    f->path = arena_strdup(&c->arena, path);
    f->text = "";
    Loc l = {f, 0, 0, 1};
    if (e == EFBIG)
        diag_error(&c->diags, l, "file too large (limit max_file_size = %d bytes)",
                   MAX_INPUT_BYTES);
    else
        diag_error(&c->diags, l, "cannot read: %s", strerror(e));
    c->io_error = true;
}

const SrcFile *comp_read(Compilation *c, const char *path)
{
    char *data;
    const char *text;
    size_t len;
    struct stat st;
    now_doing(c, "reading", path);
    bool known = stat(path, &st) == 0;
    if (known && S_ISDIR(st.st_mode)) {
        errno = EISDIR;
    } else if (known && S_ISREG(st.st_mode) && st.st_size > MAX_INPUT_BYTES) {
        errno = EFBIG; /* refused before a byte is read */
    } else if (known && S_ISREG(st.st_mode) &&
               (text = read_regular(c, path, (size_t)st.st_size)) != NULL) {
        return add_file(c, path, text, (size_t)st.st_size);
    } else if (read_file(path, MAX_INPUT_BYTES, &data, &len) == 0) {
        const SrcFile *f = comp_add_text(c, path, data, len);
        free(data);
        return f;
    }
    cannot_read(c, path);
    return NULL;
}

/* Says why the rules, when there are any, are not checked: the card file
 * could not give them cards to be checked against. */
static bool rules_not_checked(Compilation *c, const char *why)
{
    Loc whole = {c->cards_file, 0, 0, 1};
    if (c->rule_files.len)
        diag_note(&c->diags, whole, "the rules were not checked: %s", why);
    return false;
}

/* build --blank NAME: NAME's copies made blank (blank.c); an unknown
 * NAME is said, exit status 2. */
static bool blank_card(Compilation *c)
{
    const char *why;
    if (!c->blank || cards_blank(c->cards, &c->arena, c->blank, &why))
        return true;
    fprintf(stderr, "cardc: --blank \"%s\": %s in %s\n", c->blank, why, c->cards_file->path);
    c->io_error = true;
    return false;
}

/* Loads the cards. A card file with errors still lets the rules be
 * checked, against the cards that loaded without error, when its types
 * did load and some card did; the rules are never built then. */
bool phase_load_cards(Compilation *c, const SrcFile *f)
{
    c->cards_file = f;
    now_doing(c, "reading", f->path);
    YNode *root = yaml_load(f, &yaml_default_limits, &c->diags);
    if (!root)
        return rules_not_checked(c, "the card file could not be read as YAML");
    c->cards = cards_load(root, f, &card_default_limits, &c->diags);
    if (!c->cards)
        return rules_not_checked(c, "the card file is not a map of cards");
    if (c->diags.nerrors == 0)
        return blank_card(c);
    c->card_errors = true;
    if (!c->rule_files.len)
        return false;
    if (c->cards->types_broken)
        return rules_not_checked(c, "the card types have errors (fix them first)");
    if (c->cards->ncards == 0)
        return rules_not_checked(c, "no card loaded without error");
    return true;
}

static bool has_suffix(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && strcmp(s + n - m, suf) == 0;
}

static int is_rules_file(const struct dirent *e)
{
    return has_suffix(e->d_name, ".rules") && e->d_name[0] != '.';
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* Reads every *.rules of the folder, in name order (names starting with
 * '.' are skipped). A folder that cannot be listed is reported: without
 * its rules, the cards alone would be checked as if that were all. */
static void read_rules(Compilation *c, const char *path)
{
    struct dirent **list;
    int n = scandir(path, &list, is_rules_file, by_name);
    if (n < 0) {
        cannot_read(c, path);
        return;
    }
    /* The names go into the arena first: if that runs out of memory, only
     * the list is lost, not an open directory. */
    const char **names = arena_alloc(&c->arena, sizeof *names * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        names[i] = arena_printf(&c->arena, "%s/%s", path, list[i]->d_name);
    for (int i = 0; i < n; i++)
        free(list[i]);
    free(list);
    for (int i = 0; i < n; i++) {
        const SrcFile *rf = comp_read(c, names[i]);
        if (rf)
            vec_push(&c->arena, &c->rule_files, (void *)rf);
    }
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
    read_rules(c, path);
    return phase_load_cards(c, f);
}

/* A card file and the rules files given with it (check --rules), read as
 * a game folder's, in the order given. Every rules file is read even when
 * one cannot be: each is reported. */
bool phase_open_with_rules(Compilation *c, const char *path, const char *const *rules,
                           int nrules)
{
    const SrcFile *f = comp_read(c, path);
    for (int i = 0; i < nrules; i++) {
        const SrcFile *rf = comp_read(c, rules[i]);
        if (rf)
            vec_push(&c->arena, &c->rule_files, (void *)rf);
    }
    return f && !c->io_error && phase_load_cards(c, f);
}

/* Parses card's effect into c->prog. When the check of texts is all that
 * reads it (Compilation.texts_only, and no rules), its tree is made in
 * c->trees and kept as what that check reads of it (sema_text_keep), the
 * tree dropped at once: 100,000 cards' trees took 285 MB, faulting their
 * pages in was a seventh of the time of `cardc check`, and walking them,
 * far apart in memory, most of its check of texts. */
static void parse_card_effect(Compilation *c, const CardDef *card)
{
    if (!c->texts_only || c->rule_files.len) {
        parse_effect(&c->arena, &c->diags, card, &c->prog);
        return;
    }
    int n = c->prog.effects.len;
    bool ok = parse_effect_tree(&c->arena, &c->trees, &c->diags, card, &c->prog);
    /* An effect with errors is not kept: phase_parse fails, and nothing
     * reads the effects then; its tree, which may be far deeper than the
     * C stack allows (parse.c, check_expr_depth), is never walked. */
    if (c->prog.effects.len > n && ok)
        c->prog.effects.items[n] = sema_text_keep(c->prog.effects.items[n], &c->arena);
    else
        c->prog.effects.len = n;
    arena_reset(&c->trees);
}

bool phase_parse(Compilation *c)
{
    int before = c->diags.nerrors;
    for (int i = 0; i < c->rule_files.len; i++) {
        const SrcFile *f = c->rule_files.items[i];
        now_doing(c, "parsing", f->path);
        parse_rules(&c->arena, &c->diags, f, &c->prog);
    }
    if (c->cards_file)
        now_doing(c, "parsing the effects in", c->cards_file->path);
    for (int i = 0; c->cards && i < c->cards->ncards; i++)
        if (c->cards->cards[i]->effect)
            parse_card_effect(c, c->cards->cards[i]);
    return c->diags.nerrors == before;
}

/* Says which cards the rules were checked against, when the card file
 * has errors. */
static void note_cards_checked(Compilation *c)
{
    const CardSet *cs = c->cards;
    Loc whole = {c->cards_file, 0, 0, 1};
    const char *s = cs->ncards == 1 ? "" : "s";
    if (cs->nleft_out == 0)
        diag_note(&c->diags, whole, "the rules were checked against all %d card%s, which "
                  "loaded without error", cs->ncards, s);
    else
        diag_note(&c->diags, whole, "the rules were checked against the %d card%s that "
                  "loaded without error (%d left out); what needs every card, such as "
                  "whether a card can ever be played, was not checked", cs->ncards, s,
                  cs->nleft_out);
}

bool phase_check(Compilation *c)
{
    now_doing(c, "checking", game_path(c));
    if (c->rule_files.len == 0) {
        /* card data alone: effects are parsed, and the cards they name
         * checked, but nothing else is resolved without rules */
        int before = c->diags.nerrors;
        if (c->cards)
            sema_effect_names(&c->diags, c->cards, &c->prog, true);
        return c->diags.nerrors == before;
    }
    bool ok = sema_check(&c->arena, &c->diags, c->cards, &c->prog, &c->game);
    if (!c->card_errors)
        return ok;
    note_cards_checked(c);
    return false; /* a game whose card file has errors is not built */
}

void comp_merge_shared(Compilation *c)
{
    diags_merge_repeats(&c->diags);
    for (int i = 0; i < c->prog.shared.len; i++) {
        const SharedUse *u = c->prog.shared.items[i];
        char msg[200];
        snprintf(msg, sizeof msg, "used here by card '%s'", u->card);
        diags_note_within(&c->diags, u->from, u->to, u->use, msg);
    }
    for (int i = 0; c->cards && i < c->cards->alias_uses.len; i++) {
        const CardAliasUse *u = c->cards->alias_uses.items[i];
        char msg[200];
        if (u->card)
            snprintf(msg, sizeof msg, "used here by card '%s'", u->card);
        else
            snprintf(msg, sizeof msg, "used here by a card");
        diags_note_within(&c->diags, u->at, u->at, u->use, msg);
    }
}

bool phase_analyse(Compilation *c)
{
    now_doing(c, "analysing", game_path(c));
    if (c->rule_files.len)
        analyse_game(&c->arena, &c->game);
    return true;
}

void phase_emit(Compilation *c, Buf *out)
{
    now_doing(c, "generating the C of", game_path(c));
    if (c->rule_files.len) {
        cgen_game(out, &c->arena, &c->game, c->dir ? c->dir : c->cards_file->path);
    } else {
        emit_banner(out, c->cards_file->path);
        emit_cards(out, &c->arena, c->cards, true);
    }
}
