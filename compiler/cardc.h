/* cardc.h: one compilation: the inputs, the arena, the diagnostics and
 * what each phase produced. Library code never exits; main.c decides. */
#ifndef CARDC_CARDC_H
#define CARDC_CARDC_H

#include "cards.h"
#include "sema.h"

#define CARDC_VERSION "0.1.0"

enum { MAX_INPUT_BYTES = 64 << 20 };  /* limit max_file_size */

typedef struct Compilation {
    Arena arena;
    Diags diags;
    bool io_error;          /* an input could not be read: exit status 2 */
    const char *doing;      /* what it is doing to doing_path ("reading"), */
    const char *doing_path; /* for the message if an allocation fails */
    const char *dir;        /* game folder, or NULL for a lone card file */
    const SrcFile *cards_file;
    CardSet *cards;
    bool card_errors;       /* cards.yaml has errors: the rules are checked
                             * against the cards that loaded, never built */
    PtrVec rule_files;      /* SrcFile* of the game's *.rules */
    const char *blank;      /* build --blank: the card replaced by a blank, or NULL */
    Program prog;           /* rules and effects, parsed */
    bool texts_only;        /* nothing but the check of texts reads the
                             * effects when there are no rules (check,
                             * build, print; not --dump): each is kept as
                             * sema_text_keep copies it (phase_parse) */
    Arena trees;            /* the tree of the effect being parsed then */
    Game game;              /* what sema and the analysis proved, for the emitter */
} Compilation;

void comp_init(Compilation *c);
void comp_free(Compilation *c);

/* Before the diagnostics are printed: what an effect used through YAML
 * aliases repeats is said once, at the anchored text, with a note at each
 * use (Program.shared). */
void comp_merge_shared(Compilation *c);
/* Reads a file into the compilation; reports and returns NULL on failure. */
const SrcFile *comp_read(Compilation *c, const char *path);
/* Adds a file whose text is already in memory (tests, fuzzers). */
const SrcFile *comp_add_text(Compilation *c, const char *path, const char *text,
                             size_t len);

/* Phases, in order (main.c runs them). Each reports into c->diags; each
 * returns false if later phases must not run. */
bool phase_load_cards(Compilation *c, const SrcFile *f);
bool phase_open_path(Compilation *c, const char *path);
/* A card file with rules files given apart (check --rules): as a game
 * folder holding them. */
bool phase_open_with_rules(Compilation *c, const char *path, const char *const *rules,
                           int nrules);
bool phase_parse(Compilation *c);
bool phase_check(Compilation *c);
/* After a clean check, before emitting: fills what the emitter reads
 * (analyse.h). Reports nothing; with no rules there is nothing to do. */
bool phase_analyse(Compilation *c);
/* The C of the game, or of the card data alone when there are no rules,
 * into out. Reports nothing. */
void phase_emit(Compilation *c, Buf *out);

#endif
