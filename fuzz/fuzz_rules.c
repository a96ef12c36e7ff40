/* fuzz_rules.c: libFuzzer harness for the rules language.
 *
 * Any bytes as a game.rules beside Easy School's real cards: the scanner,
 * the parser with its error recovery, the resolver and checker, and (when
 * the rules check clean) the code generator. */
#include "cardc.h"
#include "cgen.h"

#include <stdio.h>
#include <stdlib.h>

#ifndef CARDS_PATH
#define CARDS_PATH "decks/easy-school/cards.yaml"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *cards_text;
static size_t cards_len;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink) {
        sink = fopen("/dev/null", "w");
        if (read_file(CARDS_PATH, 1 << 20, &cards_text, &cards_len) != 0) {
            fprintf(stderr, "fuzz_rules: cannot read %s (run from the repo root)\n",
                    CARDS_PATH);
            abort();
        }
    }
    Compilation c;
    comp_init(&c);
    const SrcFile *cf = comp_add_text(&c, "cards.yaml", cards_text, cards_len);
    const SrcFile *rf = comp_add_text(&c, "fuzz.rules", (const char *)data, size);
    vec_push(&c.arena, &c.rule_files, (void *)rf);
    c.dir = "fuzz";
    if (phase_load_cards(&c, cf) && phase_parse(&c) && phase_check(&c) && phase_analyse(&c)) {
        Buf b = {0};
        cgen_game(&b, &c.arena, &c.game, "fuzz");
        buf_free(&b);
    }
    diags_print_text(&c.diags, sink);
    comp_free(&c);
    return 0;
}
