// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim explore`, the path of the explorer page, or the page served on localhost.
/*
 * Input: --serve PORT optionally.  Output: the path of the explorer's page
 * (index.html of the build tree's web/, else of the installed copy), which a
 * browser opens from file:// as it is; or, with --serve, the page served on
 * 127.0.0.1:PORT until interrupted.  Exit status: 0; 2 for bad usage or for a
 * page that was not built (the command that builds it is named).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "tools/explore/explore_serve.h"
#include "tools/options.h"
#include "tools/parse.h"
#include "tools/tksim.h"

/* The options of `tksim explore`: its parser, --help, man page and completion. */
const struct tksim_option cmd_explore_options[] = {
	TKSIM_OPT_HEAD("Options:"),
	TKSIM_OPT_ARG("serve", 's', "PORT",
		      "serve the page on http://127.0.0.1:PORT/ until interrupted\n"
		      "(the page needs no server: this is for a browser that cannot\n"
		      "open files)",
		      NULL),
	TKSIM_OPT_HELP('h'),
	TKSIM_OPT_END,
};

static void explore_help(void)
{
	printf("usage: tksim explore [--serve PORT]\n\n"
	       "Print the path of the explorer, a page that runs tksim's deterministic core\n"
	       "in the browser (WebAssembly): step the timekeeper tick by tick, drag the\n"
	       "counter's ppm, inject a bug, and export the session as a scenario that\n"
	       "`tksim run` replays with the same numbers (docs/explorer.md).  Open the path\n"
	       "in a browser; it needs no server.  The page is built by `make explorer`\n"
	       "(configure --enable-explorer, with emcc).\n\n");
	tksim_opt_help(stdout, cmd_explore_options);
	printf("\nExit status: 0, or 2 for bad usage or a page that was not built.\n");
}

/* The folder of the page: the build tree's, else the installed one; NULL if neither. */
static const char *page_dir(void)
{
	static const char *const dirs[] = { TKSIM_EXPLORER_BUILDDIR, TKSIM_EXPLORER_DIR };
	char path[4096];

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/tksim-core.js", dirs[i]);
		if (!access(path, R_OK))
			return dirs[i];
	}
	return NULL;
}

/**
 * cmd_explore() - `tksim explore`
 * @argc: argument count (argv[0] is "explore")
 * @argv: arguments
 *
 * Return: exit status.
 */
int cmd_explore(int argc, char **argv)
{
	struct tksim_optset set = { .cmd = "explore", .table = cmd_explore_options };
	struct tksim_optiter it;
	const char *dir;
	u64 port = 0;
	int c;

	tksim_opt_begin(&it, &set, argc, argv);
	while ((c = tksim_opt_next(&it)) > 0) {
		switch (c) {
		case 's':
			if (tksim_parse_u64(it.value, &port) || !port || port > 65535)
				return tksim_opt_error(&set, 's',
						       "--serve wants a port 1..65535, not '%s'",
						       it.value);
			break;
		case 'h':
			explore_help();
			return TKSIM_EXIT_OK;
		default:
			return TKSIM_EXIT_USAGE;
		}
	}
	if (c < 0)
		return TKSIM_EXIT_USAGE;
	dir = page_dir();
	if (!dir)
		return tksim_usage_error(
			"explore", "the explorer was not built: `./configure --enable-explorer "
				   "&& make` (needs emcc: apt-get install emscripten)");
	if (!port) {
		printf("%s/index.html\n", dir);
		return TKSIM_EXIT_OK;
	}
	return explore_serve(dir, (unsigned int)port);
}
