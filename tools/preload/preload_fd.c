// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, duplicating and closing fds (docs/daemons.md, "Virtual UDP
 * sockets"). */

/*
 * A duplicate refers to the same socket, as in the kernel: ntpd moves each
 * socket it opens to a higher fd (fcntl F_DUPFD, then close) and must find
 * it still virtual there.  Closing an fd ends what the sockets, the epoll
 * sets and the timerfds keep of it: close() stands above them.
 */

#define _GNU_SOURCE
#include "tools/preload/preload_net.h"
#include "tools/preload/preload_epoll.h"
#include "tools/preload/preload_timerfd.h"

#include <fcntl.h>
#include <stdarg.h>
#include <unistd.h>

TKP_EXPORT int dup(int fd);
int dup(int fd)
{
	static int (*real)(int);
	int n;

	if (!real)
		real = tkp_real("dup");
	n = real(fd);
	tkp_net_dup(fd, n);
	return n;
}

TKP_EXPORT int dup2(int fd, int newfd);
int dup2(int fd, int newfd)
{
	static int (*real)(int, int);
	int n;

	if (!real)
		real = tkp_real("dup2");
	if (newfd == tkp_fd)
		tkp_refuse("dup2 onto the preload's own fd");
	n = real(fd, newfd);
	tkp_net_dup(fd, n);
	return n;
}

TKP_EXPORT int dup3(int fd, int newfd, int flags);
int dup3(int fd, int newfd, int flags)
{
	static int (*real)(int, int, int);
	int n;

	if (!real)
		real = tkp_real("dup3");
	if (newfd == tkp_fd)
		tkp_refuse("dup3 onto the preload's own fd");
	n = real(fd, newfd, flags);
	tkp_net_dup(fd, n);
	return n;
}

static int tkp_fcntl(const char *name, int fd, int cmd, unsigned long arg)
{
	int (*real)(int, int, ...) = tkp_real(name);
	int n = real(fd, cmd, arg);

	if (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC)
		tkp_net_dup(fd, n);
	return n;
}

/* Every fcntl command takes at most one argument, an int or a pointer: pass it as a word. */
TKP_EXPORT int fcntl(int fd, int cmd, ...);
int fcntl(int fd, int cmd, ...)
{
	unsigned long arg;
	va_list ap;

	va_start(ap, cmd);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	return tkp_fcntl("fcntl", fd, cmd, arg);
}

TKP_EXPORT int fcntl64(int fd, int cmd, ...);
int fcntl64(int fd, int cmd, ...)
{
	unsigned long arg;
	va_list ap;

	va_start(ap, cmd);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	return tkp_fcntl("fcntl64", fd, cmd, arg);
}

/* What the preload keeps of @fd goes with it: its virtual socket (the last fd closes it), its
 * epoll instance, its timerfd. */
TKP_EXPORT int close(int fd);
int close(int fd)
{
	static int (*real)(int);

	if (!real)
		real = tkp_real("close");
	if (fd == tkp_fd)
		return 0; /* the daemon closing every fd must not cut it off from tksim */
	tkp_net_unref(fd, real);
	tkp_epoll_forget(fd);
	tkp_tfd_closed(fd);
	return real(fd);
}
