// SPDX-License-Identifier: GPL-2.0
/* tksim's own: `tksim daemon`: a real, unmodified daemon on the simulated kernel (docs/daemons.md).
 */

#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sim/bugs.h"
#include "sim/fixes.h"
#include "sim/daemon/daemon.h"
#include "sim/daemon/daemon_vvar.h"
#include "timekeeper/timekeeping_aux.h"
#include "tools/daemon/daemon_elf.h"
#include "tools/daemon/daemon_filter.h"
#include "tools/daemon/daemon_keeper.h"
#include "tools/daemon/daemon_launch.h"
#include "tools/daemon/daemon_priv.h"
#include "tools/daemon/daemon_net_opts.h"
#include "tools/daemon/daemon_report.h"
#include "tools/options.h"
#include "tools/process.h"
#include "tools/scenario/scenario.h"
#include "tools/scenario/scenario_find.h"
#include "tools/tksim.h"

/* 2027-01-01T00:00:00Z: the leap second of --leap ends 2026-12-31, a day chronyd takes leaps on. */
#define DMN_LEAP_MIDNIGHT 1798761600LL

/* Answers asking the daemon to stop before it is killed. */
#define DMN_MAX_QUITS 100

/* The options of `tksim daemon`: its parser, --help, man page and completion. */
const struct tksim_option cmd_daemon_options[] = {
	TKSIM_OPT_HEAD("Options:"),
	TKSIM_OPT_ARG("duration", 'd', "DUR", "virtual time to run, then SIGTERM", "1h"),
	TKSIM_OPT_ARG("ppm", 'p', "PPM", "the counter's true frequency error", "+35"),
	TKSIM_OPT_ARG("hz", 'z', "N", "CONFIG_HZ", "1000"),
	TKSIM_OPT_ARG("offset", 'o', "TIME", "REALTIME's error against true time at boot", "0"),
	TKSIM_OPT_SEED('s', "the counter wander and the SHM noise"),
	TKSIM_OPT_FLAG("shm", 'm', "feed SHM refclock unit 0 with true time"),
	TKSIM_OPT_ARG("shm-noise", 'n', "TIME", "largest error of a SHM sample, uniform", "0"),
	TKSIM_OPT_FLAG("unprivileged", 'u',
		       "the daemon lacks CAP_SYS_TIME in the simulated kernel"),
	TKSIM_OPT_ARG("log-interval", 'i', "DUR",
		      "print the clock's error and frequency this often (1ms at\n"
		      "least)",
		      NULL),
	TKSIM_OPT_ARG("aux-clocks", 'a', "N",
		      "enable aux clocks 0..N-1 (CLOCK_AUX + n, 0..8) at boot, as\n"
		      "/sys/kernel/time/aux_clocks/n/aux_clock_enable does",
		      "0"),
	TKSIM_OPT_ARG("read-cost", 'r', "DUR", "virtual time one clock read takes", "20ns"),
	TKSIM_OPT_FLAG("periodic-tick", 't',
		       "tick every 1/HZ while the daemon waits (default: NOHZ\n"
		       "idle, one timekeeping_advance() on each wake-up)"),
	TKSIM_OPT_FLAG("syscall-reads", 'y',
		       "every clock read a request to tksim (default: the\n"
		       "simulated vDSO runs in the daemon over a shared vvar page)"),
	TKSIM_OPT_MORE(TKSIM_OPT_FILE, "kernel", 'K', "TREE",
		       "a kernel tree's own timekeeping.c, ntp.c and lib/vdso\n"
		       "answer the program (6.12, 6.1 or a tree's directory): its\n"
		       "adjtimex calls discipline the tree's ntp.c; every clock\n"
		       "read is a request, served by the tree's vDSO code",
		       NULL),
	TKSIM_OPT_MORE(TKSIM_OPT_BUGS, "inject", 'j', "BUG[,BUG]",
		       "switch historical bugs on (tksim bugs): the oracle,\n"
		       "checked after every request, ends the run (exit 1)",
		       NULL),
	TKSIM_OPT_MORE(TKSIM_OPT_FIXES, "fix", 'F', "FIX[,FIX]",
		       "switch proposed kernel fixes on (tksim bugs --fixes)", NULL),
	TKSIM_OPT_MORE(TKSIM_OPT_FILE, "csv", 'c', "FILE",
		       "a time series of the run (docs/output.md), - for stdout", NULL),
	TKSIM_OPT_ARG("csv-interval", 'C', "DUR", "simulated time between CSV rows (1ms at least)",
		      "1s"),
	TKSIM_OPT_ARG("wall-limit", 'W', "DUR",
		      "stop the program when it makes no request for DUR of\n"
		      "wall time (it neither waits nor reads a clock through tksim)",
		      "30s"),
	TKSIM_OPT_ENUM("leap", 'L', "insert|delete",
		       "a leap second at the end of 2026-12-31 (a day on which\n"
		       "chronyd accepts one); the SHM refclock and the NTP\n"
		       "servers announce it (LI bits) until midnight",
		       NULL, "insert delete"),
	TKSIM_OPT_ARG("start-before-midnight", 'B', "DUR", "with --leap: boot that long before",
		      "1h"),
	TKSIM_OPT_ARG("server", 'S', "ADDR[,delay=DUR][,jitter=DUR][,asym=TIME]",
		      "an NTP server at ADDR (numeric), port 123 of the simulated\n"
		      "network: one-way delay (default 1ms), plus uniform 0..jitter\n"
		      "each way; the request's path asym longer (up to 4 servers)",
		      NULL),
	TKSIM_OPT_HELP('h'),
	TKSIM_OPT_END,
};

/* The shortest --log-interval and --csv-interval: each is a stop of virtual time. */
#define DMN_MIN_INTERVAL_NS (1000 * 1000)

/* How the program's run ended, besides by itself. */
enum dmn_end {
	DMN_END_PROGRAM, /* it exited or was killed by its end of the run */
	DMN_END_WALL, /* --wall-limit: no request for that long */
	DMN_END_SIGNAL, /* a signal to tksim (INT, TERM, HUP, USR1, USR2) */
};

struct dmn_opts {
	struct sim_config cfg;
	u64 duration_ns;
	s64 offset_ns;
	u64 shm_noise_ns;
	u64 log_interval_ns;
	u64 read_cost_ns;
	bool shm;
	bool unprivileged;
	bool periodic_tick;
	bool syscall_reads;
	const char *kernel;
	unsigned int aux_clocks;
	u64 bugs;
	const char *csv_path;
	int leap;
	u64 before_midnight_ns;
	u64 csv_interval_ns;
	u64 wall_limit_ns;
	char **cmd;
	struct sim_daemon_net net; /* its servers; the rest is set up by cmd_daemon() */
	struct tksim_optset set;
	struct scenario scn;
};

static void daemon_help(void)
{
	printf("usage: tksim daemon [SCENARIO] [OPTIONS] -- COMMAND [ARGS]\n"
	       "Run an unmodified, dynamically linked daemon on the simulated kernel in virtual\n"
	       "time: its clock reads, adjtimex calls and waits go to tksim "
	       "(docs/daemons.md).\n\n");
	tksim_opt_help(stdout, cmd_daemon_options);
	printf("\n"
	       "A SCENARIO file (scenarios/*.scn) holds these options, one per line without\n"
	       "the dashes; the command line overrides it.\n");
}

/* Options, from the command line (up to "--") or one scenario line: the one parser of both. */
static int daemon_parse_argv(int argc, char **argv, struct dmn_opts *o)
{
	struct tksim_optiter it;
	int c;
	s64 v;
	u64 u;

	tksim_opt_begin(&it, &o->set, argc, argv);
	while ((c = tksim_opt_next(&it)) > 0) {
		const char *a = it.value;

		switch (c) {
		case 'd':
			if (tksim_parse_duration_ns(a, &o->duration_ns))
				return tksim_usage_error("daemon", "bad --duration '%s'", a);
			break;
		case 'p':
			if (tksim_parse_fixed(a, 3, &v) || v <= -100000000 || v >= 100000000)
				return tksim_usage_error(
					"daemon",
					"--ppm must be a number within +/-100000, not '%s'", a);
			o->cfg.counter.error_ppb = v;
			break;
		case 'z':
			if (tksim_parse_u64(a, &u) || u < 1 || u > 100000)
				return tksim_usage_error("daemon",
							 "--hz must be 1..100000, not '%s'", a);
			o->cfg.hz = (unsigned int)u;
			break;
		case 'o':
			if (tksim_parse_time_ns(a, NSEC_PER_SEC, &v) ||
			    v <= -1000 * (s64)NSEC_PER_SEC || v >= 1000 * (s64)NSEC_PER_SEC)
				return tksim_usage_error(
					"daemon", "--offset must be within +/-1000s, not '%s'", a);
			o->offset_ns = v;
			break;
		case 's':
			if (tksim_opt_seed("daemon", a, &o->cfg.counter.seed))
				return TKSIM_EXIT_USAGE;
			break;
		case 'm':
			o->shm = true;
			break;
		case 'n':
			if (tksim_parse_duration_ns(a, &o->shm_noise_ns) ||
			    o->shm_noise_ns > NSEC_PER_SEC)
				return tksim_usage_error("daemon",
							 "--shm-noise must be 0..1s, not '%s'", a);
			break;
		case 'u':
			o->unprivileged = true;
			break;
		case 'a':
			if (tksim_parse_u64(a, &u) || u > TK_MAX_AUX_CLOCKS)
				return tksim_usage_error("daemon",
							 "--aux-clocks must be 0..%d, not '%s'",
							 TK_MAX_AUX_CLOCKS, a);
			o->aux_clocks = (unsigned int)u;
			break;
		case 't':
			o->periodic_tick = true;
			break;
		case 'y':
			o->syscall_reads = true;
			break;
		case 'K':
			o->kernel = a;
			break;
		case 'j':
			if (sim_bugs_parse(a, &o->bugs))
				return tksim_usage_error(
					"daemon", "--inject: unknown bug in '%s' (see tksim bugs)",
					a);
			if (tksim_refuse_unseen_bugs("daemon", o->bugs))
				return TKSIM_EXIT_USAGE;
			break;
		case 'F':
			if (sim_fixes_parse(a, &o->cfg.fixes))
				return tksim_usage_error(
					"daemon",
					"--fix: unknown fix in '%s' (see tksim bugs --fixes)", a);
			break;
		case 'i':
			/* Each interval is a stop of virtual time: 1 ns would be 10^9 a second. */
			if (tksim_parse_duration_ns(a, &o->log_interval_ns) ||
			    (o->log_interval_ns && o->log_interval_ns < DMN_MIN_INTERVAL_NS))
				return tksim_usage_error(
					"daemon",
					"--log-interval must be 0 (off) or 1ms at least, not '%s'",
					a);
			break;
		case 'r':
			if (tksim_parse_duration_ns(a, &o->read_cost_ns) ||
			    o->read_cost_ns > NSEC_PER_SEC)
				return tksim_usage_error("daemon",
							 "--read-cost must be 0..1s, not '%s'", a);
			break;
		case 'S':
			if (daemon_parse_server(a, &o->net))
				return TKSIM_EXIT_USAGE;
			break;
		case 'c':
			o->csv_path = a;
			break;
		case 'L':
			if (strcmp(a, "insert") && strcmp(a, "delete"))
				return tksim_usage_error(
					"daemon", "--leap must be insert or delete, not '%s'", a);
			o->leap = strcmp(a, "insert") ? -1 : 1;
			break;
		case 'B':
			if (tksim_parse_duration_ns(a, &o->before_midnight_ns) ||
			    o->before_midnight_ns > 30 * 86400 * NSEC_PER_SEC)
				return tksim_usage_error(
					"daemon",
					"--start-before-midnight must be 0..30d, not "
					"'%s'",
					a);
			break;
		case 'C':
			if (tksim_parse_duration_ns(a, &o->csv_interval_ns) ||
			    o->csv_interval_ns < DMN_MIN_INTERVAL_NS)
				return tksim_usage_error(
					"daemon", "--csv-interval must be 1ms at least, not '%s'",
					a);
			break;
		case 'W':
			if (tksim_parse_duration_ns(a, &o->wall_limit_ns) || !o->wall_limit_ns)
				return tksim_usage_error("daemon", "bad --wall-limit '%s'", a);
			break;
		case 'h':
			daemon_help();
			return -1;
		}
	}
	return c < 0 ? TKSIM_EXIT_USAGE : 0;
}

static int daemon_apply_line(int argc, char **argv, void *ctx)
{
	return daemon_parse_argv(argc, argv, ctx);
}

/*
 * Defaults, then the scenario file if the first argument names one, then
 * the options up to "--", which override the file; the command follows.
 */
static int daemon_parse(int argc, char **argv, struct dmn_opts *o)
{
	int n = 0, ret;

	while (n < argc && strcmp(argv[n], "--"))
		n++;
	sim_config_default(&o->cfg);
	o->duration_ns = 3600 * NSEC_PER_SEC;
	o->read_cost_ns = SIM_DAEMON_READ_COST_NS;
	o->csv_interval_ns = NSEC_PER_SEC;
	o->wall_limit_ns = 30 * NSEC_PER_SEC;
	o->set = (struct tksim_optset){ .cmd = "daemon", .table = cmd_daemon_options };
	if (n > 1 && argv[1][0] != '-') {
		char path[4096];

		ret = scenario_apply(&o->scn, scenario_find(argv[1], path, sizeof(path)), "daemon",
				     daemon_apply_line, o);
		if (ret)
			return ret;
		argv[1] = argv[0];
		argc--;
		argv++;
		n--;
	}
	ret = daemon_parse_argv(n, argv, o);
	if (ret)
		return ret;
	if (o->leap) {
		/* REALTIME at boot: that long before the leap's midnight, plus the initial error.
		 */
		s64 wall =
			DMN_LEAP_MIDNIGHT * (s64)NSEC_PER_SEC -
			(s64)(o->before_midnight_ns ? o->before_midnight_ns : 3600 * NSEC_PER_SEC) +
			o->offset_ns;

		o->cfg.wall_time.tv_sec = wall / (s64)NSEC_PER_SEC;
		o->cfg.wall_time.tv_nsec = wall % (s64)NSEC_PER_SEC;
	}
	/* Like for like, as run, diff and fuzz: beside a release's tree the model is that release.
	 */
	if (o->kernel)
		tk_profile_parse(o->kernel, &o->cfg.profile);
	if (o->kernel && (o->bugs || o->cfg.fixes || o->aux_clocks))
		return tksim_usage_error(
			"daemon", "--kernel: the tree's own code answers the program, so %s",
			o->aux_clocks ? "--aux-clocks cannot be had (the 6.12 and 6.1 trees "
					"predate aux clocks)"
				      : "--inject and --fix (the model's) would change nothing it "
					"sees");
	/*
	 * The preload runs the model's vDSO code over a copy of the model's vvar page; with a
	 * tree the reads must be the tree's: each one a request, served by the tree's lib/vdso.
	 */
	if (o->kernel)
		o->syscall_reads = true;
	if (n + 1 >= argc)
		return tksim_usage_error("daemon",
					 "no command: write `tksim daemon [OPTIONS] -- COMMAND`");
	o->cmd = argv + n + 1;
	return 0;
}

/*
 * The vvar page the daemon reads its clocks from in its own process
 * (sim/daemon/daemon_vvar.h): a memfd the child inherits (not close-on-exec) and
 * the preload maps and closes.  Return: the memfd (tksim closes it after the fork), or -1.
 */
static int daemon_share_vvar(struct sim_daemon *d)
{
	char buf[32];
	void *p;
	int fd = memfd_create("tksim-daemon-vvar", 0);

	if (fd < 0)
		return -1;
	if (ftruncate(fd, sizeof(struct tkp_vvar))) {
		close(fd);
		return -1;
	}
	p = mmap(NULL, sizeof(struct tkp_vvar), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		close(fd);
		return -1;
	}
	d->vv = p;
	sim_daemon_vvar_publish(d);
	snprintf(buf, sizeof(buf), "%d", fd);
	if (setenv(TKSIM_PRELOAD_VVAR_FD_ENV, buf, 1)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The simulated network: --server's servers, the jitter seeded from --seed. */
static void daemon_net_setup(struct sim_daemon *d, struct dmn_opts *o)
{
	struct sim_ntp_server servers[SIM_NET_MAX_SERVERS];
	int n = o->net.nservers;

	memcpy(servers, o->net.servers, sizeof(servers));
	sim_daemon_net_init(&o->net, o->cfg.counter.seed);
	memcpy(o->net.servers, servers, sizeof(servers));
	o->net.nservers = n;
	d->net = &o->net;
}

/*
 * The program ended for its own reason, or is stopped now: after a signal to tksim, SIGTERM to
 * its group and a second to go; after --wall-limit, SIGKILL.  Return: its wait status.
 */
static int daemon_stop(struct dmn_keeper *k, enum dmn_end end)
{
	pid_t pid = k->prog;
	int status = 0;

	if (end == DMN_END_SIGNAL) {
		kill(-pid, SIGTERM);
		if (!dmn_keeper_wait(k, 1.0, &status))
			return status;
	}
	if (end != DMN_END_PROGRAM)
		kill(-pid, SIGKILL);
	/* A program that closed its socket and goes on is stopped at the wall limit's end. */
	if (end == DMN_END_PROGRAM && !dmn_keeper_wait(k, 30.0, &status))
		return status;
	kill(-pid, SIGKILL);
	dmn_keeper_wait(k, -1, &status);
	return status;
}

/* The run is over for the program: too many quits, a violation, a tampered page or a refusal. */
static bool daemon_must_stop(const struct sim_daemon *d)
{
	return d->quits > DMN_MAX_QUITS || d->violation[0] || d->tampered[0] || d->refused[0];
}

/*
 * Serve the child until it exits, --wall-limit passes without a request, or a signal comes to
 * tksim (@end says which).  Return: its wait status.
 */
static int daemon_serve(struct sim_daemon *d, int sock, struct dmn_keeper *k, u64 wall_limit_ns,
			enum dmn_end *end)
{
	double last = tksim_wall_seconds(), limit = (double)wall_limit_ns * 1e-9;
	struct tkp_req rq;
	struct tkp_rep rp;

	*end = DMN_END_PROGRAM;
	for (;;) {
		struct pollfd p = { .fd = sock, .events = POLLIN };
		int r = poll(&p, 1, 250);
		ssize_t n;

		if (tksim_signal_caught()) {
			*end = DMN_END_SIGNAL;
			break;
		}
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0) {
			if (tksim_wall_seconds() - last < limit)
				continue;
			*end = DMN_END_WALL;
			break;
		}
		n = recv(sock, &rq, sizeof(rq), MSG_DONTWAIT);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n != (ssize_t)sizeof(rq))
			break;
		last = tksim_wall_seconds();
		if (rq.op >= TKP_NET_SOCKET) {
			if (daemon_serve_net(d, sock, &rq))
				break;
		} else {
			sim_daemon_serve(d, &rq, &rp);
			/*
			 * A refusal may come from a descendant: the program must not go on without
			 * it, so it is stopped before the answer lets the refusing process exit (a
			 * shell would otherwise run its next command first).
			 */
			if (daemon_must_stop(d))
				kill(k->prog, SIGKILL);
			if (send(sock, &rp, sizeof(rp), MSG_NOSIGNAL) != (ssize_t)sizeof(rp))
				break;
		}
		if (daemon_must_stop(d))
			kill(k->prog, SIGKILL);
	}
	return daemon_stop(k, *end);
}

/*
 * The program's own end, mapped onto tksim's exit statuses (docs/daemons.md): a program's
 * status is its own, never a verdict of tksim's, so it is said in words and only 0 passes.
 */
static int daemon_program_status(int status, unsigned int quits, const char *name)
{
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		printf("%s exited with status 0\n", name);
		return TKSIM_EXIT_OK;
	}
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM && quits) {
		printf("%s ended by SIGTERM at the end of the run\n", name);
		return TKSIM_EXIT_OK;
	}
	if (WIFEXITED(status)) {
		printf("%s exited with status %d\n", name, WEXITSTATUS(status));
		fprintf(stderr,
			"tksim: daemon: %s exited with status %d (the program's own failure, not a "
			"verdict)\n",
			name, WEXITSTATUS(status));
	} else {
		int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;

		printf("%s killed by signal %d\n", name, sig);
		fprintf(stderr, "tksim: daemon: %s killed by signal %d (%s)\n", name, sig,
			tksim_signal_name(sig));
	}
	return TKSIM_EXIT_USAGE;
}

/* Build the system, start the program, serve it, report.  Return: the exit status. */
static int daemon_run(const struct dmn_opts *opts)
{
	struct dmn_opts o = *opts;
	struct sim_system *s;
	struct sim_daemon d;
	char path[4096];
	const char *why;
	int sv[2], shmid = -1, vvfd = -1, status, err, ret;
	scmp_filter_ctx filter;
	struct dmn_keeper keeper;
	enum dmn_end end;
	unsigned int left;

	if (daemon_resolve(o.cmd[0], path, sizeof(path), &why))
		return *o.cmd[0] ? tksim_usage_error("daemon", "%s: %s", o.cmd[0], why)
				 : tksim_usage_error("daemon", "%s", why);
	if (daemon_check_elf(path, &why))
		return tksim_usage_error("daemon", "refusing %s: it %s", path, why);
	s = sim_system_new(&o.cfg, &err);
	if (!s)
		return tksim_usage_error("daemon", "cannot build the system (error %d)", err);
	if (o.kernel) {
		char kerr[2048];
		int st = sim_system_open_ktree(s, o.kernel, kerr, sizeof(kerr));

		if (st) {
			sim_system_free(s);
			if (st != SIM_KTREE_UNAVAILABLE)
				return tksim_usage_error("daemon", "%s", kerr);
			fprintf(stderr, "tksim daemon: skipped: %s\n", kerr);
			return TKSIM_EXIT_SKIP;
		}
	}
	sim_bugs_apply(&s->k, o.bugs);
	for (unsigned int n = 0; n < o.aux_clocks; n++) {
		err = tk_aux_clock_enable(&s->k, n, true);
		if (err) {
			sim_system_free(s);
			return tksim_usage_error("daemon",
						 "--aux-clocks: aux clock %u cannot be enabled: %s",
						 n, strerror(-err));
		}
	}
	sim_daemon_init(&d, s, o.offset_ns, o.duration_ns);
	daemon_net_setup(&d, &o);
	d.leap = o.leap;
	d.leap_midnight_ns = DMN_LEAP_MIDNIGHT * (s64)NSEC_PER_SEC;
	d.privileged = !o.unprivileged;
	d.shm_noise_ns = o.shm_noise_ns;
	d.read_cost_ns = o.read_cost_ns;
	d.nohz = !o.periodic_tick;
	d.log = stdout;
	d.log_interval_ns = o.log_interval_ns;
	d.next_log_ns = s->now_ns + o.log_interval_ns;
	if (o.csv_path) {
		d.csv = strcmp(o.csv_path, "-") ? fopen(o.csv_path, "w") : stdout;
		if (!d.csv) {
			sim_system_free(s);
			return tksim_usage_error("daemon", "cannot write '%s': %s", o.csv_path,
						 strerror(errno));
		}
		d.csv_interval_ns = o.csv_interval_ns;
		d.next_csv_ns = s->now_ns + o.csv_interval_ns;
		sim_daemon_csv_header(&d);
	}
	if (o.shm) {
		struct shmid_ds ds;

		shmid = shmget(IPC_PRIVATE, sizeof(struct tkp_shm_time), IPC_CREAT | 0600);
		d.shm = shmid < 0 ? NULL : shmat(shmid, NULL, 0);
		if (!d.shm || d.shm == (void *)-1) {
			if (d.csv && d.csv != stdout)
				fclose(d.csv);
			sim_system_free(s);
			return tksim_usage_error("daemon", "cannot create the SHM segment: %s",
						 strerror(errno));
		}
		memset(d.shm, 0, sizeof(*d.shm));
		if (getuid() == 0 && !shmctl(shmid, IPC_STAT, &ds)) {
			ds.shm_perm.uid = DMN_NOBODY; /* the daemon attaches it as nobody */
			shmctl(shmid, IPC_SET, &ds);
		}
		/* Gone with its last detach, even if tksim dies: Linux still lets the child attach.
		 */
		shmctl(shmid, IPC_RMID, NULL);
	}
	if (!o.syscall_reads && (vvfd = daemon_share_vvar(&d)) < 0) {
		ret = tksim_usage_error("daemon", "cannot share the vvar page: %s",
					strerror(errno));
		goto out;
	}
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv)) {
		ret = tksim_usage_error("daemon", "socketpair: %s", strerror(errno));
		goto out;
	}
	filter = daemon_filter_build(&why);
	if (!filter) {
		close(sv[0]);
		close(sv[1]);
		ret = tksim_usage_error("daemon", "%s", why);
		goto out;
	}
	/*
	 * The keeper forks the program, and stops whatever it leaves behind (a double fork,
	 * setsid) when tksim ends, however it ends (tools/daemon/daemon_keeper.c).
	 */
	tksim_signals_catch(); /* from the start: a signal while the keeper starts only waits */
	err = dmn_keeper_start(&keeper, sv[1], shmid, o.cmd, path, filter);
	seccomp_release(filter);
	daemon_drop_parent();
	close(sv[1]);
	if (vvfd >= 0)
		close(vvfd);
	if (err) {
		tksim_signals_restore();
		close(sv[0]);
		ret = tksim_usage_error("daemon", "cannot start the program: %s", strerror(-err));
		goto out;
	}
	status = daemon_serve(&d, sv[0], &keeper, o.wall_limit_ns, &end);
	left = dmn_keeper_finish(&keeper);
	tksim_signals_restore();
	sim_daemon_vvar_sync(&d); /* the reads the program made after its last request */
	close(sv[0]);
	daemon_summary(&d, o.cmd[0], o.offset_ns, stdout);
	if (left)
		printf("stopped %u process%s %s left behind\n", left, left > 1 ? "es" : "",
		       o.cmd[0]);
	if (d.tampered[0]) {
		fprintf(stderr, "tksim: daemon: %s\n", d.tampered);
		ret = TKSIM_EXIT_USAGE;
	} else if (d.violation[0]) {
		fprintf(stderr, "tksim: daemon: property violated at t=%" PRIu64 "ns: %s\n",
			s->now_ns, d.violation);
		ret = TKSIM_EXIT_VIOLATION;
	} else if (end == DMN_END_SIGNAL) {
		fprintf(stderr, "tksim: daemon: interrupted by %s: %s stopped\n",
			tksim_signal_name(tksim_signal_caught()), o.cmd[0]);
		ret = TKSIM_EXIT_INTERRUPTED;
	} else if (d.refused[0]) {
		fprintf(stderr, "tksim: daemon: %s refused by the preload: %s\n", o.cmd[0],
			d.refused);
		ret = TKSIM_EXIT_USAGE;
	} else if (!d.hello) {
		fprintf(stderr, "tksim: daemon: the preload did not start in %s\n", o.cmd[0]);
		ret = TKSIM_EXIT_USAGE;
	} else if (end == DMN_END_WALL) {
		fprintf(stderr,
			"tksim: daemon: %s made no request for %.9g s of wall time (it neither "
			"waits nor reads a clock through tksim, so virtual time cannot advance): "
			"stopped\n",
			o.cmd[0], (double)o.wall_limit_ns * 1e-9);
		ret = TKSIM_EXIT_USAGE;
	} else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS) {
		fprintf(stderr,
			"tksim: daemon: %s was killed by SIGSYS: tksim's seccomp filter stopped a "
			"clock syscall made without the preload's handler\n",
			o.cmd[0]);
		ret = TKSIM_EXIT_USAGE;
	} else {
		ret = daemon_program_status(status, d.quits, o.cmd[0]);
	}
	if (d.csv && d.csv != stdout) {
		bool bad = ferror(d.csv);

		errno = 0;
		bad |= fclose(d.csv) != 0;
		d.csv = NULL;
		if (bad) {
			fprintf(stderr, "tksim: daemon: cannot write '%s': %s\n", o.csv_path,
				strerror(errno ? errno : EIO));
			if (ret != TKSIM_EXIT_VIOLATION)
				ret = TKSIM_EXIT_USAGE;
		}
	}
out:
	if (d.csv && d.csv != stdout)
		fclose(d.csv);
	if (d.vv)
		munmap(d.vv, sizeof(*d.vv));
	if (d.shm)
		shmdt(d.shm);
	sim_system_free(s);
	return ret;
}

/**
 * cmd_daemon() - `tksim daemon [OPTIONS] -- COMMAND [ARGS]`
 * @argc: argument count
 * @argv: arguments; argv[0] is "daemon"
 *
 * Return: the daemon's exit status, 2 for bad usage or a refusal.
 */
int cmd_daemon(int argc, char **argv)
{
	struct dmn_opts o = { 0 };
	int ret = daemon_parse(argc, argv, &o);

	if (!ret)
		ret = daemon_run(&o);
	else if (ret < 0)
		ret = TKSIM_EXIT_OK; /* --help */
	scenario_free(&o.scn);
	return ret;
}
