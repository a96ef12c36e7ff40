/* test_scan_fast.c: the scanner of an effect's first parse (scan_fast.c)
 * gives the tokens of the flex scanner (grammar/lexer.l), at the same
 * places and with the same values, up to where it gives up. Every ASCII
 * file of decks/ and examples/ is scanned both ways (rules, card files,
 * expected outputs: text the scanners must agree on whatever it is), and
 * texts written for each token, each keyword and each case where the
 * scanner must give up. */
#include "helpers.h"
#include "parse.h"
#include "parser.tab.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int rllex_init_extra(struct Lexer *extra, void **scanner);
int rllex_destroy(void *scanner);
struct yy_buffer_state *rl_scan_bytes(const char *bytes, int len, void *scanner);

/* One token: its code, place and value. */
typedef struct Tok {
    int code;
    RLLTYPE loc;
    RLSTYPE val;
} Tok;

static bool same_tok(const Tok *a, const Tok *b)
{
    if (a->code != b->code || a->loc.first_line != b->loc.first_line ||
        a->loc.first_column != b->loc.first_column || a->loc.last_line != b->loc.last_line ||
        a->loc.last_column != b->loc.last_column)
        return false;
    if (a->code == IDENT || a->code == STRING)
        return strcmp(a->val.str, b->val.str) == 0;
    return a->code != NUMBER || a->val.num == b->val.num;
}

/* Scans text both ways; returns how many tokens the fast scanner gave
 * before it gave up (or all of them), each checked against flex's. */
static int scan_both(const char *name, const char *text, bool *bailed)
{
    Arena a = {0};
    Diags d1, d2;
    diags_init(&d1, &a);
    diags_init(&d2, &a);
    Program prog = {0};
    SrcFile f = {name, text, strlen(text)};
    struct Lexer slow = {.arena = &a, .keep = &a, .d = &d1, .file = &f, .line = 1, .col = 1,
                         .prog = &prog};
    struct Lexer fast = {.arena = &a, .keep = &a, .d = &d2, .file = &f, .line = 1, .col = 1,
                         .prog = &prog, .fast = true, .src = text, .src_len = strlen(text)};
    void *sc;
    cr_assert_eq(rllex_init_extra(&slow, &sc), 0);
    rl_scan_bytes(text, (int)strlen(text), sc);
    Tok s = {0}, q = {0};
    int n = 0;
    for (;;) {
        q.code = rl_scan_fast(&q.val, &q.loc, &fast);
        if (fast.bailed)
            break;
        s.code = rllex(&s.val, &s.loc, sc);
        cr_assert(same_tok(&s, &q), "%s: token %d: flex %d at %d:%d-%d:%d, fast %d at "
                  "%d:%d-%d:%d", name, n, s.code, s.loc.first_line, s.loc.first_column,
                  s.loc.last_line, s.loc.last_column, q.code, q.loc.first_line,
                  q.loc.first_column, q.loc.last_line, q.loc.last_column);
        cr_assert_eq(fast.after_into, slow.after_into, "%s: token %d: after_into", name, n);
        cr_assert_eq(d2.list.len, d1.list.len, "%s: token %d: diagnostics", name, n);
        if (!q.code)
            break;
        n++;
    }
    rllex_destroy(sc);
    arena_free(&a);
    *bailed = fast.bailed;
    return n;
}

static void agrees(const char *text, bool bails)
{
    bool bailed;
    scan_both("t", text, &bailed);
    cr_assert_eq(bailed, bails, "\"%s\": %s", text, bails ? "scanned" : "gave up");
}

Test(scan_fast, every_token_and_keyword)
{
    agrees("game players zone var func proc let if else while loop repeat for in from "
           "where break return move all to top bottom shuffle choose option card cards "
           "player ask such that into true false none and or not end per when limit int "
           "bool effect on instead react cancel of by under until", false);
    agrees("gamer _x x1 Move IN a_b_c 0 7 007 1000000000 1..3 a.b == != <= >= += -= "
           "- + * / % < > = ( ) { } [ ] , . :", false);
    agrees("\"a string\" \"with \\\"escapes\\\" \\\\ \\n\" \"\" \"bad \\q\"", false);
    agrees("  # a comment\n\t\r\n  x # another\n# last", false);
    agrees("let c = first(pool where name == \"Happy Fox 0\")\nif c != none { move c to hand[me] }\n",
           false);
}

Test(scan_fast, gives_up_where_lexer_l_reports_or_looks_ahead)
{
    const char *bails[] = {"x at 3", "at end of turn { }", "1000000001", "99999999999999999999",
                           "12ab", "a && b", "a || b", "!a", "x;", "\"open", "\"a\\\nb\"",
                           "'q'", "x @ y", "a ? b", "\x01", "x\x7f"};
    for (size_t i = 0; i < sizeof bails / sizeof bails[0]; i++)
        agrees(bails[i], true);
    char *name = repeat("", "n", RL_MAX_IDENT + 1, "");
    agrees(name, true);
    free(name);
}

static bool ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80)
            return false;
    return true;
}

/* Scans every ASCII file under dir both ways; adds the tokens compared
 * to *tokens. */
static void scan_tree(const char *dir, long *tokens, int *files)
{
    DIR *dp = opendir(dir);
    cr_assert(dp, "cannot open %s (run from the repository's root)", dir);
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            scan_tree(path, tokens, files);
            continue;
        }
        size_t len;
        char *text = NULL;
        if (read_file(path, 1 << 24, &text, &len) == 0 && strlen(text) == len && ascii(text)) {
            bool bailed;
            *tokens += scan_both(path, text, &bailed);
            ++*files;
        }
        free(text);
    }
    closedir(dp);
}

Test(scan_fast, agrees_with_flex_on_every_file_of_the_examples)
{
    long tokens = 0;
    int files = 0;
    scan_tree("decks", &tokens, &files);
    scan_tree("examples", &tokens, &files);
    cr_assert_gt(files, 100);
    cr_assert_gt(tokens, 10000);
}
