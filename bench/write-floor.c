// The floor under a live broadcast on this machine: how long the kernel takes for one small write() to
// each of N loopback TCP sockets, with no runtime in the way. A child process holds the client ends and
// reads them (epoll, as the bench clients do); the parent times its write loop once per round.
//
// Usage: gcc -O2 -o /tmp/write-floor bench/write-floor.c && /tmp/write-floor [sockets=10000] [rounds=20]
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/** The client side: connect every socket, then read whatever arrives until the parent closes them. */
static void clients(struct sockaddr_in address, int count) {
  int poll = epoll_create1(0);
  for (int i = 0; i < count; i++) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
      perror("connect");
      exit(1);
    }
    fcntl(fd, F_SETFL, O_NONBLOCK);
    struct epoll_event event = {.events = EPOLLIN, .data.fd = fd};
    epoll_ctl(poll, EPOLL_CTL_ADD, fd, &event);
  }
  struct epoll_event ready[256];
  char buffer[4096];
  for (int open = count; open > 0;) {
    int n = epoll_wait(poll, ready, 256, -1);
    for (int i = 0; i < n; i++) {
      if (read(ready[i].data.fd, buffer, sizeof buffer) <= 0) {
        close(ready[i].data.fd);
        open--;
      }
    }
  }
  exit(0);
}

int main(int argc, char **argv) {
  int count = argc > 1 ? atoi(argv[1]) : 10000;
  int rounds = argc > 2 ? atoi(argv[2]) : 20;
  int listener = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  socklen_t length = sizeof address;
  if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 4096) != 0) {
    perror("listen");
    return 1;
  }
  getsockname(listener, (struct sockaddr *)&address, &length);
  pid_t child = fork();
  if (child == 0) clients(address, count);

  int *server = malloc(sizeof(int) * count);
  int one = 1;
  for (int i = 0; i < count; i++) {
    server[i] = accept(listener, NULL, NULL);
    if (server[i] < 0) {
      perror("accept");
      kill(child, SIGKILL);
      return 1;
    }
    setsockopt(server[i], IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    fcntl(server[i], F_SETFL, O_NONBLOCK);
  }

  // About the size of an UPDATE_ODDS frame for one race.
  char frame[96];
  memset(frame, 'x', sizeof frame);
  double *took = malloc(sizeof(double) * rounds);
  struct timespec pause = {.tv_sec = 0, .tv_nsec = 200 * 1000 * 1000};
  for (int round = 0; round < rounds; round++) {
    double started = now_ms();
    for (int i = 0; i < count; i++) {
      if (write(server[i], frame, sizeof frame) != (ssize_t)sizeof frame) {
        perror("write");
        return 1;
      }
    }
    took[round] = now_ms() - started;
    nanosleep(&pause, NULL);
  }
  for (int i = 0; i < count; i++) close(server[i]);
  waitpid(child, NULL, 0);

  qsort(took, rounds, sizeof(double), compare);
  printf("%d sockets, %d rounds: write loop p50 %.1f ms (%.2f us a write), min %.1f ms, max %.1f ms\n", count, rounds,
         took[rounds / 2], took[rounds / 2] * 1000 / count, took[0], took[rounds - 1]);
  return 0;
}
