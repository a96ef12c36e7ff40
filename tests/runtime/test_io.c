/* test_io.c: the protocol's front door: bounded line reading and the
 * {"choose":N} reader, plus JSON string escapes. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "rtcli.h"

/* The line s against a decision of nopt options: true and *id, or false
 * and the error line's message in err. */
static bool choose_of(const char *s, int nopt, int *id, char *err)
{
    return rt_parse_choose(s, strlen(s), nopt, id, err, 128);
}

static bool choose(const char *s, int *id, char *err)
{
    return choose_of(s, 20, id, err);
}

Test(choose, accepts_the_form)
{
    int id = -7;
    char err[128];
    cr_assert(choose("{\"choose\":3}", &id, err));
    cr_assert_eq(id, 3);
    cr_assert(choose("  {  \"choose\" :\t12 }  ", &id, err));
    cr_assert_eq(id, 12);
    cr_assert(choose("{\"choose\":0}\r", &id, err));
    cr_assert_eq(id, 0);
    cr_assert(choose("{\"choose\":19}", &id, err));
    cr_assert_eq(id, 19);
    cr_assert(choose_of("{\"choose\":255}", 256, &id, err));
    cr_assert_eq(id, 255);
}

Test(choose, rejects_everything_else)
{
    static const char *const bad[] = {
        "", "   ", "3", "hello", "{}", "{\"choose\"}", "{\"choose\":}",
        "{\"choose\":\"1\"}", "{\"choose\":1.5}", "{\"choose\":1e2}",
        "{\"choose\":true}", "{\"choose\":1", "{\"choose\":1}}",
        "{\"choose\":1} x", "{\"choose\":1,\"x\":2}", "{\"Choose\":1}",
        "[{\"choose\":1}]", "{\"choose\":-}", "{'choose':1}", "{choose:1}",
        "{\"choose\":00}", "{\"choose\":01}", "{\"choose\":-0}", "{\"choose\":+1}",
        "{\"choose\":-01}", "{\"choose\":1E0}", "{\"choose\":0x1}", "{\"choose\":20}",
        "{\"choose\":-1}", "{\"choose\":4294967296}", "{\"choose\":4294967297}",
        "{\"choose\":18446744073709551616}", "{\"choose\":99999999999999999999}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int id = -7;
        char err[128] = "";
        cr_assert_not(choose(bad[i], &id, err), "accepted: %s", bad[i]);
        cr_assert_neq(err[0], '\0', "no message: %s", bad[i]);
    }
}

/* Each error's message, exactly: an id is never echoed as another number. */
Test(choose, messages)
{
    static const char *const cases[][2] = {
        {"{\"choose\":x}", "\"choose\" must be an integer option id"},
        {"{\"choose\":1.5}", "\"choose\" must be an integer option id"},
        {"{\"choose\":1e3}", "\"choose\" must be an integer option id"},
        {"{\"choose\":00}", "\"choose\": 00 is not a JSON number (no leading zeros)"},
        {"{\"choose\":01}", "\"choose\": 01 is not a JSON number (no leading zeros)"},
        {"{\"choose\":-01}", "\"choose\": -01 is not a JSON number (no leading zeros)"},
        {"{\"choose\":+1}", "\"choose\": +1 is not a JSON number (no '+' sign)"},
        {"{\"choose\":-0}", "option id -0 is not an id: choose 0 to 19"},
        {"{\"choose\":20}", "option id 20 out of range: choose 0 to 19"},
        {"{\"choose\":-1}", "option id -1 out of range: choose 0 to 19"},
        {"{\"choose\":4294967296}", "option id 4294967296 out of range: choose 0 to 19"},
        {"{\"choose\":4294967300}", "option id 4294967300 out of range: choose 0 to 19"},
        {"{\"choose\":99999999999999999999}",
         "option id 99999999999999999999 out of range: choose 0 to 19"},
        {"{\"choose\":-999999999999999999999999}",
         "option id -9999999999999999999... out of range: choose 0 to 19"},
        {"{\"choose\":20 x}", "expected '}' after the option id"},
        {"{\"choose\":20} x", "unexpected text after the object"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int id;
        char err[128];
        cr_assert_not(choose(cases[i][0], &id, err), "accepted: %s", cases[i][0]);
        cr_assert_str_eq(err, cases[i][1], "for %s", cases[i][0]);
    }
}

Test(choose, a_long_id_is_cut_and_marked)
{
    char line[4200], err[128];
    int id;
    int n = snprintf(line, sizeof line, "{\"choose\":");
    memset(line + n, '7', 4000);
    strcpy(line + n + 4000, "}");
    cr_assert_not(choose(line, &id, err));
    cr_assert_str_eq(err, "option id 77777777777777777777... out of range: choose 0 to 19");
}

Test(choose, nul_byte_is_rejected)
{
    int id;
    char err[128];
    cr_assert_not(rt_parse_choose("{\"choose\":1}\0", 13, 20, &id, err, sizeof err));
    cr_assert_not(rt_parse_choose("{\"cho\0se\":1}", 12, 20, &id, err, sizeof err));
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
