/* ttf.c: a TrueType font file's tables, read with every offset checked
 * (ttf.h). The layout is Apple's and Microsoft's OpenType specification:
 * a table directory, then tables found by their four-letter tags; numbers
 * are big-endian. Only fonts with TrueType outlines (glyf) are taken: a
 * PDF embeds those as FontFile2. */
#include "ttf.h"

#include <stdio.h>
#include <string.h>

/* A table found in the directory. */
typedef struct Table {
    size_t off;     /* its offset in the file */
    size_t len;     /* its length, within the file */
} Table;

static unsigned u16(const uint8_t *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static int s16(const uint8_t *p)
{
    unsigned v = u16(p);
    return v >= 0x8000 ? (int)v - 0x10000 : (int)v;
}

static uint32_t u32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The table tagged tag, at least min bytes long: 1 found, 0 absent, -1
 * there but damaged (past the file's end, or too short). */
static int find_table(const Ttf *t, const char *tag, size_t min, Table *out)
{
    unsigned n = u16(t->data + 4);
    for (unsigned i = 0; i < n; i++) {
        const uint8_t *rec = t->data + 12 + 16 * (size_t)i;
        if (memcmp(rec, tag, 4) != 0)
            continue;
        uint64_t off = u32(rec + 8), len = u32(rec + 12);
        if (off + len > t->size || len < min)
            return -1;
        out->off = (size_t)off;
        out->len = (size_t)len;
        return 1;
    }
    return 0;
}

/* A table the font must have: 0, or -1 with *why set. */
static int need_table(const Ttf *t, const char *tag, size_t min, Table *out,
                      const char **why)
{
    int found = find_table(t, tag, min, out);
    if (found == 1)
        return 0;
    static char msg[64];
    snprintf(msg, sizeof msg, found ? "its '%s' table is damaged or cut short"
                                    : "it has no '%s' table", tag);
    *why = msg;
    return -1;
}

/* The units per em and bounding box (head), the glyph count (maxp), the
 * advance widths (hhea, hmtx). */
static int read_metrics(Ttf *t, const char **why)
{
    Table head, hhea, maxp, hmtx;
    if (need_table(t, "head", 54, &head, why) || need_table(t, "hhea", 36, &hhea, why) ||
        need_table(t, "maxp", 6, &maxp, why) || need_table(t, "hmtx", 0, &hmtx, why))
        return -1;
    const uint8_t *h = t->data + head.off;
    t->units_per_em = u16(h + 18);
    if (t->units_per_em < 16 || t->units_per_em > 16384) {
        *why = "its units per em (head) are not from 16 to 16384";
        return -1;
    }
    for (int i = 0; i < 4; i++)
        t->bbox[i] = s16(h + 36 + 2 * i);
    const uint8_t *hh = t->data + hhea.off;
    t->ascent = s16(hh + 4);
    t->descent = s16(hh + 6);
    t->nhmetrics = u16(hh + 34);
    t->nglyphs = u16(t->data + maxp.off + 4);
    t->hmtx = hmtx.off;
    if (t->nglyphs == 0 || t->nhmetrics == 0 || t->nhmetrics > t->nglyphs ||
        hmtx.len < 4 * (size_t)t->nhmetrics) {
        *why = "its glyph count (maxp) and widths (hhea, hmtx) do not agree";
        return -1;
    }
    return 0;
}

/* The optional tables: OS/2's ascent, descent and cap height, post's
 * italic angle and fixed pitch. Damaged ones are as absent. */
static void read_optional(Ttf *t)
{
    Table os2, post;
    t->cap_height = t->ascent;
    if (find_table(t, "OS/2", 72, &os2) == 1) {
        const uint8_t *o = t->data + os2.off;
        t->ascent = s16(o + 68);
        t->descent = s16(o + 70);
        t->cap_height = u16(o) >= 2 && os2.len >= 90 ? s16(o + 88) : t->ascent;
    }
    if (find_table(t, "post", 16, &post) == 1) {
        const uint8_t *p = t->data + post.off;
        t->italic_angle = (double)(int32_t)u32(p + 4) / 65536.0;
        t->fixed_pitch = u32(p + 12) != 0;
    }
}

/* Whether c may stand in a PDF name as itself. */
static bool name_char(unsigned c)
{
    return c > 32 && c < 127 && !strchr("()<>[]{}/%#", (int)c);
}

/* The PostScript name (name ID 6), Windows (UTF-16BE) or Macintosh
 * (bytes), its characters a PDF name cannot hold dropped. */
static void read_ps_name(Ttf *t)
{
    Table name;
    t->ps_name[0] = '\0';
    if (find_table(t, "name", 6, &name) != 1)
        return;
    const uint8_t *nm = t->data + name.off;
    unsigned count = u16(nm + 2), strings = u16(nm + 4);
    for (unsigned i = 0; i < count && 6 + 12 * (size_t)(i + 1) <= name.len; i++) {
        const uint8_t *rec = nm + 6 + 12 * (size_t)i;
        unsigned platform = u16(rec), id = u16(rec + 6), len = u16(rec + 8);
        size_t off = (size_t)strings + u16(rec + 10);
        if (id != 6 || (platform != 1 && platform != 3) || off + len > name.len)
            continue;
        int step = platform == 3 ? 2 : 1, n = 0;
        for (unsigned k = 0; k + (unsigned)step <= len && n < 63; k += (unsigned)step) {
            unsigned c = step == 2 ? u16(nm + off + k) : nm[off + k];
            if (name_char(c))
                t->ps_name[n++] = (char)c;
        }
        t->ps_name[n] = '\0';
        if (n)
            return;
    }
}

/* How good the cmap subtable at off (within the cmap table of len bytes)
 * is for platform and encoding: 2 format 12, 1 format 4, 0 not Unicode
 * or not read here. */
static int cmap_rank(const uint8_t *cmap, size_t len, unsigned platform, unsigned encoding,
                     size_t off)
{
    if (off + 16 > len)
        return 0;
    unsigned format = u16(cmap + off);
    bool unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10));
    if (!unicode)
        return 0;
    if (format == 12 && 16 + 12 * (uint64_t)u32(cmap + off + 12) <= len - off)
        return 2;
    if (format == 4 && 16 + 8 * (uint64_t)(u16(cmap + off + 6) / 2) <= len - off)
        return 1;
    return 0;
}

/* The best Unicode subtable of cmap: format 12 if there is one, else 4. */
static int read_cmap(Ttf *t, const char **why)
{
    Table cmap;
    if (need_table(t, "cmap", 4, &cmap, why))
        return -1;
    const uint8_t *c = t->data + cmap.off;
    unsigned n = u16(c + 2);
    int best = 0;
    for (unsigned i = 0; i < n && 4 + 8 * (size_t)(i + 1) <= cmap.len; i++) {
        const uint8_t *rec = c + 4 + 8 * (size_t)i;
        size_t off = u32(rec + 4);
        int rank = cmap_rank(c, cmap.len, u16(rec), u16(rec + 2), off);
        if (rank > best) {
            best = rank;
            t->cmap = cmap.off + off;
            t->cmap_len = cmap.len - off;
            t->cmap_format = rank == 2 ? 12 : 4;
        }
    }
    if (!best) {
        *why = "it has no Unicode character map (cmap format 4 or 12)";
        return -1;
    }
    return 0;
}

int ttf_parse(const uint8_t *data, size_t size, Ttf *t, const char **why)
{
    memset(t, 0, sizeof *t);
    t->data = data;
    t->size = size;
    Table glyf;
    if (size < 12) {
        *why = "it is too short to be a font";
        return -1;
    }
    uint32_t version = u32(data);
    if (version != 0x00010000 && version != 0x74727565 /* "true" */) {
        *why = version == 0x4f54544f /* "OTTO" */
                   ? "it is an OpenType font with CFF outlines, not TrueType"
               : version == 0x74746366 /* "ttcf" */
                   ? "it is a font collection (.ttc), not one font"
                   : "it is not a TrueType font";
        return -1;
    }
    if (12 + 16 * (size_t)u16(data + 4) > size) {
        *why = "its table directory is cut short";
        return -1;
    }
    if (read_metrics(t, why) || read_cmap(t, why) ||
        need_table(t, "glyf", 0, &glyf, why) || need_table(t, "loca", 0, &glyf, why))
        return -1;
    read_optional(t);
    read_ps_name(t);
    return 0;
}

/* The glyph of u in a format 4 subtable: segments of code points, each
 * mapped by a delta or through the glyph array. */
static unsigned glyph_format4(const Ttf *t, uint32_t u)
{
    const uint8_t *s = t->data + t->cmap;
    size_t segs = u16(s + 6) / 2, lo = 0, hi = segs;
    if (u > 0xffff)
        return 0;
    while (lo < hi) { /* the first segment whose end is >= u */
        size_t mid = (lo + hi) / 2;
        if (u16(s + 14 + 2 * mid) < u)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == segs)
        return 0;
    unsigned start = u16(s + 16 + 2 * segs + 2 * lo);
    unsigned delta = u16(s + 16 + 4 * segs + 2 * lo);
    size_t ro_at = 16 + 6 * segs + 2 * lo;
    unsigned range = u16(s + ro_at);
    if (u < start)
        return 0;
    if (range == 0)
        return (u + delta) & 0xffff;
    size_t at = ro_at + range + 2 * (size_t)(u - start);
    if (at + 2 > t->cmap_len)
        return 0;
    unsigned g = u16(s + at);
    return g ? (g + delta) & 0xffff : 0;
}

/* The glyph of u in a format 12 subtable: sorted groups of code points
 * with consecutive glyphs. */
static unsigned glyph_format12(const Ttf *t, uint32_t u)
{
    const uint8_t *s = t->data + t->cmap;
    size_t lo = 0, hi = u32(s + 12);
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const uint8_t *g = s + 16 + 12 * mid;
        if (u32(g + 4) < u)
            lo = mid + 1;
        else if (u32(g) > u)
            hi = mid;
        else
            return (unsigned)(u32(g + 8) + (u - u32(g)));
    }
    return 0;
}

unsigned ttf_glyph(const Ttf *t, uint32_t u)
{
    unsigned g = t->cmap_format == 12 ? glyph_format12(t, u) : glyph_format4(t, u);
    return g < t->nglyphs ? g : 0;
}

unsigned ttf_advance(const Ttf *t, unsigned g)
{
    unsigned i = g < t->nhmetrics ? g : t->nhmetrics - 1;
    return u16(t->data + t->hmtx + 4 * (size_t)i);
}
