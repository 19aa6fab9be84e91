/* kperf check: the compiles run, at most N at once, each in its entry's
 * directory with its output to a file, and the progress line.  Uses check.h and
 * POSIX (fork, exec, waitpid) only. */
#define _XOPEN_SOURCE 700
#include "check.h"

static pid_t start(job *j) {
  pid_t pid = fork();
  if (pid != 0)
    return pid;
  /* The child: in the compile's directory, output to j->out. */
  int in = open("/dev/null", O_RDONLY);
  int out = open(j->out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (in < 0 || out < 0)
    _exit(126);
  dup2(in, 0);
  dup2(out, 1);
  dup2(out, 2);
  if (j->directory && *j->directory && chdir(j->directory) != 0) {
    dprintf(2, "kperf: cannot enter the directory '%s': %s\n", j->directory, strerror(errno));
    _exit(126);
  }
  execvp(j->argv.v[0], j->argv.v);
  dprintf(2, "kperf: cannot run clang '%s': %s (set $KPERF_CLANG)\n", j->argv.v[0],
          strerror(errno));
  _exit(127);
}

static int term_width(void) {
  struct winsize ws;
  if (ioctl(2, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20)
    return ws.ws_col;
  return 80;
}

static void progress(int tty, size_t done, size_t total, const char *name) {
  if (!tty) {
    fprintf(stderr, "[%zu/%zu] %s\n", done, total, name);
    return;
  }
  int width = term_width();
  int bar = width / 4 > 40 ? 40 : width / 4;
  int fill = total ? (int)((size_t)bar * done / total) : bar;
  char counts[64];
  int nc = snprintf(counts, sizeof counts, " %zu/%zu ", done, total);
  int room = width - bar - 3 - nc;
  fprintf(stderr, "\r[");
  for (int i = 0; i < bar; i++)
    fputc(i < fill ? '=' : (i == fill ? '>' : ' '), stderr);
  size_t len = strlen(name);
  if (room < 4)
    fprintf(stderr, "]%s\033[K", counts);
  else if ((int)len > room)
    fprintf(stderr, "]%s...%s\033[K", counts, name + len - (size_t)(room - 3));
  else
    fprintf(stderr, "]%s%s\033[K", counts, name);
  fflush(stderr);
}

/* Runs every job, at most n at once. */
void check_run_jobs(job *jobs, size_t njobs, long long n, int tty) {
  size_t next = 0, done = 0, running = 0;
  while (done < njobs) {
    while (running < (size_t)n && next < njobs) {
      job *j = &jobs[next++];
      j->pid = j->error || j->cached == 1 ? -1 : start(j);
      if (j->pid < 0) {
        j->status = j->cached == 1 ? j->status : -1;
        done++;
        progress(tty, done, njobs, j->shown);
      } else {
        running++;
      }
    }
    if (!running)
      continue;
    int st;
    pid_t pid = waitpid(-1, &st, 0);
    if (pid < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    for (size_t i = 0; i < njobs; i++)
      if (jobs[i].pid == pid) {
        jobs[i].status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        jobs[i].pid = 0;
        running--;
        done++;
        progress(tty, done, njobs, jobs[i].shown);
        break;
      }
  }
  if (tty)
    fprintf(stderr, "\r\033[K");
}
