/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: what libtksim-preload.so's epoll waits keep (tools/preload/preload_epoll.c). */
#ifndef TKSIM_TOOLS_PRELOAD_PRELOAD_EPOLL_H
#define TKSIM_TOOLS_PRELOAD_PRELOAD_EPOLL_H

/**
 * tkp_epoll_forget() - @fd was closed: forget it as an epoll instance
 * @fd: the fd; its number may be reused by any other fd
 */
void tkp_epoll_forget(int fd);

#endif /* TKSIM_TOOLS_PRELOAD_PRELOAD_EPOLL_H */
