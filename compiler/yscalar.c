/* yscalar.c: a YAML scalar read again, recording where each character of
 * its text comes from.
 *
 * Each style is read as libyaml 0.2's scanner reads it, keeping its names
 * for the pending pieces: the blanks between two words, the
 * first line break of a run ("leading break") and the breaks after it
 * ("trailing breaks"), which are joined, folded into a space or dropped
 * only when the next character shows which. Pending pieces are kept as
 * places in the file and read again when joined, so the whole scalar is
 * read about twice: linear in its length.
 *
 * Two notions of line meet here. libyaml's, which decides the text: a line
 * ends at \r, \n, \r\n, NEL, LS or PS, and block indentation counts
 * characters from there (Walk.ycol). An editor's, which places it: only
 * \n ends a line (Walk.line, Walk.col).
 *
 * Every character produced is compared at once with libyaml's text (Sink):
 * the first difference stops the reading, and the map is not used. Where
 * the scalar ends is not worked out (that needs the indentation of the
 * parent, the flow level, the comments...): a plain scalar is read until
 * it has produced the whole text, a quoted one to its closing quote, a
 * block to the end of its indentation, which the text itself gives. */
#include "yscalar.h"

#include <stdlib.h>
#include <string.h>

/* ---- reading the file ---------------------------------------------------- */

typedef struct Walk {
    const char *t;
    size_t len, off;            /* the file's text; the next byte */
    int line, col;              /* where it is, as an editor shows it */
    int ycol;                   /* its column as libyaml counts: characters
                                 * since libyaml's last line break */
} Walk;

static bool at_end(const Walk *w)
{
    return w->off >= w->len;
}

static char peek(const Walk *w)
{
    return at_end(w) ? '\0' : w->t[w->off];
}

/* The bytes of the line break at w as libyaml sees one (\r\n is one), or
 * 0 if there is none. */
static int break_at(const Walk *w)
{
    const unsigned char *p = (const unsigned char *)w->t + w->off;
    size_t left = w->len - w->off;
    if (at_end(w) || (p[0] != '\r' && p[0] != '\n' && p[0] != 0xC2 && p[0] != 0xE2))
        return 0;
    if (p[0] == '\r')
        return left >= 2 && p[1] == '\n' ? 2 : 1;
    if (p[0] == '\n')
        return 1;
    if (left >= 2 && p[0] == 0xC2 && p[1] == 0x85)
        return 2; /* NEL */
    if (left >= 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0xA8 || p[2] == 0xA9))
        return 3; /* LS, PS */
    return 0;
}

static bool at_blank(const Walk *w)
{
    return peek(w) == ' ' || peek(w) == '\t';
}

static bool at_blankz(const Walk *w)
{
    return at_end(w) || at_blank(w) || break_at(w);
}

/* The bytes of the character at w: its first and its continuation bytes. */
static int width_at(const Walk *w)
{
    int n = 1;
    while (w->off + (size_t)n < w->len && n < 4 &&
           ((unsigned char)w->t[w->off + (size_t)n] & 0xC0) == 0x80)
        n++;
    return n;
}

/* Moves w over one character (a line break counts as one). */
static void step(Walk *w)
{
    if (at_end(w))
        return;
    unsigned char c = (unsigned char)w->t[w->off];
    if (c >= 0x20 && c < 0x80) { /* most characters: one byte, no break */
        w->off++;
        w->col++;
        w->ycol++;
        return;
    }
    int b = break_at(w);
    int n = b ? b : width_at(w);
    for (int i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)w->t[w->off + (size_t)i];
        if (ch == '\n') {
            w->line++;
            w->col = 1;
        } else if ((ch & 0xC0) != 0x80) {
            w->col++;
        }
    }
    w->off += (size_t)n;
    w->ycol = b ? 0 : w->ycol + 1;
}

static YPos pos(const Walk *w)
{
    YPos p = {w->line, w->col, 0};
    return p;
}

/* ---- producing the text ----------------------------------------------- */

/* The text produced so far, checked against libyaml's as it grows. */
typedef struct Sink {
    const char *want;           /* libyaml's text */
    size_t len, k;              /* its length; the bytes produced so far */
    YPos *at;                   /* the place of each character produced */
    int n, cap;                 /* characters produced; the text's */
    YPos end;                   /* where the text produced so far ends */
    bool bad;                   /* it differed from libyaml's */
} Sink;

static bool complete(const Sink *s)
{
    return s->bad || s->k == s->len;
}

/* Produces one character, the bytes b[0..nb), written from p to end
 * (where the text then ends; a line break is written at p, and ends it
 * there). */
static void put(Sink *s, const char *b, int nb, YPos p, YPos end)
{
    if (s->bad || s->n >= s->cap || s->len - s->k < (size_t)nb || s->want[s->k] != b[0] ||
        (nb > 1 && memcmp(s->want + s->k, b, (size_t)nb) != 0)) {
        s->bad = true;
        return;
    }
    p.cols = end.line == p.line && end.col > p.col ? end.col - p.col : 1;
    s->k += (size_t)nb;
    s->at[s->n++] = p;
    s->end = end;
}

/* Produces the character at w as it is, and moves over it. Most are one
 * printable ASCII byte that libyaml's text has next: one column, placed
 * at once (what put would do, in fewer steps). */
static void put_char(Sink *s, Walk *w)
{
    unsigned char c = at_end(w) ? 0 : (unsigned char)w->t[w->off];
    if (c >= 0x20 && c < 0x80 && width_at(w) == 1 && !s->bad && s->n < s->cap &&
        s->k < s->len && (unsigned char)s->want[s->k] == c) {
        YPos p = {w->line, w->col, 1};
        s->at[s->n++] = p;
        s->k++;
        w->off++;
        w->col++;
        w->ycol++;
        s->end = pos(w);
        return;
    }
    YPos p = pos(w);
    const char *b = w->t + w->off;
    int nb = width_at(w);
    step(w);
    put(s, b, nb, p, pos(w));
}

/* Produces the line break at w as libyaml keeps it: LS and PS as they are,
 * the others as \n; it is placed, and the text ends, at the break. */
static void put_break(Sink *s, const Walk *w)
{
    bool lsps = break_at(w) == 3;
    put(s, lsps ? w->t + w->off : "\n", lsps ? 3 : 1, pos(w), pos(w));
}

/* Whether the break at w becomes \n (CR, LF, CR LF or NEL), which folding
 * may turn into a space; LS and PS are kept. */
static bool break_is_newline(const Walk *w)
{
    return break_at(w) != 3;
}

/* ---- what is pending between two words ---------------------------------- */

typedef struct Pending {
    Walk blanks;                /* the first blank of a run on one line */
    int nblanks;
    Walk lead;                  /* the first line break of a run */
    bool has_lead;
    Walk trail;                 /* the first of the breaks after it */
    int ntrail;
} Pending;

/* The run of blanks, as it is (they are one byte each). */
static void join_blanks(Sink *s, Pending *p)
{
    Walk w = p->blanks;
    for (int i = 0; i < p->nblanks; i++)
        put_char(s, &w);
    p->nblanks = 0;
}

/* The trailing breaks, as they are; what lies between them (blanks, or a
 * block's indentation) is not part of the text. */
static void join_trailing(Sink *s, Pending *p)
{
    Walk w = p->trail;
    for (int i = 0; i < p->ntrail && !s->bad; i++) {
        while (!at_end(&w) && !break_at(&w))
            step(&w);
        put_break(s, &w);
        step(&w);
    }
    p->ntrail = 0;
}

/* The breaks of a plain or quoted scalar: a single \n folds into a space,
 * a \n before more breaks is dropped, LS and PS stay. */
static void join_breaks_folded(Sink *s, Pending *p)
{
    if (p->has_lead && break_is_newline(&p->lead)) {
        if (p->ntrail == 0)
            put(s, " ", 1, pos(&p->lead), pos(&p->lead));
    } else if (p->has_lead) {
        put_break(s, &p->lead);
    }
    p->has_lead = false;
    join_trailing(s, p);
}

/* Moves over blanks and line breaks, noting them in p as libyaml does:
 * blanks before the first break are kept for joining, blanks after it are
 * not; the first break leads, the later ones trail. *breaking says
 * whether a break has been met (and is set when one is). */
static void skip_blanks(Walk *w, Pending *p, bool *breaking)
{
    while (at_blank(w) || break_at(w)) {
        if (at_blank(w)) {
            if (!*breaking && p->nblanks++ == 0)
                p->blanks = *w;
        } else if (!*breaking) {
            p->nblanks = 0;
            p->lead = *w;
            p->has_lead = true;
            *breaking = true;
        } else if (p->ntrail++ == 0) {
            p->trail = *w;
        }
        step(w);
    }
}

/* ---- plain and quoted scalars ------------------------------------------- */

/* A plain scalar, read until it has produced libyaml's whole text (what
 * ends it there, a comment, ': ', a flow indicator or the indentation,
 * produces nothing). */
static void map_plain(Sink *s, Walk *w)
{
    Pending p = {0};
    bool breaking = false;
    while (!complete(s) && !at_end(w)) {
        while (!at_blankz(w) && !complete(s)) {
            if (breaking)
                join_breaks_folded(s, &p);
            else
                join_blanks(s, &p);
            breaking = false;
            put_char(s, w);
        }
        skip_blanks(w, &p, &breaking);
    }
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* The UTF-8 bytes of code point v into b; their number. */
static int encode_utf8(unsigned v, char *b)
{
    if (v < 0x80) {
        b[0] = (char)v;
        return 1;
    }
    if (v < 0x800) {
        b[0] = (char)(0xC0 | v >> 6);
        b[1] = (char)(0x80 | (v & 0x3F));
        return 2;
    }
    if (v < 0x10000) {
        b[0] = (char)(0xE0 | v >> 12);
        b[1] = (char)(0x80 | (v >> 6 & 0x3F));
        b[2] = (char)(0x80 | (v & 0x3F));
        return 3;
    }
    b[0] = (char)(0xF0 | v >> 18);
    b[1] = (char)(0x80 | (v >> 12 & 0x3F));
    b[2] = (char)(0x80 | (v >> 6 & 0x3F));
    b[3] = (char)(0x80 | (v & 0x3F));
    return 4;
}

/* The code point that the escape \e stands for, or -1 (\x, \u and \U,
 * which hex digits follow, or an escape libyaml refuses). */
static long escaped(char e)
{
    switch (e) {
    case '0': return 0;
    case 'a': return '\a';
    case 'b': return '\b';
    case 't': case '\t': return '\t';
    case 'n': return '\n';
    case 'v': return '\v';
    case 'f': return '\f';
    case 'r': return '\r';
    case 'e': return 0x1B;
    case ' ': case '"': case '/': case '\\': return e;
    case 'N': return 0x85;     /* NEL */
    case '_': return 0xA0;     /* no-break space */
    case 'L': return 0x2028;   /* LS */
    case 'P': return 0x2029;   /* PS */
    default: return -1;
    }
}

/* The character of the escape at w (a backslash, not before a line break)
 * in a double-quoted scalar, placed at the backslash. */
static void map_escape(Sink *s, Walk *w)
{
    YPos at = pos(w);
    step(w);
    char e = peek(w), b[4];
    long v0 = at_end(w) ? -1 : escaped(e);
    int nb = v0 >= 0 ? encode_utf8((unsigned)v0, b) : 0;
    int digits = e == 'x' ? 2 : e == 'u' ? 4 : e == 'U' ? 8 : 0;
    step(w);
    unsigned v = 0;
    for (int i = 0; i < digits; i++, step(w)) {
        int h = hex_value(peek(w));
        if (h < 0) {
            s->bad = true;
            return;
        }
        v = v << 4 | (unsigned)h;
    }
    if (digits && ((v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF)) {
        s->bad = true;
        return;
    }
    if (digits)
        nb = encode_utf8(v, b);
    if (!nb)
        s->bad = true; /* an escape libyaml refuses */
    else
        put(s, b, nb, at, pos(w));
}

/* Reads the words of a quoted scalar up to a blank, a line break or the
 * closing quote q; true if it ended at an escaped line break (`\` at the
 * end of a line: the break and the next line's indentation vanish). */
static bool map_quoted_words(Sink *s, Walk *w, char q)
{
    while (!at_blankz(w) && !s->bad) {
        Walk next = *w;
        step(&next);
        if (q == '\'' && peek(w) == '\'' && peek(&next) == '\'') {
            YPos at = pos(w);
            step(&next);
            *w = next;
            put(s, "'", 1, at, pos(w)); /* '' is one quote */
        } else if (peek(w) == q) {
            return false;
        } else if (q == '"' && peek(w) == '\\' && break_at(&next)) {
            step(&next);
            *w = next;
            return true;
        } else if (q == '"' && peek(w) == '\\') {
            map_escape(s, w);
        } else {
            put_char(s, w);
        }
    }
    return false;
}

/* A single- or double-quoted scalar (w at its opening quote q): words,
 * and between them blanks kept and line breaks folded; the text ends at
 * the closing quote. */
static void map_quoted(Sink *s, Walk *w, char q)
{
    Pending p = {0};
    step(w);
    while (!s->bad) {
        if (at_end(w)) {
            s->bad = true;
            return;
        }
        bool breaking = map_quoted_words(s, w, q);
        if (peek(w) == q)
            break;
        skip_blanks(w, &p, &breaking);
        if (breaking)
            join_breaks_folded(s, &p);
        else
            join_blanks(s, &p);
    }
    s->end = pos(w);
}

/* ---- block scalars ----------------------------------------------------- */

/* The header after | or >: chomping (-1 strip, 0 clip, +1 keep) and an
 * indentation digit in either order, blanks, a comment, the line break;
 * false if w is not at the end of the line then. */
static bool block_header(Walk *w, int *chomping)
{
    step(w);
    for (int i = 0; i < 2; i++) {
        if (peek(w) == '+' || peek(w) == '-') {
            *chomping = peek(w) == '+' ? 1 : -1;
            step(w);
        } else if (peek(w) >= '1' && peek(w) <= '9') {
            step(w); /* the indentation is found from the text instead */
        }
    }
    while (at_blank(w))
        step(w);
    if (peek(w) == '#')
        while (!at_end(w) && !break_at(w))
            step(w);
    if (!at_end(w) && !break_at(w))
        return false;
    step(w);
    return true;
}

/* The line breaks that begin the text (what its empty first lines give). */
static int leading_breaks(const Sink *s, size_t *bytes)
{
    int n = 0;
    size_t i = 0;
    while (i < s->len) {
        if (s->want[i] == '\n') {
            i++;
        } else if (s->len - i >= 3 && memcmp(s->want + i, "\xE2\x80", 2) == 0 &&
                   ((unsigned char)s->want[i + 2] == 0xA8 ||
                    (unsigned char)s->want[i + 2] == 0xA9)) {
            i += 3;
        } else {
            break;
        }
        n++;
    }
    *bytes = i;
    return n;
}

/* The indentation of a block's content (w at its first line), from the
 * text: the first line with content comes after as many lines as the
 * text has leading breaks; its spaces less those the text keeps are the
 * indentation. libyaml gets it from the parent's indentation and the
 * indicator digit, or from the first lines; both agree with this where
 * the text has content. 0 if the text has none. */
static int block_indent(const Sink *s, Walk w)
{
    size_t skip;
    int lines = leading_breaks(s, &skip);
    if (skip == s->len)
        return 0;
    for (int i = 0; i < lines && !at_end(&w); i++) {
        while (!at_end(&w) && !break_at(&w))
            step(&w);
        step(&w);
    }
    int spaces = 0, kept = 0;
    while (peek(&w) == ' ') {
        step(&w);
        spaces++;
    }
    while (skip + (size_t)kept < s->len && s->want[skip + (size_t)kept] == ' ')
        kept++;
    return spaces - kept;
}

/* Moves over a block's indentation and its empty lines, which trail in p
 * (libyaml's yaml_parser_scan_block_scalar_breaks); false at a tab in the
 * indentation, which libyaml refuses. */
static bool block_breaks(Walk *w, int indent, Pending *p)
{
    for (;;) {
        while (w->ycol < indent && peek(w) == ' ')
            step(w);
        if (w->ycol < indent && peek(w) == '\t')
            return false;
        if (!break_at(w))
            return true;
        if (p->ntrail++ == 0)
            p->trail = *w;
        step(w);
    }
}

/* The lines of a block (w at its first line, indent > 0): each line's
 * content as it is; between lines, the line break (literal) or a space
 * (folded, unless a line is empty or starts with a blank); at the end, the
 * chomping. */
static void map_block_lines(Sink *s, Walk *w, int indent, bool literal, int chomping)
{
    Pending p = {0};
    bool leading_blank = false;
    if (!block_breaks(w, indent, &p))
        s->bad = true;
    while (w->ycol == indent && !at_end(w) && !s->bad) {
        bool trailing_blank = at_blank(w);
        if (!literal && p.has_lead && break_is_newline(&p.lead) && !leading_blank &&
            !trailing_blank) {
            if (p.ntrail == 0)
                put(s, " ", 1, pos(&p.lead), pos(&p.lead));
        } else if (p.has_lead) {
            put_break(s, &p.lead);
        }
        p.has_lead = false;
        join_trailing(s, &p);
        leading_blank = at_blank(w);
        while (!at_end(w) && !break_at(w) && !s->bad)
            put_char(s, w);
        if (break_at(w)) {
            p.lead = *w;
            p.has_lead = true;
            step(w);
        }
        if (!block_breaks(w, indent, &p))
            s->bad = true;
    }
    if (chomping != -1 && p.has_lead)
        put_break(s, &p.lead);
    if (chomping == 1)
        join_trailing(s, &p);
}

/* A literal (|) or folded (>) block scalar, w at its indicator. */
static void map_block(Sink *s, Walk *w, bool literal)
{
    int chomping = 0;
    if (!block_header(w, &chomping)) {
        s->bad = true;
        return;
    }
    int indent = block_indent(s, *w);
    if (indent > 0) {
        map_block_lines(s, w, indent, literal, chomping);
        return;
    }
    /* No content, only the empty lines that keep chomping keeps. */
    for (Walk p = *w; !complete(s) && !at_end(&p); step(&p))
        if (break_at(&p))
            put_break(s, &p);
}

/* ---- the scalar ---------------------------------------------------------- */

static bool is_anchor_char(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           c == '_' || c == '-';
}

/* Moves w from where the node starts over its anchor and tag (and any
 * blanks, line breaks and comments after them) to the scalar itself. An
 * anchor is made of letters, digits, '_' and '-' (`&an:chor x` anchors
 * ":chor x"); a tag runs to a blank (if a ',' ends it, in a flow, the
 * scalar is empty and not read). */
static void skip_properties(Walk *w)
{
    for (;;) {
        if (peek(w) == '&') {
            step(w);
            while (is_anchor_char(peek(w)))
                step(w);
        } else if (peek(w) == '!') {
            while (!at_blankz(w))
                step(w);
        } else if (at_blank(w) || break_at(w)) {
            step(w);
        } else if (peek(w) == '#') {
            while (!at_end(w) && !break_at(w))
                step(w);
        } else {
            return;
        }
    }
}

/* ---- fast paths -----------------------------------------------------------
 *
 * Most effects are written in one of two simple ways: a literal block
 * whose lines are printable ASCII, each indented alike, with no empty line
 * and one line break kept at the end; or a quoted or plain scalar on one
 * line, whose only escapes are \" and \\. Their places are arithmetic: each
 * is checked byte for byte against the file while it is placed, and any
 * other byte (a tab, a line break where the text has none, a character
 * that is not ASCII, another escape) gives the scalar back to the reading
 * above, which places every style. yscalar_read is that reading alone:
 * the unit tests check that both give the same places. */

static bool printable(unsigned char c)
{
    return c >= 0x20 && c < 0x7F;
}

/* Is every byte of s[0..n) printable ASCII? Eight at a time: with no
 * byte of 0x80 or more, a byte below 0x20 is one that 0x60 added leaves
 * below 0x80, and 0x7F the one that 1 added takes to 0x80 (no sum carries
 * into the next byte). */
static bool all_printable(const char *s, size_t n)
{
    const uint64_t high = 0x8080808080808080u, ones = 0x0101010101010101u;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x;
        memcpy(&x, s + i, 8);
        if ((x & high) || ((x + ones) & high) || (~(x + 0x60 * ones) & high))
            return false;
    }
    for (; i < n; i++)
        if (!printable((unsigned char)s[i]))
            return false;
    return true;
}

/* Places a quoted (q, its quote) or plain (q == 0) scalar written on one
 * line, w at its first character (its quote); false if it is not that
 * simple. */
static bool fast_line(Sink *s, Walk w, char q)
{
    /* in locals, written back once: stores through s->at (ints) could
     * change s->k and s->n, so the compiler would keep them in memory */
    const char *t = w.t, *want = s->want;
    size_t off = w.off + (q != 0), k = s->k, len = s->len;
    int col = w.col + (q != 0), n = s->n;
    YPos *at = s->at;
    char bs = q == '"' ? '\\' : 0; /* the escape of the style, if any */
    while (k < len) {
        /* a run of characters written as they are: printable, neither the
         * quote nor the escape, and libyaml's */
        size_t most = len - k < w.len - off ? len - k : w.len - off, run = 0;
        const char *from = t + off, *to = want + k;
        while (run < most && from[run] == to[run] && printable((unsigned char)from[run]) &&
               from[run] != q && from[run] != bs)
            run++;
        for (size_t i = 0; i < run; i++)
            at[n++] = (YPos){w.line, col + (int)i, 1};
        k += run;
        off += run;
        col += (int)run;
        if (k == len)
            break;
        /* then an escape \" or \\, or the end of the fast path */
        if (off + 1 >= w.len || t[off] != bs || (t[off + 1] != '"' && t[off + 1] != '\\') ||
            want[k] != t[off + 1])
            return false;
        at[n++] = (YPos){w.line, col, 2};
        k++;
        off += 2;
        col += 2;
    }
    if (q && (off >= w.len || t[off] != q))
        return false;
    s->k = k;
    s->n = n;
    s->end = (YPos){w.line, col, 0};
    return true;
}

/* Places a literal block with the default chomping whose every line has
 * printable ASCII after the same indentation, w at its '|'; false if it is
 * not that simple. */
static bool fast_literal(Sink *s, Walk w)
{
    int chomping = 0;
    if (!block_header(&w, &chomping) || chomping != 0 || w.col != 1 || s->want[0] == '\n' ||
        s->want[s->len - 1] != '\n')
        return false;
    size_t indent = (size_t)block_indent(s, w), off = w.off;
    int line = w.line;
    /* in locals, written back once (as in fast_line) */
    size_t k = s->k;
    int placed = s->n;
    YPos *at = s->at;
    while (k < s->len) {
        const char *from = s->want + k;
        size_t n = (size_t)((const char *)memchr(from, '\n', s->len - k) - from);
        if (n == 0 || indent == 0 || w.len - off < indent + n + 1 || w.t[off + indent + n] != '\n')
            return false;
        for (size_t i = 0; i < indent; i++)
            if (w.t[off + i] != ' ')
                return false;
        if (!all_printable(from, n) || memcmp(w.t + off + indent, from, n) != 0)
            return false;
        for (size_t i = 0; i <= n; i++)
            at[placed++] = (YPos){line, (int)(indent + i) + 1, 1};
        s->end = (YPos){line, (int)(indent + n) + 1, 0};
        k += n + 1;
        off += indent + n + 1;
        line++;
    }
    s->k = k;
    s->n = placed;
    return true;
}

/* Tries the fast paths for a scalar of style `style`, w at it; on failure
 * the sink is as it was. */
static bool map_fast(Sink *s, Walk w, char style)
{
    if (s->cap != (int)s->len) /* not ASCII: a character may take more bytes */
        return false;
    YPos end = s->end;
    bool ok;
    if (style == '|')
        ok = fast_literal(s, w);
    else
        ok = style != '>' && !memchr(s->want, '\n', s->len) &&
             fast_line(s, w, style == 'p' ? 0 : style);
    if (!ok) {
        s->n = 0;
        s->k = 0;
        s->end = end;
    }
    return ok;
}

/* The reading of scalar n of f into a fresh sink: fast (the fast paths
 * may be tried) or not. */
static bool map_scalar(const SrcFile *f, const YNode *n, YPos **out, bool fast)
{
    *out = NULL;
    Sink s = {.want = n->str, .len = n->len, .cap = utf8_count(n->str, n->len)};
    s.end.line = n->loc.line;
    s.end.col = n->loc.col;
    if (n->src > f->len)
        return false;
    s.at = xmalloc(sizeof *s.at * ((size_t)s.cap + 1));
    if (n->len > 0) {
        Walk w = {f->text, f->len, n->src, n->loc.line, n->loc.col, 0};
        skip_properties(&w);
        char c = peek(&w);
        if (c != (n->style == 'p' ? c : n->style))
            s.bad = true;
        else if (fast && map_fast(&s, w, n->style))
            ; /* placed */
        else if (n->style == '\'' || n->style == '"')
            map_quoted(&s, &w, n->style);
        else if (n->style == '|' || n->style == '>')
            map_block(&s, &w, n->style == '|');
        else
            map_plain(&s, &w);
    }
    if (s.bad || s.k != s.len || s.n != s.cap) {
        free(s.at);
        return false;
    }
    s.at[s.n] = s.end;
    *out = s.at;
    return true;
}

bool yscalar_map(const SrcFile *f, const YNode *n, YPos **out)
{
    return map_scalar(f, n, out, true);
}

bool yscalar_read(const SrcFile *f, const YNode *n, YPos **out)
{
    return map_scalar(f, n, out, false);
}
