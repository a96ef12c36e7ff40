/* dump.h: what a phase of the compiler produced, as stable text.
 *
 * `cardc build PATH --dump=STAGE` prints one of these and stops, as QBE's
 * -d and jq's --debug-dump-disasm do: the tree as parsed, the tree as
 * checked with the Game's tables, or that plus the facts of the analysis.
 * The text holds no addresses and follows no hash order, so the same input
 * prints the same bytes (tests/dump.sh compares them with golden files). */
#ifndef CARDC_DUMP_H
#define CARDC_DUMP_H

#include "sema.h"

typedef enum DumpStage {
    DUMP_NONE,
    DUMP_TREE,      /* after parsing */
    DUMP_CHECKED,   /* after checking: types, resolved names, slots, tables */
    DUMP_ANALYSED,  /* after the analysis: the checked dump and its facts */
} DumpStage;

/* "tree", "checked" or "analysed" -> its stage; DUMP_NONE for other words. */
DumpStage dump_stage(const char *word);

/* Appends the dump of prog to b. g is the checked game, or NULL when the
 * program is not checked yet (DUMP_TREE) or has no rules (a lone card
 * file, whose effects are parsed but nothing is resolved). DUMP_ANALYSED
 * ends with dump_analysis. */
void dump_program(Buf *b, const Program *prog, const Game *g, DumpStage stage);

/* The section "analysis": the facts the analysis adds to a checked game. */
void dump_analysis(Buf *b, const Game *g);

#endif
