/* scan_fast.c: the scanner of an effect's first parse (parse_effect).
 *
 * A card's effect is parsed first by the parser built without LAC
 * (rlparse_fast), and again by the parser with LAC and the flex scanner
 * (grammar/lexer.l) only if that first parse reports anything. This
 * scanner reads what most effects are made of, ASCII text of names,
 * keywords, numbers, strings, operators, blanks and comments, to the same
 * tokens and places as lexer.l. On anything else (a byte the scanner
 * of lexer.l would report, a name or a number past its limit, an
 * unterminated string, `at`, whose token depends on the words after it)
 * it gives up: Lexer.bailed, and the end of the text, and parse_effect
 * parses the effect again the slow way, which reports what lexer.l
 * reports. tests/unit/test_scan_fast.c compares the two scanners' tokens.
 *
 * It is a sixth of the cost of flex's per token: no scanner to make and
 * free per effect, no copy of the text, no table walk per byte. */
#include "parse.h"
#include "parser.tab.h"

#include <string.h>

/* The keywords of lexer.l, each with its token. */
static const struct {
    const char *word;
    int token;
} keywords[] = {
    {"game", GAME},     {"players", PLAYERS}, {"zone", ZONE},       {"var", VAR},
    {"func", FUNC},     {"proc", PROC},       {"let", LET},         {"if", IF},
    {"else", ELSE},     {"while", WHILE},     {"loop", LOOP},       {"repeat", REPEAT},
    {"for", FOR},       {"in", IN},           {"from", FROM},       {"where", WHERE},
    {"break", BREAK},   {"return", RETURN},   {"move", MOVE},       {"all", ALL},
    {"to", TO},         {"top", TOP},         {"bottom", BOTTOM},   {"at", AT},
    {"shuffle", SHUFFLE}, {"choose", CHOOSE}, {"option", OPTION},   {"card", CARD},
    {"cards", CARDS},   {"player", PLAYER},   {"ask", ASK},         {"such", SUCH},
    {"that", THAT},     {"into", INTO},       {"true", TRUE},       {"false", FALSE},
    {"none", NONE},     {"and", AND},         {"or", OR},           {"not", NOT},
    {"end", END},       {"per", PER},         {"when", WHEN},       {"limit", LIMIT},
    {"int", INT},       {"bool", BOOL},       {"effect", EFFECT},   {"on", ON},
    {"instead", INSTEAD}, {"react", REACT},   {"cancel", CANCEL},   {"of", OF},
    {"by", BY},         {"under", UNDER},     {"until", UNTIL},
};
enum { NKEYWORDS = sizeof keywords / sizeof keywords[0], KW_SLOTS = 256 };

/* An open-addressed table of the keywords: 1 + the index of each, by the
 * hash of its length and its first and last bytes. Filled at the first
 * use (cardc compiles on one thread). */
static unsigned char kw_slot[KW_SLOTS];

static unsigned kw_hash(const char *s, size_t n)
{
    return ((unsigned)n * 31u + (unsigned char)s[0] * 7u + (unsigned char)s[n - 1]) % KW_SLOTS;
}

static void kw_fill(void)
{
    for (int k = 0; k < NKEYWORDS; k++) {
        const char *w = keywords[k].word;
        unsigned i = kw_hash(w, strlen(w));
        while (kw_slot[i])
            i = (i + 1) % KW_SLOTS;
        kw_slot[i] = (unsigned char)(k + 1);
    }
}

/* The token of keyword s[0..n), or 0 if it is none. */
static int keyword(const char *s, size_t n)
{
    if (!kw_slot[kw_hash("if", 2)])
        kw_fill();
    for (unsigned i = kw_hash(s, n); kw_slot[i]; i = (i + 1) % KW_SLOTS) {
        const char *w = keywords[kw_slot[i] - 1].word;
        if (w[0] == s[0] && strncmp(w, s, n) == 0 && w[n] == '\0')
            return keywords[kw_slot[i] - 1].token;
    }
    return 0;
}

/* What the scanner asks of a byte (char_class). */
enum { C_IDENT = 1, C_DIGIT = 2, C_BLANK = 4, C_PUNCT = 8 };

/* Per byte, its C_ bits: a letter, a digit or '_' (C_IDENT; a digit also
 * C_DIGIT), a blank of lexer.l's [ \t\r] (C_BLANK), a token of one
 * character of lexer.l's [-+*\/%<>=(){}\[\],.:] (C_PUNCT). */
static unsigned char char_class(unsigned char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
        return C_IDENT;
    if (c >= '0' && c <= '9')
        return C_IDENT | C_DIGIT;
    if (c == ' ' || c == '\t' || c == '\r')
        return C_BLANK;
    return c && strchr("-+*/%<>=(){}[],.:", c) ? C_PUNCT : 0;
}

static unsigned char classes[256];

static void fill_classes(void)
{
    for (int c = 0; c < 256; c++)
        classes[c] = char_class((unsigned char)c);
}

static unsigned cls(char c)
{
    return classes[(unsigned char)c];
}

/* Moves the location over n bytes of one line (lexer.l's advance, for
 * ASCII text with no line break). */
static void advance(struct Lexer *lx, RLLTYPE *loc, size_t n)
{
    loc->first_line = loc->last_line = lx->line;
    loc->first_column = lx->col;
    lx->col += (int)n;
    loc->last_column = lx->col;
}

/* Moves over blanks, line breaks and comments (lexer.l's rules for them,
 * one match each: a run of blanks, a line break, a comment to the end of
 * its line). */
static void skip_space(struct Lexer *lx, RLLTYPE *loc)
{
    const char *t = lx->src;
    size_t n = lx->src_len, p = lx->src_at;
    while (p < n) {
        size_t q = p + 1;
        if (cls(t[p]) & C_BLANK) {
            while (q < n && (cls(t[q]) & C_BLANK))
                q++;
        } else if (t[p] == '#') {
            const char *nl = memchr(t + p, '\n', n - p);
            q = nl ? (size_t)(nl - t) : n;
        } else if (t[p] == '\n') {
            loc->first_line = lx->line;
            loc->first_column = lx->col;
            lx->line++;
            lx->col = lexer_line_start_col(lx, lx->line);
            loc->last_line = lx->line;
            loc->last_column = lx->col;
            p = q;
            continue;
        } else {
            break;
        }
        advance(lx, loc, q - p);
        p = q;
    }
    lx->src_at = p;
}

/* The length of the token at t[p..n) that is an operator or punctuation,
 * and in *tok its token; 0 if there is none there that lexer.l takes
 * without a word ('&&', '!', ';' and the rest are reported there). */
static size_t punct(const char *t, size_t p, size_t n, int *tok)
{
    char next = p + 1 < n ? t[p + 1] : '\0';
    switch (t[p]) {
    case '.':
        *tok = next == '.' ? DOTDOT : '.';
        break;
    case '=':
        *tok = next == '=' ? EQ : '=';
        break;
    case '!':
        *tok = next == '=' ? NE : 0;
        break;
    case '<':
        *tok = next == '=' ? LE : '<';
        break;
    case '>':
        *tok = next == '=' ? GE : '>';
        break;
    case '+':
        *tok = next == '=' ? PLUSEQ : '+';
        break;
    case '-':
        *tok = next == '=' ? MINUSEQ : '-';
        break;
    default:
        *tok = cls(t[p]) & C_PUNCT ? (unsigned char)t[p] : 0;
        return *tok != 0;
    }
    return *tok == 0 ? 0 : *tok < 256 ? 1 : 2;
}

/* A string "..." at t[p] (lexer.l: \"([^"\\\n]|\\.)*\"): its length, or
 * 0 if it is not closed on its line. */
static size_t string_len(const char *t, size_t p, size_t n)
{
    for (size_t q = p + 1; q < n; q++) {
        if (t[q] == '"')
            return q + 1 - p;
        if (t[q] == '\n' || (t[q] == '\\' && (q + 1 >= n || t[++q] == '\n')))
            return 0;
    }
    return 0;
}

/* Gives up: the rest of the text is not read, and parse_effect parses it
 * again with lexer.l. */
static int bail(struct Lexer *lx)
{
    lx->bailed = true;
    lx->src_at = lx->src_len;
    return 0;
}

/* A name, a keyword or a number at t[p..q), q the end of its letters and
 * digits. */
static int word(struct Lexer *lx, RLSTYPE *lval, RLLTYPE *loc, size_t p, size_t q)
{
    const char *t = lx->src;
    size_t len = q - p;
    if (cls(t[p]) & C_DIGIT) {
        long long v = 0;
        for (size_t i = p; i < q; i++) {
            if (t[i] < '0' || t[i] > '9' || v > RL_MAX_NUMBER)
                return bail(lx); /* a malformed or too large number */
            v = v * 10 + (t[i] - '0');
        }
        if (v > RL_MAX_NUMBER)
            return bail(lx);
        advance(lx, loc, len);
        lx->src_at = q;
        lval->num = v;
        return NUMBER;
    }
    int kw = keyword(t + p, len);
    if (kw == AT || len > RL_MAX_IDENT)
        return bail(lx);
    advance(lx, loc, len);
    lx->src_at = q;
    if (kw == INTO)
        lx->after_into = true;
    if (kw)
        return kw;
    lval->str = lexer_intern(lx, t + p, (int)len);
    return IDENT;
}

int rl_scan_fast(union RLSTYPE *lval, struct RLLTYPE *loc, void *scanner)
{
    struct Lexer *lx = scanner;
    if (!classes['a'])
        fill_classes();
    if (!lx->started) {
        lx->started = true;
        loc->first_line = loc->last_line = lx->line;
        loc->first_column = loc->last_column = lx->col;
        return lx->word ? START_WORD : lx->effect ? START_EFFECT : START_RULES;
    }
    skip_space(lx, loc);
    const char *t = lx->src;
    size_t n = lx->src_len, p = lx->src_at, q = p;
    if (p >= n) {
        /* lexer.l's <<EOF>>: the end sits just after the last match */
        if (loc->last_line == loc->first_line)
            loc->first_column = loc->last_column;
        return 0;
    }
    while (q < n && (cls(t[q]) & C_IDENT))
        q++;
    if (q > p)
        return word(lx, lval, loc, p, q);
    int tok = 0;
    size_t len = t[p] == '"' ? string_len(t, p, n) : punct(t, p, n, &tok);
    if (!len)
        return bail(lx);
    advance(lx, loc, len);
    lx->src_at = p + len;
    if (t[p] != '"')
        return tok;
    lval->str = lexer_string(lx, loc, t + p + 1, (int)len - 2);
    return STRING;
}
