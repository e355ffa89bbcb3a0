/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the hostile-case driver's shared types (issue 20's 10^5-case campaign). */
#ifndef TKSIM_TESTS_HOSTILE_H
#define TKSIM_TESTS_HOSTILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define H_MAX_CMDS 16
#define H_MAX_OPTS 64
#define H_MAX_ARGS 48
#define H_MAX_WORDS 48
#define H_MAX_FILES 4

/**
 * struct h_opt - one option of a command, as `tksim help --man` and `--completion` say it
 * @name:    its name without the dashes
 * @metavar: the value's name ("D", "N|random"), NULL for a flag
 * @words:   the words its value completes to (space-separated), or NULL
 * @file:    its value is a file name (the completion offers files)
 */
struct h_opt {
	char *name;
	char *metavar;
	char *words;
	bool file;
};

/**
 * struct h_cmd - one command of tksim and its option table
 * @name:  "run", "daemon", ...
 * @opts:  its options, in table order
 * @nopts: how many
 */
struct h_cmd {
	char *name;
	struct h_opt opts[H_MAX_OPTS];
	int nopts;
};

/**
 * struct h_tables - every command's options, read from the tksim under test at start
 * @cmds:  the commands, in the dispatcher's order
 * @ncmds: how many
 */
struct h_tables {
	struct h_cmd cmds[H_MAX_CMDS];
	int ncmds;
};

int h_tables_load(struct h_tables *t, const char *tksim);
const struct h_cmd *h_tables_find(const struct h_tables *t, const char *name);

/* struct h_file.kind */
enum h_file_kind {
	H_FILE_DATA, /* a regular file of @data */
	H_FILE_DIR, /* a directory */
	H_FILE_FIFO, /* a FIFO nobody writes */
	H_FILE_UNREADABLE, /* mode 000 (readable anyway by root: then a plain file) */
	H_FILE_READONLY_DIR, /* a folder of mode 0555 */
};

/**
 * struct h_file - a file the case makes in its scratch folder before tksim starts
 * @name: its name there
 * @kind: enum h_file_kind
 * @data: its contents (H_FILE_DATA, H_FILE_UNREADABLE), malloc'd
 * @len:  their length in bytes (may hold NULs)
 */
struct h_file {
	char name[32];
	int kind;
	char *data;
	size_t len;
};

/* struct h_case.stdout_fault */
enum h_out {
	H_OUT_PIPE, /* a pipe the driver reads (the normal case) */
	H_OUT_FULL, /* /dev/full */
	H_OUT_CLOSED, /* fd 1 closed */
	H_OUT_EPIPE, /* a pipe whose reading end the driver closes at @sig_ms */
};

/**
 * struct h_case - one hostile case: a command line, its files, its faults and a signal
 * @index:     its number in the campaign (with the seed, all it is drawn from)
 * @cmd:       the command's name (the summary's row)
 * @gen:       which generator drew it ("opts", "scenario", "bytes", "signal", "daemon", ...)
 * @argv:      the arguments after the tksim binary, NULL-terminated
 * @argc:      how many
 * @words:     the drawn words an exit 2 may name (option names and values)
 * @nwords:    how many
 * @files:     the files to make in the scratch folder
 * @nfiles:    how many
 * @scenario:  the name of the scenario file whose errors must carry FILE:LINE, or NULL
 * @csv:       a CSV output file in the scratch folder to check for whole rows, or NULL
 * @stdout_fault: enum h_out
 * @sig:       a signal to send to tksim @sig_ms after it starts (0: none)
 * @sig_ms:    when (also when an H_OUT_EPIPE pipe is closed)
 * @timeout_ms: the wall-clock bound: past it the case is a hang
 * @heap:      the case's strings (argv, words), freed with the case
 * @used:      bytes of @heap in use
 */
struct h_case {
	long index;
	const char *cmd;
	const char *gen;
	char *argv[H_MAX_ARGS + 1];
	int argc;
	const char *words[H_MAX_WORDS];
	int nwords;
	struct h_file files[H_MAX_FILES];
	int nfiles;
	const char *scenario;
	const char *csv;
	int stdout_fault;
	int sig;
	int sig_ms;
	int timeout_ms;
	char heap[16384];
	size_t used;
};

/**
 * struct h_rng - the case's random numbers: splitmix64 over (seed, case index)
 * @s: the state
 */
struct h_rng {
	uint64_t s;
};

uint64_t h_rand(struct h_rng *r);
uint64_t h_below(struct h_rng *r, uint64_t n);
bool h_chance(struct h_rng *r, unsigned int percent);
const char *h_pick(struct h_rng *r, const char *const *list, size_t n);
#define H_PICK(r, list) h_pick((r), (list), sizeof(list) / sizeof((list)[0]))

char *h_strdup(struct h_case *c, const char *s);
char *h_printf(struct h_case *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void h_arg(struct h_case *c, const char *s, bool drawn);
void h_word(struct h_case *c, const char *s);
struct h_file *h_add_file(struct h_case *c, const char *name, int kind);
void h_case_free(struct h_case *c);

/* The values (hostile_values.c) and the scenario, byte and daemon contents (hostile_files.c). */
const char *h_value_for(struct h_rng *r, const struct h_opt *o);
const char *h_hostile_value(struct h_rng *r);
const char *h_refused_bound(struct h_rng *r);
const char *h_duration(struct h_rng *r);
char *h_scenario_text(struct h_rng *r, const struct h_cmd *run, size_t *len);
void h_scenario_file(struct h_rng *r, struct h_case *c, const struct h_cmd *run, const char *name);
void h_bytes_file(struct h_rng *r, struct h_case *c, const char *name);
void h_daemon_program(struct h_rng *r, struct h_case *c);

/* Drawing a case (hostile_case.c). */
void h_case_draw(struct h_case *c, const struct h_tables *t, uint64_t seed, long index);

/**
 * struct h_result - what one case did, and whether it broke a rule
 * @index:    the case
 * @cmd:      index of its command in the tables (the summary's row)
 * @status:   waitpid()'s status of tksim
 * @hang:     it passed its wall-clock bound and was killed
 * @leftover: processes of its tree still alive after tksim ended and a grace period
 * @sanitizer: a sanitizer's text in its output
 * @signalled: the case's signal was delivered while tksim ran
 * @ms:       its wall time in ms
 * @why:      the broken rule, empty when none
 */
struct h_result {
	long index;
	int cmd;
	int status;
	bool hang;
	int leftover;
	bool sanitizer;
	bool signalled;
	int ms;
	char why[160];
};

/**
 * struct h_output - a case's captured stdout and stderr
 * @out:    stdout's first bytes
 * @err:    stderr's first bytes
 * @nout:   how many of @out
 * @nerr:   how many of @err
 * @sanitizer: a sanitizer's words seen in either stream, also past what is kept
 */
struct h_output {
	char out[65536];
	char err[65536];
	size_t nout;
	size_t nerr;
	bool sanitizer;
};

int h_case_run(const struct h_case *c, const char *tksim, const char *dir, struct h_result *res,
	       struct h_output *o);
void h_case_check(const struct h_case *c, const char *dir, struct h_result *res,
		  const struct h_output *o);
void h_case_print(const struct h_case *c, FILE *f);

#endif /* TKSIM_TESTS_HOSTILE_H */
