/* statscmd.c: `GAME stats merge FILE...` (the shards of one run into the
 * stats file of the whole run, the bytes `simulate --shard 1/1` writes)
 * and `GAME stats report DIR FILE...` (the report of whole runs, one per
 * player count, each given whole or in shards). Exit status: 0 done, 1 a
 * file unreadable or not a part of the run, or output failed, 2 usage. */
#include "lab.h"

#include <stdlib.h>
#include <string.h>

typedef struct Part {
    const char *path;
    SimRun run;
    SimStats *stats;
} Part;

/* Why b is no part of a's run, NULL if it is. */
static const char *other_run(const SimRun *a, const SimRun *b)
{
    if (strcmp(a->game, b->game))
        return "another game";
    if (strcmp(a->build, b->build))
        return "another build of the game";
    if (a->seed != b->seed)
        return "another seed";
    if (a->games != b->games)
        return "another number of games";
    if (memcmp(a->seat, b->seat, sizeof a->seat))
        return "other seats";
    if (a->max_decisions != b->max_decisions)
        return "another --max-decisions";
    if (a->replays != b->replays)
        return "another --replays";
    if (a->nshards != b->nshards)
        return "another number of shards";
    return NULL;
}

/* Merges parts[0..n) (the same player count) into *run and s: every
 * shard of one run once. false with a message on stderr. */
static bool merge_parts(const char *prog, const char *build, Part *parts, int n, SimRun *run,
                        SimStats *s)
{
    const SimRun *a = &parts[0].run;
    if (strcmp(a->build, build)) {
        fprintf(stderr, "%s: stats: %s: written by another build of the game\n", prog,
                parts[0].path);
        return false;
    }
    for (int i = 1; i < n; i++) {
        const char *why = other_run(a, &parts[i].run);
        if (why) {
            fprintf(stderr, "%s: stats: %s is a shard of %s than %s\n", prog, parts[i].path, why,
                    parts[0].path);
            return false;
        }
        for (int j = 0; j < i; j++)
            if (parts[j].run.shard == parts[i].run.shard) {
                fprintf(stderr, "%s: stats: %s and %s are both shard %llu/%llu\n", prog,
                        parts[j].path, parts[i].path, (unsigned long long)parts[i].run.shard,
                        (unsigned long long)a->nshards);
                return false;
            }
    }
    if ((uint64_t)n != a->nshards) {
        fprintf(stderr, "%s: stats: %d shard%s of %llu given: each is needed once\n", prog, n,
                n == 1 ? "" : "s", (unsigned long long)a->nshards);
        return false;
    }
    *run = *a;
    run->shard = run->nshards = 1;
    for (int i = 0; i < n; i++)
        sim_stats_add(s, parts[i].stats);
    return true;
}

static void parts_free(Part *parts, int n)
{
    for (int i = 0; i < n; i++) {
        free(parts[i].run.game);
        sim_stats_free(parts[i].stats);
    }
    free(parts);
}

static Part *parts_read(const char *prog, int n, char **paths)
{
    Part *parts = calloc((size_t)n, sizeof *parts);
    for (int i = 0; parts && i < n; i++) {
        char err[400];
        parts[i].path = paths[i];
        parts[i].stats = sim_stats_new();
        if (!parts[i].stats || !stats_read(paths[i], &parts[i].run, parts[i].stats, err,
                                           sizeof err)) {
            fprintf(stderr, "%s: stats: %s\n", prog, parts[i].stats ? err : "out of memory");
            parts_free(parts, n);
            return NULL;
        }
    }
    return parts;
}

static int cmd_merge(const RtGame *g, const char *prog, int n, char **paths)
{
    char build[17];
    sim_build_id(g, build);
    Part *parts = parts_read(prog, n, paths);
    SimStats *s = sim_stats_new();
    SimRun run;
    int rc = 1;
    if (parts && s && merge_parts(prog, build, parts, n, &run, s)) {
        stats_write(stdout, &run, s);
        rc = rt_check_output(stdout, prog);
        rc = rc < 0 ? 0 : rc;
    }
    sim_stats_free(s);
    if (parts)
        parts_free(parts, n);
    return rc;
}

/* The parts grouped by player count, each group merged: a report. */
static int cmd_report(const RtGame *g, const char *prog, const char *dir, int n, char **paths)
{
    char build[17];
    sim_build_id(g, build);
    Part *parts = parts_read(prog, n, paths);
    const SimRun *runs[RT_MAX_PLAYERS];
    const SimStats *stats[RT_MAX_PLAYERS];
    SimRun run[RT_MAX_PLAYERS];
    SimStats *sums[RT_MAX_PLAYERS] = {0};
    Part *group = calloc((size_t)n, sizeof *group);
    int nruns = 0;
    bool ok = parts && group;
    for (int players = 1; ok && players <= RT_MAX_PLAYERS; players++) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (parts[i].run.players == players)
                group[k++] = parts[i];
        if (!k)
            continue;
        sums[nruns] = sim_stats_new();
        ok = sums[nruns] && merge_parts(prog, build, group, k, &run[nruns], sums[nruns]);
        runs[nruns] = &run[nruns];
        stats[nruns] = sums[nruns];
        nruns++;
    }
    ok = ok && report_write(dir, prog, g, runs, stats, nruns);
    for (int i = 0; i < nruns; i++)
        sim_stats_free(sums[i]);
    free(group);
    if (parts)
        parts_free(parts, n);
    return ok ? 0 : 1;
}

int stats_command(const RtGame *g, const char *prog, int argc, char **argv)
{
    const char *use = "usage: %s stats merge FILE...\n"
                      "       %s stats report DIR FILE...\n";
    if (argc >= 2 && !strcmp(argv[0], "merge"))
        return cmd_merge(g, prog, argc - 1, argv + 1);
    if (argc >= 3 && !strcmp(argv[0], "report"))
        return cmd_report(g, prog, argv[1], argc - 2, argv + 2);
    fprintf(stderr, use, prog, prog);
    fprintf(stderr, "Try '%s --help'.\n", prog);
    return 2;
}
