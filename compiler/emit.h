/* emit.h: writing C from checked cards (and, later, rules). */
#ifndef CARDC_EMIT_H
#define CARDC_EMIT_H

#include "cards.h"

/* A C identifier for a name: "Semester End" -> "SEMESTER_END" (upper) or
 * "semester_end" (lower). Not unique by itself: see c_names_for_cards. */
char *c_ident(Arena *a, const char *name, bool upper);
/* A C string literal for s, with quotes. */
void c_string(Buf *b, const char *s);
/* s as text inside a C comment: "*\/" and "/\*" for the pairs that would end
 * the comment or open one (-Wcomment), control characters as \xNN (no line
 * is spliced by a backslash before a newline). */
void c_comment_text(Buf *b, const char *s);

/* Unique upper-case identifiers for every card of cs (index = card index). */
const char **c_card_idents(Arena *a, const CardSet *cs);

/* The banner that starts every generated file. */
void emit_banner(Buf *b, const char *input);

/* Enums and tables of the card data. With standalone, also a public
 * `cards_info` that refers to every table (so a card-only build has no
 * unused statics and a test can reach everything). */
void emit_cards(Buf *b, Arena *a, const CardSet *cs, bool standalone);

#endif
