// SPDX-License-Identifier: GPL-2.0
// tksim's own: the rules a hostile case must keep (tests/cli/hostile.sh's), and its replay text.
/*
 * A case keeps the rules when tksim ended within its bound, left no process
 * behind, printed no sanitizer text, and exited 0, 1, 2 or 4 (tools/usage.h;
 * 130 too when the case sent INT, TERM, HUP or USR1 while it ran; death by
 * SIGPIPE when the driver closed the pipe of its stdout: the shell's
 * `tksim ... | head`); an exit 2 must name its input (the scenario's
 * FILE:LINE, a word drawn for the command line, or stdout for a fault
 * there); a CSV file the case asked for holds whole rows (every line ends
 * in a newline and has the header's number of fields), after a signal too.
 * HOSTILE_IMPOSSIBLE=1 adds a rule no case keeps (exit 0 is refused), so
 * that make check shows the checks can fail.
 */
#define _GNU_SOURCE
#include "tests/hostile/hostile.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static bool says(const struct h_output *o, const char *w)
{
	return strstr(o->err, w) || strstr(o->out, w);
}

/* "NAME:" followed by a line number, in @s. */
static bool file_line(const char *s, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = strstr(s, name); p; p = strstr(p + 1, name))
		if (p[n] == ':' && p[n + 1] >= '0' && p[n + 1] <= '9')
			return true;
	return false;
}

/* An exit 2 names the scenario as FILE:LINE, or a drawn word. */
static bool names_input(const struct h_case *c, const struct h_output *o)
{
	if (c->scenario && (file_line(o->err, c->scenario) || file_line(o->out, c->scenario)))
		return true;
	for (int i = 0; i < c->nwords; i++)
		if (says(o, c->words[i]))
			return true;
	return false;
}

/* Whole rows: every line ends in '\n' and has the header's number of commas (read in chunks). */
static const char *csv_whole(const char *dir, const char *name)
{
	char p[4096], buf[65536];
	int fd, fields = -1, k = 0;
	ssize_t n;
	bool any = false;
	char last = '\n';

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	fd = open(p, O_RDONLY);
	if (fd < 0)
		return NULL; /* not written: a refused case, said by its exit */
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		any = true;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] == ',') {
				k++;
			} else if (buf[i] == '\n') {
				if (fields < 0)
					fields = k;
				else if (k != fields)
					break;
				k = 0;
			}
		}
		last = buf[n - 1];
		if (fields >= 0 && k > fields)
			break;
	}
	close(fd);
	if (n > 0)
		return "a CSV row with another number of fields than the header";
	if (any && last != '\n')
		return "the CSV's last row is cut";
	return NULL;
}

/**
 * h_case_check() - judge a case that ran: fill @res->why with the first rule broken
 * @c:   the case
 * @dir: its scratch folder (its CSV output is there)
 * @res: its result; @res->why is left empty when every rule held
 * @o:   its output
 */
void h_case_check(const struct h_case *c, const char *dir, struct h_result *res,
		  const struct h_output *o)
{
	int st = res->status;
	const char *csv;

	res->why[0] = '\0';
	res->sanitizer = o->sanitizer;
	if (res->hang) {
		snprintf(res->why, sizeof(res->why), "no end within %d ms (a hang): killed",
			 c->timeout_ms);
	} else if (o->sanitizer) {
		snprintf(res->why, sizeof(res->why), "a sanitizer report");
	} else if (WIFSIGNALED(st)) {
		if (!(WTERMSIG(st) == SIGPIPE && c->stdout_fault == H_OUT_EPIPE))
			snprintf(res->why, sizeof(res->why), "killed by signal %d (%s)",
				 WTERMSIG(st), strsignal(WTERMSIG(st)));
	} else {
		int rc = WEXITSTATUS(st);

		if (rc == 130 && !res->signalled)
			snprintf(res->why, sizeof(res->why), "exit 130 with no signal sent");
		else if (rc != 0 && rc != 1 && rc != 2 && rc != 4 && rc != 130)
			snprintf(res->why, sizeof(res->why), "exit %d", rc);
		else if (rc == 2 && !names_input(c, o))
			snprintf(res->why, sizeof(res->why), "exit 2 without naming the input");
		else if (rc == 0 && getenv("HOSTILE_IMPOSSIBLE"))
			snprintf(res->why, sizeof(res->why),
				 "exit 0 (HOSTILE_IMPOSSIBLE: a rule no case keeps)");
	}
	if (!res->why[0] && res->leftover)
		snprintf(res->why, sizeof(res->why), "%d process(es) left behind", res->leftover);
	if (!res->why[0] && !res->hang && c->csv && (csv = csv_whole(dir, c->csv)))
		snprintf(res->why, sizeof(res->why), "%s", csv);
}

/* A shell word: quoted when it holds anything but plain characters. */
static void shell_word(FILE *f, const char *s)
{
	if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			    "-_./:=,+%@") == strlen(s)) {
		fputs(s, f);
		return;
	}
	fputc('\'', f);
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	fputc('\'', f);
}

/**
 * h_case_print() - a case as a user would type it: its command line, files and faults
 * @c: the case
 * @f: where
 */
void h_case_print(const struct h_case *c, FILE *f)
{
	static const char *const kinds[] = { "file", "folder", "FIFO", "file of mode 000",
					     "folder of mode 0555" };
	static const char *const outs[] = { "", " >/dev/full", " >&-",
					    " | (close at the instant)" };

	fputs("  tksim", f);
	for (int i = 0; i < c->argc; i++) {
		fputc(' ', f);
		shell_word(f, c->argv[i]);
	}
	fprintf(f, "%s\n", outs[c->stdout_fault]);
	if (c->sig || c->stdout_fault == H_OUT_EPIPE)
		fprintf(f, "  %s at %d ms\n", c->sig ? strsignal(c->sig) : "stdout closed",
			c->sig_ms);
	for (int i = 0; i < c->nfiles; i++) {
		const struct h_file *hf = &c->files[i];

		fprintf(f, "  %s %s, %zu bytes", kinds[hf->kind], hf->name, hf->len);
		if (hf->len) {
			size_t n = hf->len < 400 ? hf->len : 400;

			fputs(":\n    | ", f);
			for (size_t k = 0; k < n; k++) {
				unsigned char ch = (unsigned char)hf->data[k];

				if (ch == '\n')
					fputs(k + 1 < n ? "\n    | " : "", f);
				else if (ch >= 32 && ch < 127)
					fputc(ch, f);
				else
					fprintf(f, "\\x%02x", ch);
			}
			if (n < hf->len)
				fputs(" ...", f);
		}
		fputc('\n', f);
	}
}
