/*
 * The fake push service of `npm run bench:notify` (`--service c`, the default when a C compiler is there):
 * HTTP/1.1 on loopback with kept-alive connections, one epoll loop on one thread. Like the Node one in
 * bench/notify.ts it reads each request whole, answers 201 to a push message (Content-Encoding aes128gcm,
 * an Authorization "vapid t=..." header and a body) and 400 to anything else, and counts. A real push
 * service runs on another machine: this one needs about a tenth of the Node service's CPU a message, so the
 * two cores the bench shares go to the server it measures.
 *
 * Control on stdin/stdout, a line each: it prints "listening <port>"; it reads "expect <n>" (start counting
 * again, towards n), "count", "cpu" and "stop", and prints "count <n>", "cpu <ms>" and, when the count
 * reaches n, "done <doneAt ms> <firstAt ms> <count> <bytes> <connections> <cpu ms>".
 *
 * Build: cc -O2 -o fake-push-service bench/fake-push-service.c
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#define MAX_HEAD 16384

typedef struct {
  int fd;
  char *buffer; /* unparsed bytes: the head of the request being read, then its body */
  size_t used, capacity;
  long body_left; /* -1 while the head is being read */
  int valid;
  long body_size;
} connection;

static long long expected = -1;
static long long count = 0, bytes = 0, connections_open = 0, connections_seen = 0;
static double first_at = 0, done_at = 0;

static double now_ms(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return tv.tv_sec * 1000.0 + tv.tv_usec / 1000.0;
}

static double cpu_ms(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
}

/* The value of a header in a request head (NUL-terminated), case-insensitively, or NULL. */
static const char *header(const char *head, const char *name, size_t *length) {
  size_t name_length = strlen(name);
  const char *line = strstr(head, "\r\n");
  while (line && line[2] != '\r') {
    line += 2;
    if (strncasecmp(line, name, name_length) == 0 && line[name_length] == ':') {
      const char *value = line + name_length + 1;
      while (*value == ' ' || *value == '\t') value++;
      const char *end = strstr(value, "\r\n");
      *length = end ? (size_t)(end - value) : strlen(value);
      return value;
    }
    line = strstr(line, "\r\n");
  }
  return NULL;
}

static void answer(connection *c) {
  static const char created[] = "HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n";
  static const char refused[] = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n";
  int ok = c->valid && c->body_size > 0;
  const char *text = ok ? created : refused;
  size_t length = ok ? sizeof created - 1 : sizeof refused - 1;
  /* Loopback and a response of a few dozen bytes: the socket's buffer takes it whole. */
  if (write(c->fd, text, length) < 0) return;
  if (!ok) return;
  count++;
  bytes += c->body_size;
  if (first_at == 0) first_at = now_ms();
  if (count == expected) {
    done_at = now_ms();
    printf("done %.0f %.0f %lld %lld %lld %.1f\n", done_at, first_at, count, bytes, connections_seen, cpu_ms());
    fflush(stdout);
  }
}

/* Consumes what the connection's buffer holds: heads, bodies, one request after another. */
static void consume(connection *c) {
  size_t offset = 0;
  for (;;) {
    if (c->body_left < 0) {
      char *start = c->buffer + offset;
      size_t available = c->used - offset;
      char *end = memmem(start, available, "\r\n\r\n", 4);
      if (!end) break;
      size_t head_length = (size_t)(end - start) + 4;
      char saved = start[head_length - 2];
      start[head_length - 2] = '\0';
      size_t length = 0;
      const char *value = header(start, "content-length", &length);
      c->body_size = value ? strtol(value, NULL, 10) : 0;
      value = header(start, "content-encoding", &length);
      int encoded = value && length == 9 && strncasecmp(value, "aes128gcm", 9) == 0;
      value = header(start, "authorization", &length);
      int vapid = value && length > 8 && strncmp(value, "vapid t=", 8) == 0;
      start[head_length - 2] = saved;
      c->valid = encoded && vapid;
      c->body_left = c->body_size;
      offset += head_length;
    }
    size_t available = c->used - offset;
    size_t taken = available < (size_t)c->body_left ? available : (size_t)c->body_left;
    offset += taken;
    c->body_left -= (long)taken;
    if (c->body_left > 0) break;
    answer(c);
    c->body_left = -1;
  }
  memmove(c->buffer, c->buffer + offset, c->used - offset);
  c->used -= offset;
}

static void control(const char *line, int listener) {
  if (strncmp(line, "expect ", 7) == 0) {
    expected = atoll(line + 7);
    count = 0;
    bytes = 0;
    first_at = 0;
    done_at = 0;
  } else if (strncmp(line, "count", 5) == 0) {
    printf("count %lld\n", count);
  } else if (strncmp(line, "cpu", 3) == 0) {
    printf("cpu %.1f\n", cpu_ms());
  } else if (strncmp(line, "stop", 4) == 0) {
    close(listener);
    exit(0);
  }
  fflush(stdout);
}

int main(void) {
  signal(SIGPIPE, SIG_IGN);
  int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  int one = 1;
  setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = 0};
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 4096) != 0) {
    perror("listen");
    return 1;
  }
  socklen_t size = sizeof address;
  getsockname(listener, (struct sockaddr *)&address, &size);
  printf("listening %d\n", ntohs(address.sin_port));
  fflush(stdout);

  int poller = epoll_create1(0);
  struct epoll_event event = {.events = EPOLLIN, .data.ptr = NULL};
  epoll_ctl(poller, EPOLL_CTL_ADD, listener, &event);
  fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
  static connection stdin_marker;
  event.data.ptr = &stdin_marker;
  epoll_ctl(poller, EPOLL_CTL_ADD, 0, &event);

  char control_line[256];
  size_t control_used = 0;
  struct epoll_event events[256];
  for (;;) {
    int ready = epoll_wait(poller, events, 256, -1);
    if (ready < 0 && errno == EINTR) continue;
    for (int i = 0; i < ready; i++) {
      connection *c = events[i].data.ptr;
      if (c == NULL) {
        int fd;
        while ((fd = accept4(listener, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
          setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
          connection *fresh = calloc(1, sizeof *fresh);
          fresh->fd = fd;
          fresh->capacity = MAX_HEAD;
          fresh->buffer = malloc(fresh->capacity);
          fresh->body_left = -1;
          struct epoll_event watch = {.events = EPOLLIN, .data.ptr = fresh};
          epoll_ctl(poller, EPOLL_CTL_ADD, fd, &watch);
          connections_open++;
          connections_seen++;
        }
        continue;
      }
      if (c == &stdin_marker) {
        ssize_t got = read(0, control_line + control_used, sizeof control_line - 1 - control_used);
        if (got == 0) return 0; /* the bench is gone */
        if (got < 0) continue;
        control_used += (size_t)got;
        control_line[control_used] = '\0';
        char *newline;
        while ((newline = strchr(control_line, '\n'))) {
          *newline = '\0';
          control(control_line, listener);
          size_t rest = control_used - (size_t)(newline + 1 - control_line);
          memmove(control_line, newline + 1, rest + 1);
          control_used = rest;
        }
        continue;
      }
      for (;;) {
        if (c->capacity - c->used < 4096) {
          c->capacity *= 2;
          c->buffer = realloc(c->buffer, c->capacity);
        }
        ssize_t got = read(c->fd, c->buffer + c->used, c->capacity - c->used);
        if (got > 0) {
          c->used += (size_t)got;
          consume(c);
          continue;
        }
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        epoll_ctl(poller, EPOLL_CTL_DEL, c->fd, NULL);
        close(c->fd);
        free(c->buffer);
        free(c);
        connections_open--;
        break;
      }
    }
  }
}
