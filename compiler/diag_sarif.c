/* diag_sarif.c: diagnostics as SARIF 2.1.0 (see diag_sarif.h). */
#include "diag_sarif.h"
#include "cardc.h"

#include <stdlib.h>
#include <string.h>

/* A kind of diagnostic: made in the compiler file `stem` (its name without
 * ".c"), with `words` in its message. The first entry that matches gives
 * the id; ids are stable: an entry may be added, never renamed. */
typedef struct RuleEntry {
    const char *stem, *words, *id, *text;
} RuleEntry;

static const RuleEntry rule_table[] = {
    {"ynode", "YAML syntax error", "yaml/syntax", "The file is not well-formed YAML."},
    {"ynode", "not a text file", "yaml/not-text", "The file holds a NUL byte: it is not text."},
    {"ynode", "unknown alias", "yaml/unknown-alias", "An alias names no anchor."},
    {"ynode", "empty file", "yaml/empty", "The card file is empty."},
    {"ynode", " too ", "yaml/limit", "A limit of the YAML reader is passed (docs/LIMITS.md)."},
    {"driver", "cannot read", "input/unreadable", "A file of the game cannot be read."},
    {"cards", "unknown key", "cards/unknown-key",
     "A key the card file does not know at its place."},
    {"cards", "duplicate key", "cards/duplicate-key", "A key given twice in one map."},
    {"cards", "duplicate card name", "cards/duplicate-card", "Two cards with one name."},
    {"cards", "has no '", "cards/missing-key",
     "A key that must be there is not (game, types, cards; a card's name, type and "
     "attributes)."},
    {"cards", "count must be", "cards/count", "A card's count is not a positive whole number."},
    {"cards", "is more than a deck may hold", "cards/count",
     "A card's count is not a positive whole number."},
    {"cards", "an expected count", "cards/expect-count",
     "A count under 'expect' is not a whole number of at least 0."},
    {"cards", "but the cards add up", "cards/expect-mismatch",
     "The cards do not add up to a count that 'expect' gives."},
    {"cards", "undeclared type", "cards/undeclared-type", "A type that 'types' does not declare."},
    {"cards", "undeclared attribute", "cards/undeclared-attribute",
     "An attribute that no type declares."},
    {"cards", "does not declare attribute", "cards/attribute-of-other-type",
     "A card gives an attribute its type does not declare."},
    {"cards", "must be an identifier", "cards/not-identifier",
     "A type, attribute or value name that is not an identifier."},
    {"cards", "does not allow", "cards/value-not-allowed",
     "An attribute value that the card's type does not allow."},
    {"cards", "only in case", "cards/case-twin", "Two names that differ only in case."},
    {"cards", "no card has it", "cards/unused-type", "A declared type that no card has."},
    {"cards", " must be ", "cards/shape", "A value of the wrong shape (map, list or text)."},
    {"print", "printed as '?'", "print/not-in-font",
     "A character the PDF's font cannot print: it is printed as '?'."},
    {"tts", "outside ASCII", "print/not-ascii",
     "A character the Tabletop Simulator sheet's font cannot draw: it is drawn as '?'."},
};

/* The default of a file that no entry names: its id and description. */
typedef struct StemDefault {
    const char *stem, *id, *text;
} StemDefault;

static const StemDefault stem_defaults[] = {
    {"ynode", "yaml", "Reading the YAML of the card file."},
    {"yscalar", "yaml", "Reading the YAML of the card file."},
    {"driver", "input", "Reading the game's files."},
    {"cards", "cards", "The card file's data (the card YAML core)."},
    {"parse", "rules/syntax", "The rules' syntax."},
    {"parser", "rules/syntax", "The rules' syntax."},
    {"lexer", "rules/syntax", "The rules' syntax."},
    {"diag", "cardc", "A diagnostic of cardc."},
    {"print", "print", "Printing the cards (cardc print)."},
    {"tts", "print", "Printing the cards (cardc print)."},
};

/* The last path component of file, without its extension, into out. */
static void stem_of(const char *file, char *out, size_t size)
{
    const char *base = file ? strrchr(file, '/') : NULL;
    base = base ? base + 1 : file ? file : "diag.c";
    size_t n = strcspn(base, ".");
    if (n >= size)
        n = size - 1;
    memcpy(out, base, n);
    out[n] = '\0';
}

const char *sarif_rule_of(const Diag *g, char *id, size_t size)
{
    char stem[48];
    stem_of(g->origin, stem, sizeof stem);
    for (size_t i = 0; i < sizeof rule_table / sizeof *rule_table; i++) {
        const RuleEntry *e = &rule_table[i];
        if (!strcmp(e->stem, stem) && strstr(g->msg, e->words)) {
            snprintf(id, size, "%s", e->id);
            return e->text;
        }
    }
    for (size_t i = 0; i < sizeof stem_defaults / sizeof *stem_defaults; i++)
        if (!strcmp(stem_defaults[i].stem, stem)) {
            snprintf(id, size, "%s", stem_defaults[i].id);
            return stem_defaults[i].text;
        }
    /* sema_holders -> rules/sema-holders: the rules' meaning, by file */
    for (char *p = stem; *p; p++)
        if (*p == '_')
            *p = '-';
    snprintf(id, size, "rules/%s", stem);
    return "The rules' meaning (names, types and the checks of the compiler file "
           "this id names).";
}

/* The index of rule id in the log's rules, added if new; -1 if full. */
static int rule_index(SarifLog *log, const char *id, const char *text)
{
    for (int i = 0; i < log->nrules; i++)
        if (!strcmp(log->rules[i].id, id))
            return i;
    if (log->nrules == SARIF_MAX_RULES)
        return -1;
    struct SarifRule *r = &log->rules[log->nrules];
    snprintf(r->id, sizeof r->id, "%s", id);
    r->text = text;
    return log->nrules++;
}

/* A path as a URI reference: unreserved characters and '/' as they are,
 * every other byte %-escaped; an absolute path becomes a file: URI. */
static void put_uri(Buf *b, const char *path)
{
    buf_puts(b, "\"");
    if (path[0] == '/')
        buf_puts(b, "file://");
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
            (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
            buf_put(b, (const char *)p, 1);
        else
            buf_printf(b, "%%%02X", *p);
    }
    buf_puts(b, "\"");
}

/* A location object's physicalLocation (nothing for a diagnostic with no
 * file); returns whether it wrote one. */
static bool put_physical(Buf *b, const Loc *l)
{
    if (!l->file)
        return false;
    buf_puts(b, "\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
    put_uri(b, l->file->path);
    if (l->file->path[0] != '/')
        buf_puts(b, ",\"uriBaseId\":\"%SRCROOT%\"");
    buf_puts(b, "}");
    if (l->line > 0)
        buf_printf(b, ",\"region\":{\"startLine\":%d,\"startColumn\":%d,\"endColumn\":%d}",
                   l->line, l->col > 0 ? l->col : 1,
                   (l->col > 0 ? l->col : 1) + (l->span > 0 ? l->span : 1));
    buf_puts(b, "}");
    return true;
}

static void put_message(Buf *b, const char *text)
{
    buf_puts(b, "\"message\":{\"text\":");
    buf_json_string(b, text);
    buf_puts(b, "}");
}

/* One result: all[i], an error or warning, and the notes after it (up to
 * all[end]). */
static void put_result(SarifLog *log, const Diag *const *all, int i, int end)
{
    Buf *b = &log->results;
    const Diag *g = all[i];
    char id[64];
    const char *text = sarif_rule_of(g, id, sizeof id);
    int index = rule_index(log, id, text);
    buf_puts(b, b->len ? ",\n{\"ruleId\":" : "{\"ruleId\":");
    buf_json_string(b, id);
    if (index >= 0)
        buf_printf(b, ",\"ruleIndex\":%d", index);
    buf_printf(b, ",\"level\":\"%s\",", severity_name(g->sev));
    put_message(b, g->msg);
    if (g->loc.file) {
        buf_puts(b, ",\"locations\":[{");
        put_physical(b, &g->loc);
        buf_puts(b, "}]");
    }
    if (end > i + 1) {
        buf_puts(b, ",\"relatedLocations\":[");
        for (int k = i + 1; k < end; k++) {
            buf_printf(b, "%s{\"id\":%d,", k > i + 1 ? "," : "", k - i);
            if (put_physical(b, &all[k]->loc))
                buf_puts(b, ",");
            put_message(b, all[k]->msg);
            buf_puts(b, "}");
        }
        buf_puts(b, "]");
    }
    if (g->hint) {
        buf_puts(b, ",\"properties\":{\"hint\":");
        buf_json_string(b, g->hint);
        buf_puts(b, "}");
    }
    buf_puts(b, "}");
}

void sarif_add(SarifLog *log, const Diags *d)
{
    const Diag **all = diags_ordered(d);
    for (int i = 0; i < d->list.len;) {
        int end = i + 1;
        while (end < d->list.len && all[end]->sev == SEV_NOTE)
            end++;
        put_result(log, all, i, end);
        i = end;
    }
    free(all);
    if (d->dropped) {
        Buf *b = &log->results;
        int index = rule_index(log, "cardc/not-shown",
                               "Diagnostics past --max-errors, counted but not shown.");
        buf_printf(b, "%s{\"ruleId\":\"cardc/not-shown\",\"ruleIndex\":%d,\"level\":\"note\","
                      "\"message\":{\"text\":\"%d more diagnostics not shown (limit: %d "
                      "errors; see --max-errors)\"}}",
                   b->len ? ",\n" : "", index, d->dropped, d->max_errors);
    }
}

void sarif_print(SarifLog *log, FILE *out)
{
    Buf b = {0};
    buf_printf(&b, "{\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":\"cardc\","
                   "\"version\":\"%s\",\"rules\":[", CARDC_VERSION);
    for (int i = 0; i < log->nrules; i++) {
        buf_puts(&b, i ? ",\n" : "\n");
        buf_puts(&b, "{\"id\":");
        buf_json_string(&b, log->rules[i].id);
        buf_puts(&b, ",\"shortDescription\":{\"text\":");
        buf_json_string(&b, log->rules[i].text);
        buf_puts(&b, "}}");
    }
    buf_puts(&b, "]}},\n\"columnKind\":\"unicodeCodePoints\",\n\"results\":[");
    if (log->results.len) {
        buf_puts(&b, "\n");
        buf_put(&b, log->results.data, log->results.len);
    }
    buf_puts(&b, "]}]}\n");
    fwrite(b.data, 1, b.len, out);
    buf_free(&b);
    buf_free(&log->results);
}
