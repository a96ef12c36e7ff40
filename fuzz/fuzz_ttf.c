/* fuzz_ttf.c: libFuzzer harness for the TrueType reader (ttf.c), which
 * cardc print --font runs on any file it is given.
 *
 * Any bytes as a font file: ttf_parse must accept or refuse them, and
 * when it accepts, every glyph lookup (cmap format 4 or 12) and advance
 * width (hmtx) must stay within the bytes, without a sanitizer report. */
#include "ttf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Ttf t;
    const char *why;
    if (ttf_parse(data, size, &t, &why) != 0)
        return 0;
    static const uint32_t probes[] = {0, 0x20, 0x41, 0xe9, 0xffff, 0x2026, 0x10000,
                                      0x1f0a1, 0x10ffff, 0xffffffff};
    unsigned sum = 0;
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++)
        sum += ttf_advance(&t, ttf_glyph(&t, probes[i]));
    for (size_t i = 0; i + 1 < size && i < 512; i += 2) /* code points from the input */
        sum += ttf_advance(&t, ttf_glyph(&t, (uint32_t)data[i] << 8 | data[i + 1]));
    for (unsigned g = 0; g < t.nglyphs && g < 4096; g++)
        sum += ttf_advance(&t, g);
    return sum == 0xdeadbeef; /* uses sum, so nothing is optimised away */
}
