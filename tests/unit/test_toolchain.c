/* test_toolchain.c: which names `build -o` gives a binary (toolchain.c). */
#include "toolchain.h"

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

Test(toolchain, a_name_ending_in_dot_c_gets_the_c)
{
    cr_assert_not(build_makes_binary("game.c"));
    cr_assert_not(build_makes_binary("build/gen/easy-school.c"));
    cr_assert_not(build_makes_binary(".c"));
}

Test(toolchain, another_name_gets_a_binary)
{
    cr_assert(build_makes_binary("game"));
    cr_assert(build_makes_binary("build/bin/easy-school"));
    cr_assert(build_makes_binary("game.cc"));
    cr_assert(build_makes_binary("game.c.again"));
    cr_assert(build_makes_binary("tests/unit/no-such-file"));
}

Test(toolchain, a_device_or_a_pipe_gets_the_c)
{
    cr_assert_not(build_makes_binary("/dev/null"));
    char dir[] = "/tmp/cardc-unit-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char fifo[64];
    snprintf(fifo, sizeof fifo, "%s/pipe", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    cr_assert_not(build_makes_binary(fifo));
    unlink(fifo);
    rmdir(dir);
}

/* The build tree's: absolute, so that a cardc run from elsewhere finds
 * them; the Makefile gives them to toolchain.o (RT_PATHS). */
static bool ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), m = strlen(end);
    return n >= m && strcmp(s + n - m, end) == 0;
}

Test(toolchain, the_build_trees_runtime_is_compiled_in)
{
    const char *inc = runtime_include_dir(), *lib = runtime_lib_dir();
    cr_assert(inc[0] == '/' && ends_with(inc, "/runtime"), "%s", inc);
    cr_assert(lib[0] == '/' && ends_with(lib, "/lib"), "%s", lib);
    char path[4096];
    snprintf(path, sizeof path, "%s/rt_game.h", inc);
    cr_assert_eq(access(path, R_OK), 0, "%s", path);
}
