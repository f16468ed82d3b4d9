// A paced HTTP/1.1 load generator for bench/bets.mjs: sends prepared requests at a fixed rate over
// keep-alive loopback connections (one request in flight on each) and times each answer from its
// scheduled send, so a stalled server cannot hide its queue. It shares the machine's two cores with the
// server it measures, so it is written to cost as little as a client can: about a third of the CPU of
// the Node client per request, and no runtime of its own (event loop, garbage collector) to add to the
// latencies it reports.
//
// Usage: paced-client <port> <rate per second> <max connections> <requests file> <results file>
//   requests file: each request as a 4-byte little-endian length, then the request's bytes.
//   results file:  a first line "<start, epoch ms> <sent> <overloaded 0|1> <user CPU ms> <system CPU ms>",
//                  then per request sent, in order: "<status> <latency ms> <body>" (status 0: no answer).
// Built by bets.mjs with the system's C compiler (cc -O2); without one, bets.mjs uses its Node client.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  int fd;
  long request;      // index of the request in flight, -1 when idle
  size_t written;    // bytes of it written so far
  char *buffer;      // answer bytes read so far
  size_t length, capacity;
} Connection;

typedef struct {
  int status;        // 0 until answered
  double latency_ms;
  char *body;
} Result;

static char **requests;
static uint32_t *request_lengths;
static long request_count;
static Result *results;
static Connection *connections;
static int connection_count, max_connections;
static long *waiting;  // requests due but without a free connection (FIFO)
static long waiting_head, waiting_tail;
static int *idle;      // indexes of idle connections (stack)
static int idle_count;
static int epoll_fd, port;
static long answered;
static struct timespec start;

static double since_start_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (t.tv_sec - start.tv_sec) * 1e3 + (t.tv_nsec - start.tv_nsec) / 1e6;
}

static void fail(const char *what) {
  perror(what);
  exit(2);
}

static void load_requests(const char *file) {
  FILE *in = fopen(file, "rb");
  if (!in) fail("requests file");
  long capacity = 1024;
  requests = malloc(capacity * sizeof *requests);
  request_lengths = malloc(capacity * sizeof *request_lengths);
  uint32_t length;
  while (fread(&length, sizeof length, 1, in) == 1) {
    if (request_count == capacity) {
      capacity *= 2;
      requests = realloc(requests, capacity * sizeof *requests);
      request_lengths = realloc(request_lengths, capacity * sizeof *request_lengths);
    }
    requests[request_count] = malloc(length);
    if (fread(requests[request_count], 1, length, in) != length) fail("requests file truncated");
    request_lengths[request_count++] = length;
  }
  fclose(in);
}

static int open_connection(void) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) fail("socket");
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, (struct sockaddr *)&address, sizeof address) < 0) fail("connect");
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  int index = connection_count++;
  Connection *c = &connections[index];
  c->fd = fd;
  c->request = -1;
  c->capacity = 4096;
  c->buffer = malloc(c->capacity);
  c->length = 0;
  struct epoll_event event = {.events = EPOLLIN, .data.u32 = (uint32_t)index};
  if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event) < 0) fail("epoll_ctl");
  return index;
}

static void write_some(int index) {
  Connection *c = &connections[index];
  const char *data = requests[c->request];
  size_t total = request_lengths[c->request];
  while (c->written < total) {
    ssize_t n = write(c->fd, data + c->written, total - c->written);
    if (n > 0) {
      c->written += (size_t)n;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      struct epoll_event event = {.events = EPOLLIN | EPOLLOUT, .data.u32 = (uint32_t)index};
      epoll_ctl(epoll_fd, EPOLL_CTL_MOD, c->fd, &event);
      return;
    }
    fail("write");
  }
}

static void send_on(int index, long request) {
  Connection *c = &connections[index];
  c->request = request;
  c->written = 0;
  write_some(index);
}

static void dispatch(long request) {
  if (idle_count > 0) send_on(idle[--idle_count], request);
  else if (connection_count < max_connections) send_on(open_connection(), request);
  else waiting[waiting_tail++] = request;
}

/** Case-insensitive search for the Content-Length header within the head. */
static long content_length(const char *head, size_t head_length) {
  static const char name[] = "\r\ncontent-length:";
  size_t name_length = sizeof name - 1;
  for (size_t i = 0; i + name_length <= head_length; i++) {
    if (strncasecmp(head + i, name, name_length) == 0) return strtol(head + i + name_length, NULL, 10);
  }
  return -1;
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: %s <port> <rate> <max connections> <requests file> <results file>\n", argv[0]);
    return 2;
  }
  port = atoi(argv[1]);
  double rate = atof(argv[2]);
  max_connections = atoi(argv[3]);
  load_requests(argv[4]);
  results = calloc(request_count ? request_count : 1, sizeof *results);
  connections = calloc(max_connections, sizeof *connections);
  idle = malloc(max_connections * sizeof *idle);
  waiting = malloc((request_count ? request_count : 1) * sizeof *waiting);
  epoll_fd = epoll_create1(0);
  if (epoll_fd < 0) fail("epoll_create1");

  struct timeval wall;
  gettimeofday(&wall, NULL);
  clock_gettime(CLOCK_MONOTONIC, &start);
  double start_epoch_ms = wall.tv_sec * 1e3 + wall.tv_usec / 1e3;
  long sent = 0;
  int overloaded = 0;
  struct epoll_event events[256];
  const double interval_ms = 1e3 / rate;

  while (answered < request_count && !(overloaded && answered == sent)) {
    double now = since_start_ms();
    while (!overloaded && sent < request_count && sent * interval_ms <= now) dispatch(sent++);
    // A server that cannot keep up would only grow its queue: stop after two seconds' worth of backlog.
    if (!overloaded && sent - answered > rate * 2) overloaded = 1;
    struct timespec timeout = {0, 0};
    if (!overloaded && sent < request_count) {
      // Sends go out on whole-millisecond ticks, the due ones together, as the Node client's 1 ms timer
      // sends them: the same schedule either way, and each bet is still timed from its own due time.
      double wait_ms = ceil(sent * interval_ms) - since_start_ms();
      if (wait_ms > 0) {
        timeout.tv_sec = (time_t)(wait_ms / 1e3);
        timeout.tv_nsec = (long)((wait_ms - timeout.tv_sec * 1e3) * 1e6);
      }
    } else {
      timeout.tv_sec = 1;
    }
    int ready = epoll_pwait2(epoll_fd, events, 256, &timeout, NULL);
    if (ready < 0) {
      if (errno == EINTR) continue;
      fail("epoll_pwait2");
    }
    for (int e = 0; e < ready; e++) {
      int index = (int)events[e].data.u32;
      Connection *c = &connections[index];
      if (events[e].events & EPOLLOUT) {
        struct epoll_event event = {.events = EPOLLIN, .data.u32 = (uint32_t)index};
        epoll_ctl(epoll_fd, EPOLL_CTL_MOD, c->fd, &event);
        if (c->request >= 0) write_some(index);
      }
      if (!(events[e].events & (EPOLLIN | EPOLLHUP | EPOLLERR))) continue;
      for (;;) {
        if (c->capacity - c->length < 4096) {
          c->capacity *= 2;
          c->buffer = realloc(c->buffer, c->capacity);
        }
        size_t space = c->capacity - c->length - 1;
        ssize_t n = read(c->fd, c->buffer + c->length, space);
        if (n > 0) {
          c->length += (size_t)n;
          if ((size_t)n < space) break;  // drained
          continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        // Closed by the server: the request in flight gets no answer; the connection is not used again.
        if (c->request >= 0) {
          results[c->request].status = 0;
          results[c->request].latency_ms = since_start_ms() - c->request * interval_ms;
          answered++;
          c->request = -1;
        }
        epoll_ctl(epoll_fd, EPOLL_CTL_DEL, c->fd, NULL);
        close(c->fd);
        c->fd = -1;
        if (waiting_head < waiting_tail) dispatch(waiting[waiting_head++]);
        goto next_event;
      }
      c->buffer[c->length] = '\0';
      {
        char *head_end = strstr(c->buffer, "\r\n\r\n");
        if (!head_end || c->request < 0) goto next_event;
        size_t head_length = (size_t)(head_end - c->buffer);
        long body_length = content_length(c->buffer, head_length);
        if (body_length < 0) {
          fprintf(stderr, "answer without Content-Length\n");
          return 2;
        }
        size_t total = head_length + 4 + (size_t)body_length;
        if (c->length < total) goto next_event;
        Result *r = &results[c->request];
        r->latency_ms = since_start_ms() - c->request * interval_ms;
        r->status = atoi(c->buffer + 9);
        r->body = malloc((size_t)body_length + 1);
        memcpy(r->body, head_end + 4, (size_t)body_length);
        r->body[body_length] = '\0';
        for (long i = 0; i < body_length; i++)
          if (r->body[i] == '\n' || r->body[i] == '\r') r->body[i] = ' ';
        answered++;
        memmove(c->buffer, c->buffer + total, c->length - total);
        c->length -= total;
        c->request = -1;
        if (waiting_head < waiting_tail) send_on(index, waiting[waiting_head++]);
        else idle[idle_count++] = index;
      }
    next_event:;
    }
  }

  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  FILE *out = fopen(argv[5], "w");
  if (!out) fail("results file");
  fprintf(out, "%.3f %ld %d %.1f %.1f\n", start_epoch_ms, sent, overloaded,
          usage.ru_utime.tv_sec * 1e3 + usage.ru_utime.tv_usec / 1e3,
          usage.ru_stime.tv_sec * 1e3 + usage.ru_stime.tv_usec / 1e3);
  for (long i = 0; i < sent; i++) {
    fprintf(out, "%d %.3f %s\n", results[i].status, results[i].latency_ms, results[i].body ? results[i].body : "");
  }
  fclose(out);
  return 0;
}
