/* diag.h: source files, locations and diagnostics.
 *
 * One location type serves both inputs: the YAML loader fills it from
 * libyaml marks, the rules scanner from its own counters. Columns count
 * characters (UTF-8 code points), both start at 1. */
#ifndef CARDC_DIAG_H
#define CARDC_DIAG_H

#include <stdio.h>
#include "util.h"

typedef struct SrcFile {
    const char *path;   /* as given on the command line */
    const char *text;   /* whole contents, NUL-terminated */
    size_t len;
} SrcFile;

typedef struct Loc {
    const SrcFile *file;
    int line, col;      /* 1-based; 0 means "the file as a whole" */
    int span;           /* characters to underline, at least 1 */
} Loc;

typedef enum { SEV_ERROR, SEV_WARNING, SEV_NOTE } Severity;

typedef struct Diag {
    Severity sev;
    Loc loc;
    const char *msg;
    const char *hint;   /* optional */
    const char *origin; /* the compiler source file that made it (__FILE__,
                         * through diag_add): SARIF's rule ids (diag_sarif.c) */
} Diag;

typedef struct Diags {
    Arena *arena;
    PtrVec list;        /* Diag*, in the order found */
    int nerrors, nwarnings;
    int max_errors;     /* errors beyond this are counted, not kept */
    int dropped;
} Diags;

enum { DIAG_DEFAULT_MAX_ERRORS = 100 };

void diags_init(Diags *d, Arena *a);
/* Adds a diagnostic; diag_add names the calling file as its origin. */
Diag *diag_add_from(const char *origin, Diags *d, Severity sev, Loc loc, const char *hint,
                    const char *fmt, ...) __attribute__((format(printf, 6, 7)));
#define diag_add(...) diag_add_from(__FILE__, __VA_ARGS__)
/* Takes back the first diagnostic of severity sev at loc whose message
 * starts with prefix (one a later check says better); false if none. */
bool diag_remove(Diags *d, Severity sev, Loc loc, const char *prefix);

/* Where a Diags stands (its list and its counts), to take back what a try
 * reported: diags_since says whether anything was reported after mark,
 * diags_rewind forgets it (the parse of an effect without LAC, parse.c). */
typedef struct DiagMark {
    int len;            /* diagnostics in the list */
    int nerrors, nwarnings, dropped;    /* the counts of Diags */
} DiagMark;
DiagMark diags_mark(const Diags *d);
bool diags_since(const Diags *d, DiagMark mark);
void diags_rewind(Diags *d, DiagMark mark);
/* Would a diagnostic of this severity, added now, be kept (and printed)?
 * Past --max-errors it is only counted: a caller may skip the work of its
 * message (a "did you mean" over every name) but must still add it. */
bool diag_shown(const Diags *d, Severity sev);
#define diag_error(d, loc, ...) diag_add((d), SEV_ERROR, (loc), NULL, __VA_ARGS__)
#define diag_warning(d, loc, ...) diag_add((d), SEV_WARNING, (loc), NULL, __VA_ARGS__)
#define diag_note(d, loc, ...) diag_add((d), SEV_NOTE, (loc), NULL, __VA_ARGS__)

/* An unknown word: "WHAT 'WORD'; did you mean 'X'?" (with the hint) when
 * one of names[0..n) is close; otherwise "WHAT 'WORD'", followed by
 * " (expected one of: ...)" when list_few and n is at most 8. */
void diag_unknown_from(const char *origin, Diags *d, Loc at, const char *what,
                       const char *word, const char *const *names, int n, bool list_few);
#define diag_unknown(...) diag_unknown_from(__FILE__, __VA_ARGS__)

/* Takes out each error or warning that repeats an earlier one (the same
 * place and message), with its notes: a text checked twice, as an effect
 * used through a YAML alias is, is reported once. */
void diags_merge_repeats(Diags *d);
/* Adds a note at `at` under each error or warning placed from `from` to
 * `to` (of from's file). */
void diags_note_within(Diags *d, Loc from, Loc to, Loc at, const char *msg);
/* Prints FILE:LINE:COL: severity: message, the source line and a caret. */
void diags_print_text(const Diags *d, FILE *out);
/* The diagnostics in print order (by file and position, each error or
 * warning followed by its notes), in a heap array the caller frees. */
const Diag **diags_ordered(const Diags *d);
/* The same, with the place in bold and the severity in colour when colour
 * is true (the caller decides: a terminal, and NO_COLOR not set). */
void diags_print_text_styled(const Diags *d, FILE *out, bool colour);
/* Prints one JSON array of {file,line,column,severity,message[,hint]}. */
void diags_print_json(const Diags *d, FILE *out);
/* Appends the array's items to b (comma-separated from what b holds). */
void diags_json_items(const Diags *d, Buf *b);

const char *severity_name(Severity s);

#endif
