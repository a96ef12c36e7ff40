/* schema.h: `cardc schema`, the JSON Schema (draft-07) of cards.yaml for
 * editors, written from the checker's own tables (card_keys.h and the
 * card limits), and `cardc init GAMEDIR`, a starter game that points its
 * editor at the installed schema. */
#ifndef CARDC_SCHEMA_H
#define CARDC_SCHEMA_H

#include "util.h"

/* The schema, as JSON, into b. */
void schema_write(Buf *b);

/* Writes GAMEDIR/cards.yaml (with the yaml-language-server modeline that
 * names schema_path), GAMEDIR/game.rules and GAMEDIR/README; GAMEDIR is
 * made if missing and must hold no file. Returns 0, or 2 after saying why
 * on stderr. */
int init_game(const char *dir, const char *schema_path);

#endif
