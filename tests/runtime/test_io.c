/* test_io.c: the protocol's front door: bounded line reading and the
 * {"choose":N} reader, plus JSON string escapes. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "rtcli.h"

static bool choose(const char *s, long *id, const char **err)
{
    return rt_parse_choose(s, strlen(s), id, err);
}

Test(choose, accepts_the_form)
{
    long id = -7;
    const char *err;
    cr_assert(choose("{\"choose\":3}", &id, &err));
    cr_assert_eq(id, 3);
    cr_assert(choose("  {  \"choose\" :\t12 }  ", &id, &err));
    cr_assert_eq(id, 12);
    cr_assert(choose("{\"choose\":0}\r", &id, &err));
    cr_assert_eq(id, 0);
    cr_assert(choose("{\"choose\":-4}", &id, &err), "negative ids parse; the range check rejects them");
    cr_assert_eq(id, -4);
    cr_assert(choose("{\"choose\":99999999999999999999}", &id, &err));
    cr_assert_gt(id, 1000000000L, "huge ids saturate out of range");
}

Test(choose, rejects_everything_else)
{
    static const char *const bad[] = {
        "", "   ", "3", "hello", "{}", "{\"choose\"}", "{\"choose\":}",
        "{\"choose\":\"1\"}", "{\"choose\":1.5}", "{\"choose\":1e2}",
        "{\"choose\":true}", "{\"choose\":1", "{\"choose\":1}}",
        "{\"choose\":1} x", "{\"choose\":1,\"x\":2}", "{\"Choose\":1}",
        "[{\"choose\":1}]", "{\"choose\":-}", "{'choose':1}", "{choose:1}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        long id;
        const char *err = NULL;
        cr_assert_not(choose(bad[i], &id, &err), "accepted: %s", bad[i]);
        cr_assert_not_null(err);
    }
}

Test(choose, nul_byte_is_rejected)
{
    long id;
    const char *err;
    cr_assert_not(rt_parse_choose("{\"choose\":1}\0", 13, &id, &err));
    cr_assert_not(rt_parse_choose("{\"cho\0se\":1}", 12, &id, &err));
}

static FILE *input(const char *s, size_t n)
{
    FILE *f = fmemopen((void *)s, n, "r");
    cr_assert_not_null(f);
    return f;
}

Test(lines, short_long_crlf_and_eof)
{
    char buf[8];
    size_t len;
    static const char text[] = "ab\r\n0123456789\nxyz";
    FILE *f = input(text, sizeof text - 1);
    cr_assert_eq(rt_read_line(f, buf, sizeof buf, &len), RT_LINE_OK);
    cr_assert_str_eq(buf, "ab");
    cr_assert_eq(rt_read_line(f, buf, sizeof buf, &len), RT_LINE_LONG);
    cr_assert_eq(len, 7);
    cr_assert_eq(rt_read_line(f, buf, sizeof buf, &len), RT_LINE_OK, "the rest was dropped");
    cr_assert_str_eq(buf, "xyz");
    cr_assert_eq(rt_read_line(f, buf, sizeof buf, &len), RT_LINE_EOF);
    fclose(f);
}

Test(lines, empty_lines_and_nul_bytes)
{
    char buf[16];
    size_t len;
    static const char text[] = "\n\na\0b\n";
    FILE *f = input(text, sizeof text - 1);
    cr_assert_eq(rt_read_line(f, buf, sizeof buf, &len), RT_LINE_OK);
    cr_assert_eq(len, 0);
    cr_assert_eq(rt_read_line(f, buf, sizeof buf, &len), RT_LINE_OK);
    cr_assert_eq(rt_read_line(f, buf, sizeof buf, &len), RT_LINE_OK);
    cr_assert_eq(len, 3);
    cr_assert_eq(rt_read_line(f, buf, sizeof buf, &len), RT_LINE_EOF);
    fclose(f);
}

Test(lines, megabyte_line)
{
    enum { MB = 1 << 20 };
    char *text = malloc(MB + 16);
    char buf[RT_LINE_MAX];
    size_t len;
    memset(text, 'x', MB);
    strcpy(text + MB, "\n{\"choose\":1}\n");
    FILE *f = input(text, strlen(text));
    cr_assert_eq(rt_read_line(f, buf, sizeof buf, &len), RT_LINE_LONG);
    cr_assert_eq(rt_read_line(f, buf, sizeof buf, &len), RT_LINE_OK);
    cr_assert_str_eq(buf, "{\"choose\":1}");
    fclose(f);
    free(text);
}

Test(numbers, u64)
{
    uint64_t v;
    cr_assert(rt_parse_u64("0", 10, &v) && v == 0);
    cr_assert(rt_parse_u64("18446744073709551615", UINT64_MAX, &v) && v == UINT64_MAX);
    cr_assert_not(rt_parse_u64("18446744073709551616", UINT64_MAX, &v));
    cr_assert_not(rt_parse_u64("11", 10, &v));
    cr_assert_not(rt_parse_u64("", 10, &v));
    cr_assert_not(rt_parse_u64("-1", 10, &v));
    cr_assert_not(rt_parse_u64("1x", 10, &v));
    cr_assert_not(rt_parse_u64("9", 4, &v));
    cr_assert(rt_parse_u64("4", 4, &v) && v == 4);
    cr_assert_not(rt_parse_u64("19", 14, &v));
    cr_assert_not(rt_parse_u64(" 1", 10, &v));
}

Test(json, string_escapes)
{
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    rt_json_string(f, "a\"b\\c\n\t\x01\x7f é");
    fclose(f);
    cr_assert_str_eq(out, "\"a\\\"b\\\\c\\n\\t\\u0001\\u007f é\"");
    free(out);
}

Test(json, strings_are_utf8)
{
    /* Valid characters pass; a byte that does not start one (Latin-1, a
     * stray continuation, overlong, a surrogate, past U+10FFFF, cut
     * short) is written as U+FFFD, so the line stays JSON. */
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    rt_json_string(f, "\xf0\x9f\x83\x8f|caf\xe9|\x80|\xc0\x80|\xed\xa0\x80|\xf4\x90\x80\x80|\xe2\x80");
    fclose(f);
    cr_assert_str_eq(out, "\"\xf0\x9f\x83\x8f|caf\\ufffd|\\ufffd|\\ufffd\\ufffd|"
                          "\\ufffd\\ufffd\\ufffd|\\ufffd\\ufffd\\ufffd\\ufffd|"
                          "\\ufffd\\ufffd\"");
    free(out);
}
