"""pty_run.py: runs a command with a pseudo-terminal as its stdin, stdout
and stderr, as a shell at a terminal would, and writes what it printed to
our stdout (the terminal's \r\n made \n). Used by tests/terminal.sh.

    python3 tests/pty_run.py [--stderr-only] CMD [ARG]...

With --stderr-only, only the command's stderr is the terminal: its stdout
goes to our stdout through a pipe, and the terminal's text to FILE named
by the PTY_OUT environment variable. Exits with the command's status."""
import os
import pty
import subprocess
import sys


def read_all(fd):
    out = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # EIO: the other end closed
            break
        if not chunk:
            break
        out += chunk
    return out


def main(argv):
    stderr_only = argv[:1] == ["--stderr-only"]
    cmd = argv[1:] if stderr_only else argv
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        cmd,
        stdin=subprocess.DEVNULL if stderr_only else slave,
        stdout=subprocess.PIPE if stderr_only else slave,
        stderr=slave,
        close_fds=True,
    )
    os.close(slave)
    if stderr_only:
        out = proc.stdout.read()
        term = read_all(master)
        sys.stdout.buffer.write(out)
        with open(os.environ["PTY_OUT"], "wb") as f:
            f.write(term.replace(b"\r\n", b"\n"))
    else:
        term = read_all(master)
        sys.stdout.buffer.write(term.replace(b"\r\n", b"\n"))
    rc = proc.wait()
    os.close(master)
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
