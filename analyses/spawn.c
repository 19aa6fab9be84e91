/* Running a device compiler: analyses/spawn.h. */
#define _XOPEN_SOURCE 700
#include "spawn.h"
#include "kperf/errmsg.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

int kp__line_with(const char *text, const char *needle, char *buf, size_t n) {
  const char *h = text ? strstr(text, needle) : NULL;
  if (!h)
    return 0;
  const char *s = h;
  while (s > text && s[-1] != '\n')
    s--;
  const char *e = strchr(h, '\n');
  size_t len = e ? (size_t)(e - s) : strlen(s);
  while (len > 0 && (s[len - 1] == '\r' || s[len - 1] == ' '))
    len--;
  snprintf(buf, n, "%.*s", (int)(len > 400 ? 400 : len), s);
  return 1;
}

static char *slurp_fd(int fd, size_t *len) {
  size_t cap = 8192, n = 0;
  char *buf = malloc(cap);
  if (!buf)
    return NULL;
  if (lseek(fd, 0, SEEK_SET) < 0) {
    free(buf);
    return NULL;
  }
  for (;;) {
    if (n + 1 >= cap) {
      if (cap >= (256u << 20))
        break; /* enough to find what ptxas said */
      char *q = realloc(buf, cap * 2);
      if (!q) {
        free(buf);
        return NULL;
      }
      buf = q;
      cap *= 2;
    }
    ssize_t r = read(fd, buf + n, cap - n - 1);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      break;
    n += (size_t)r;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}

char *kp__read_path(const char *path, size_t *len) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return NULL;
  char *text = slurp_fd(fd, len);
  close(fd);
  return text;
}

static volatile sig_atomic_t group;

long kp__spawn_group(void) { return (long)group; }

int kp__spawn_capture(const char *const *argv, int timeout_s, const char *what, char **text,
                      size_t *len, int *status, int *timed_out, char *err, size_t errlen) {
  *text = NULL;
  *len = 0;
  *status = 0;
  *timed_out = 0;
  const char *tmpdir = getenv("TMPDIR");
  char outpath[4096];
  snprintf(outpath, sizeof outpath, "%s/kperf-%s-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp",
           what);
  int fd = mkstemp(outpath);
  if (fd < 0)
    return kp__err(err, errlen, "%s: cannot create a temporary file: %s", what, strerror(errno));
  unlink(outpath); /* kept open: nothing is left behind */
  if (fd <= 2) {     /* stdin, stdout or stderr closed: keep clear of them */
    int hi = fcntl(fd, F_DUPFD, 3);
    close(fd);
    fd = hi;
    if (fd < 0)
      return kp__err(err, errlen, "%s: cannot create a temporary file: %s", what,
                     strerror(errno));
  }
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t at;
  if (posix_spawn_file_actions_init(&fa) != 0) {
    close(fd);
    return kp__err(err, errlen, "out of memory");
  }
  if (posix_spawnattr_init(&at) != 0) {
    posix_spawn_file_actions_destroy(&fa);
    close(fd);
    return kp__err(err, errlen, "out of memory");
  }
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, fd, 1);
  posix_spawn_file_actions_adddup2(&fa, fd, 2);
  posix_spawn_file_actions_addclose(&fa, fd);
  /* Its own process group, so that a timeout ends the tool and what it runs. */
  posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&at, 0);
  pid_t pid;
  int e = posix_spawn(&pid, argv[0], &fa, &at, (char *const *)argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  if (e != 0) {
    close(fd);
    return kp__err(err, errlen, "cannot run %s: %s", argv[0], strerror(e));
  }
  group = (sig_atomic_t)pid;
  int st = 0;
  struct timespec t0, now;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (;;) {
    pid_t w = waitpid(pid, &st, WNOHANG);
    if (w == pid)
      break;
    if (w < 0 && errno != EINTR) {
      group = 0;
      close(fd);
      return kp__err(err, errlen, "waiting for %s: %s", what, strerror(errno));
    }
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec - t0.tv_sec >= timeout_s) {
      kill(-pid, SIGKILL);
      while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
      *timed_out = 1;
      break;
    }
    struct timespec nap = {0, 20 * 1000 * 1000};
    nanosleep(&nap, NULL);
  }
  group = 0;
  *status = st;
  *text = slurp_fd(fd, len);
  close(fd);
  if (!*text)
    return kp__err(err, errlen, "cannot read %s's output", what);
  return 0;
}

int kp__run_compiler(const char *const *head, size_t nhead, const char *const *flags,
                     size_t nflags, const char *file, int timeout_s, const char *what,
                     const char *ctx, const char *const *needles, char **text, size_t *len,
                     char *err, size_t errlen) {
  *text = NULL;
  *len = 0;
  const char **argv = calloc(nhead + nflags + 2, sizeof *argv);
  if (!argv)
    return kp__err(err, errlen, "out of memory");
  size_t a = 0;
  for (size_t i = 0; i < nhead; i++)
    argv[a++] = head[i];
  for (size_t i = 0; i < nflags; i++)
    if (flags[i])
      argv[a++] = flags[i];
  argv[a++] = file;
  argv[a] = NULL;
  int st = 0, timed_out = 0;
  int rc = kp__spawn_capture(argv, timeout_s, what, text, len, &st, &timed_out, err, errlen);
  free(argv);
  if (rc != 0)
    return -1;
  if (timed_out) {
    free(*text);
    *text = NULL;
    return kp__err(err, errlen, "%s timed out after %d s", what, timeout_s);
  }
  if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
    return 0;
  char line[512];
  for (size_t i = 0; needles && needles[i]; i++)
    if (kp__line_with(*text, needles[i], line, sizeof line))
      return kp__err(err, errlen, "%s failed%s: %s", what, ctx, line);
  if (WIFSIGNALED(st))
    return kp__err(err, errlen, "%s was killed by signal %d", what, WTERMSIG(st));
  return kp__err(err, errlen, "%s failed%s (exit status %d)", what, ctx, WEXITSTATUS(st));
}
