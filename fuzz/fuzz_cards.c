/* fuzz_cards.c: libFuzzer harness for the card loader and checker.
 *
 * Any bytes as a cards.yaml: the YAML loader, every card check, the parse
 * of card effects, and both diagnostic printers must answer without a
 * crash, a leak or a sanitizer report. */
#include "cardc.h"

#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    Compilation c;
    comp_init(&c);
    const SrcFile *f = comp_add_text(&c, "fuzz.yaml", (const char *)data, size);
    if (phase_load_cards(&c, f))
        phase_parse(&c);
    diags_print_text(&c.diags, sink);
    diags_print_json(&c.diags, sink);
    comp_free(&c);
    return 0;
}
