/* helpers.h: shared by the Criterion unit tests in tests/unit. */
#ifndef CARDC_TEST_HELPERS_H
#define CARDC_TEST_HELPERS_H

#include "cardc.h"

/* Initialises c and loads text as the card file "t.yaml"; returns what
 * phase_load_cards returned. The caller calls comp_free(c). */
bool load_cards_text(Compilation *c, const char *text, size_t len);
#define LOAD(c, text) load_cards_text((c), (text), sizeof(text) - 1)

/* The first diagnostic of severity sev at line:col whose message contains
 * part, or NULL. */
const Diag *find_diag(const Compilation *c, Severity sev, int line, int col,
                      const char *part);
/* The first diagnostic whose message contains part, or NULL. */
const Diag *find_msg(const Compilation *c, const char *part);

/* All diagnostics of c as printed text (or JSON); the caller frees. */
char *diags_text(const Compilation *c, bool json);

/* Asserts that loading gave a consistent answer: success with no error, or
 * failure with at least one error, every diagnostic inside the file, and
 * both printers working. */
void check_sane(const Compilation *c, bool ok);

/* A string of text repeated n times, then tail; the caller frees. */
char *repeat(const char *head, const char *text, long n, const char *tail);

#endif
