/* diag_sarif.h: diagnostics as SARIF 2.1.0 (cardc check --format=sarif).
 *
 * One log, one run: tool.driver names cardc and lists the rules its
 * results use; each error or warning is a result, its notes the result's
 * relatedLocations. A rule id says which kind of diagnostic it is: an
 * entry of the table in diag_sarif.c (the compiler file that made it and
 * words of its message), or, for a diagnostic no entry names, the file
 * alone ("sema-holders"): a new diagnostic has an id without an entry.
 * Columns are Unicode code points (columnKind "unicodeCodePoints"), as in
 * every cardc message. */
#ifndef CARDC_DIAG_SARIF_H
#define CARDC_DIAG_SARIF_H

#include "diag.h"

enum { SARIF_MAX_RULES = 256 };

/* The results of every PATH checked, and the rules they use. */
typedef struct SarifLog {
    Buf results;                /* the results' JSON, comma-separated */
    int nrules;
    struct SarifRule {
        char id[64];
        const char *text;       /* its short description (static) */
    } rules[SARIF_MAX_RULES];
} SarifLog;

/* Appends d's diagnostics to the log's results. */
void sarif_add(SarifLog *log, const Diags *d);
/* Writes the whole log to out and frees what it holds. */
void sarif_print(SarifLog *log, FILE *out);
/* The rule id of diagnostic g into id (size bytes); returns its short
 * description. */
const char *sarif_rule_of(const Diag *g, char *id, size_t size);

#endif
