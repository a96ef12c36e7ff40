/* elapsed.c: runs a command and prints its wall-clock time in seconds.
 *
 *   elapsed CMD [ARG...]      (exit status 1 if the command failed) */
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: elapsed CMD [ARG...]\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        perror(argv[1]);
        _exit(127);
    }
    int status;
    if (pid < 0 || waitpid(pid, &status, 0) < 0) {
        perror("elapsed");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.6f\n", (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
