/* parse.h: the rules-language front end (grammar/lexer.l, grammar/parser.y).
 *
 * parse_rules reads a whole .rules file; parse_effect reads the text of a
 * card's `effect:`, a YAML scalar, and places its diagnostics in the YAML
 * file where each character of the text was written. */
#ifndef CARDC_PARSE_H
#define CARDC_PARSE_H

#include "ast.h"
#include "cards.h"

enum {
    RL_MAX_IDENT = 100,         /* characters in a name */
    RL_MAX_NUMBER = 1000000000, /* largest number literal */
    RL_MAX_DEPTH = 200,         /* nesting of blocks and expressions */
};

struct Lexer {
    Arena *arena;               /* the tree: nodes and their strings */
    Arena *keep;                /* what outlives the tree: the interned
                                 * identifiers (Program.effect_names), the
                                 * same arena but for parse_effect_tree's */
    Diags *d;
    const SrcFile *file;
    int line, col;              /* where the scanner is, in the text scanned */
    bool started;               /* the start token was sent */
    bool effect;                /* parse an effect, not a rules file */
    bool word;                  /* parse one expression, a word of a string
                                 * (parse_words) */
    bool fast;                  /* parse with the parser built without LAC
                                 * (rlparse_fast) and scan_fast.c's scanner:
                                 * an effect's first try, whose diagnostics
                                 * are taken back and made again by rlparse
                                 * and lexer.l (parse_effect) */
    const char *src;            /* fast: the text scanned, its length and */
    size_t src_len, src_at;     /* the next byte */
    bool bailed;                /* fast: the scanner gave up (scan_fast.c) */
    int depth;                  /* current nesting, for RL_MAX_DEPTH */
    Loc *open;                  /* RL_MAX_DEPTH places, the caller's: where
                                 * each open '{' or '(' was opened (each is
                                 * written when its bracket opens, before it
                                 * is read: an array in the Lexer, cleared
                                 * with it, cost an effect 600 instructions) */
    bool too_deep;
    int last_syntax_line;       /* one syntax error a line */
    bool after_into;            /* 'into' scanned and its 'choose cards' not
                                 * yet parsed: a name expected is 'size' */
    int quiet;                  /* no syntax errors: 1 until a statement or a
                                 * declaration ends, 2 for the rest of the
                                 * text (brackets out of step: an unterminated
                                 * string ate one, or a block was left open) */
    StrMap names;               /* interned identifiers */
    Program *prog;
    const CardDef *card;        /* the card whose effect this is */
    struct EffectMap *map;      /* an effect: where its text is in the YAML */
    Node *result;               /* the effect node */
    int located;                /* calls of lexer_loc so far, with those of
                                 * the words' parses: every node the parse
                                 * makes takes one, so no expression of its
                                 * tree is nested deeper than this */
};

/* Parses; returns false if it reported errors. */
bool parse_rules(Arena *a, Diags *d, const SrcFile *f, Program *prog);
/* Parses card->effect, placing what it reports in card->effect_loc's file
 * (a warning says so if the places inside the text cannot be found). */
bool parse_effect(Arena *a, Diags *d, const CardDef *card, Program *prog);
/* parse_effect with the effect's tree (its nodes and their strings) in
 * arena tree, and what outlives it (the interned identifiers, the list of
 * effects) in a: tree may be emptied once the tree has been read. */
bool parse_effect_tree(Arena *a, Arena *tree, Diags *d, const CardDef *card, Program *prog);

/* The scanner of a fast parse (scan_fast.c), scanner its struct Lexer. */
union RLSTYPE;
struct RLLTYPE;
int rl_scan_fast(union RLSTYPE *lval, struct RLLTYPE *loc, void *scanner);

/* For the scanner and the grammar actions. */
struct RLLTYPE;
void lexer_error(struct Lexer *lx, const struct RLLTYPE *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
const char *lexer_intern(struct Lexer *lx, const char *s, int len);
const char *lexer_string(struct Lexer *lx, const struct RLLTYPE *loc, const char *s,
                         int len);
int lexer_line_start_col(struct Lexer *lx, int line);
/* The words of a prompt or a label, *text (the string of the token at
 * at, its escapes undone): NULL when it names no value, and then *text
 * has '{{' and '}}' made single; else a WORDS node (ast.h) whose
 * expressions were parsed where they are written. */
struct Node *parse_words(struct Lexer *lx, const struct RLLTYPE *at, const char **text);
Loc lexer_loc(struct Lexer *lx, const struct RLLTYPE *loc);

#endif
