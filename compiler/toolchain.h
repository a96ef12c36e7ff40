/* toolchain.h: `cardc build GAMEDIR -o GAME`, a game's binary in one step:
 * the C compiler run on the game's C and the runtime this cardc was built
 * (or installed) to use. */
#ifndef CARDC_TOOLCHAIN_H
#define CARDC_TOOLCHAIN_H

#include <stdbool.h>
#include <stddef.h>

/* Whether `build -o out` makes a binary: unless out ends in ".c" or names
 * a device or a pipe (/dev/stdout), which get the game's C as before. */
bool build_makes_binary(const char *out);

/* Compiles the game's C (c_text, len bytes) into the binary out with $CC
 * (or cc) and the runtime's headers and libcardrt.a; out is written only
 * when the compiler succeeds (a temporary beside it, renamed). Returns 0,
 * or -1 after saying why on stderr (no runtime where it was looked for, no
 * temporary folder, no compiler, the compiler failed). */
int build_binary(const char *c_text, size_t len, const char *out);

/* Where this cardc looks for the runtime: the folder of rt.h and
 * rt_game.h, and the folder of libcardrt.a (compiled in). */
const char *runtime_include_dir(void);
const char *runtime_lib_dir(void);
/* Where the card file's JSON Schema is (built or installed: compiled in). */
const char *schema_file(void);

#endif
