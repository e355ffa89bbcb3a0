// SPDX-License-Identifier: GPL-2.0
// tksim's own: the explorer's four files served over HTTP/1.0 on 127.0.0.1 (see explore_serve.h).
/*
 * The page needs no server; this is for a browser that will not open a file.
 * Only the page's own files are served, by name, from 127.0.0.1: no other
 * path, no listing, nothing from outside the machine.  One request per
 * connection, one connection at a time: a page of four files needs no more.
 */
#include "tools/explore/explore_serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tools/usage.h"

/* The page's files and their types: nothing else is served. */
static const struct {
	const char *path;
	const char *file;
	const char *type;
} files[] = {
	{ "/", "index.html", "text/html; charset=utf-8" },
	{ "/index.html", "index.html", "text/html; charset=utf-8" },
	{ "/explorer.js", "explorer.js", "text/javascript" },
	{ "/explorer.css", "explorer.css", "text/css" },
	{ "/tksim-core.js", "tksim-core.js", "text/javascript" },
};

/* Write all of @buf; false when the client went away. */
static bool send_all(int fd, const char *buf, size_t n)
{
	while (n) {
		ssize_t w = send(fd, buf, n, MSG_NOSIGNAL);

		if (w <= 0)
			return false;
		buf += w;
		n -= (size_t)w;
	}
	return true;
}

/* Answer one request on @fd. */
static void serve_one(int fd, const char *dir)
{
	char req[1024], path[4096], hdr[256], buf[65536];
	ssize_t n = recv(fd, req, sizeof(req) - 1, 0);
	const char *type = NULL, *file = NULL;
	FILE *f = NULL;
	size_t r;

	if (n <= 0)
		return;
	req[n] = '\0';
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		size_t l = strlen(files[i].path);

		if (!strncmp(req, "GET ", 4) && !strncmp(req + 4, files[i].path, l) &&
		    (req[4 + l] == ' ' || req[4 + l] == '?')) {
			file = files[i].file;
			type = files[i].type;
		}
	}
	if (file) {
		snprintf(path, sizeof(path), "%s/%s", dir, file);
		f = fopen(path, "rb");
	}
	if (!f) {
		static const char nf[] = "HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n";

		send_all(fd, nf, sizeof(nf) - 1);
		return;
	}
	snprintf(hdr, sizeof(hdr), "HTTP/1.0 200 OK\r\nContent-Type: %s\r\n\r\n", type);
	if (send_all(fd, hdr, strlen(hdr)))
		while ((r = fread(buf, 1, sizeof(buf), f)) > 0 && send_all(fd, buf, r))
			;
	fclose(f);
}

/**
 * explore_serve() - serve the page of @dir on 127.0.0.1:@port until killed
 * @dir:  the page's folder
 * @port: TCP port
 *
 * Return: an exit status: 2 when the port cannot be had (it never returns otherwise).
 */
int explore_serve(const char *dir, unsigned int port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	int one = 1, s = socket(AF_INET, SOCK_STREAM, 0);

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (s < 0 || setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(s, (struct sockaddr *)&a, sizeof(a)) || listen(s, 8)) {
		int err = errno;

		if (s >= 0)
			close(s);
		return tksim_usage_error("explore", "cannot serve on 127.0.0.1:%u: %s", port,
					 strerror(err));
	}
	printf("serving %s on http://127.0.0.1:%u/ (interrupt to stop)\n", dir, port);
	fflush(stdout);
	for (;;) {
		int c = accept(s, NULL, NULL);

		if (c < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		serve_one(c, dir);
		close(c);
	}
	close(s);
	return TKSIM_EXIT_USAGE;
}
