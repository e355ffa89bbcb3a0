// SPDX-License-Identifier: GPL-2.0
/* tksim's own: `tksim daemon`: a real, unmodified daemon on the simulated kernel (docs/daemons.md).
 */

#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sim/daemon.h"
#include "tools/daemon_launch.h"
#include "tools/options.h"
#include "tools/tksim.h"

/* Answers asking the daemon to stop before it is killed. */
#define DMN_MAX_QUITS 100

static const struct tksim_option daemon_options[] = {
	{ "duration", 'd', TKSIM_OPT_VALUE },	  { "ppm", 'p', TKSIM_OPT_VALUE },
	{ "hz", 'z', TKSIM_OPT_VALUE },		  { "offset", 'o', TKSIM_OPT_VALUE },
	{ "seed", 's', TKSIM_OPT_VALUE },	  { "shm", 'm', 0 },
	{ "shm-noise", 'n', TKSIM_OPT_VALUE },	  { "unprivileged", 'u', 0 },
	{ "log-interval", 'i', TKSIM_OPT_VALUE }, { "read-cost", 'r', TKSIM_OPT_VALUE },
	{ "help", 'h', TKSIM_OPT_CMDLINE },	  { NULL, 0, 0 },
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
	char **cmd;
};

static void daemon_help(void)
{
	printf("usage: tksim daemon [OPTIONS] -- COMMAND [ARGS]\n"
	       "Run an unmodified, dynamically linked daemon on the simulated kernel in virtual\n"
	       "time: its clock reads, adjtimex calls and waits go to tksim (docs/daemons.md).\n"
	       "  --duration DUR      virtual time to run (default 1h), then SIGTERM\n"
	       "  --ppm PPM           the counter's true frequency error (default +35)\n"
	       "  --hz N              CONFIG_HZ (default 1000)\n"
	       "  --offset TIME       REALTIME's error against true time at boot (default 0)\n"
	       "  --seed N            seed of the counter wander and the SHM noise (default 1)\n"
	       "  --shm               feed SHM refclock unit 0 with true time\n"
	       "  --shm-noise TIME    largest error of a SHM sample, uniform (default 0)\n"
	       "  --unprivileged      the daemon lacks CAP_SYS_TIME in the simulated kernel\n"
	       "  --log-interval DUR  print the clock's error and frequency this often\n"
	       "  --read-cost DUR     virtual time one clock read takes (default 20ns)\n");
}

static int daemon_parse(int argc, char **argv, struct dmn_opts *o)
{
	struct tksim_optset set = { .cmd = "daemon", .table = daemon_options };
	struct tksim_optiter it;
	int n = 0, c;
	s64 v;
	u64 u;

	while (n < argc && strcmp(argv[n], "--"))
		n++;
	sim_config_default(&o->cfg);
	o->duration_ns = 3600 * NSEC_PER_SEC;
	o->read_cost_ns = SIM_DAEMON_READ_COST_NS;
	tksim_opt_begin(&it, &set, n, argv);
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
			if (tksim_parse_u64(a, &o->cfg.counter.seed))
				return tksim_usage_error("daemon", "bad --seed '%s'", a);
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
		case 'i':
			if (tksim_parse_duration_ns(a, &o->log_interval_ns))
				return tksim_usage_error("daemon", "bad --log-interval '%s'", a);
			break;
		case 'r':
			if (tksim_parse_duration_ns(a, &o->read_cost_ns) ||
			    o->read_cost_ns > NSEC_PER_SEC)
				return tksim_usage_error("daemon",
							 "--read-cost must be 0..1s, not '%s'", a);
			break;
		case 'h':
			daemon_help();
			return -1;
		}
	}
	if (c < 0)
		return TKSIM_EXIT_USAGE;
	if (n + 1 >= argc)
		return tksim_usage_error("daemon",
					 "no command: write `tksim daemon [OPTIONS] -- COMMAND`");
	o->cmd = argv + n + 1;
	return 0;
}

static void daemon_summary(struct sim_daemon *d, const struct dmn_opts *o, FILE *f)
{
	static const char *const adj_names[SIM_DAEMON_ADJ_NR] = {
		"read", "offset", "frequency", "status", "tick", "setoffset", "other",
	};

	fprintf(f, "tksim daemon: %s, %" PRIu64 " requests, %" PRIu64 " waits, %" PRIu64 " ticks\n",
		o->cmd[0], d->requests, d->waits, d->s->ticks);
	fprintf(f, "adjtimex calls:");
	for (int i = 0; i < SIM_DAEMON_ADJ_NR; i++)
		fprintf(f, " %s %" PRIu64, adj_names[i], d->adj[i]);
	fprintf(f, "; steps %" PRIu64 "\n", d->steps);
	fprintf(f, "initial error %+" PRId64 "ns, final state: ", o->offset_ns);
	sim_daemon_print_state(d, f);
}

/* Serve the child until it exits.  Return: its wait status. */
static int daemon_serve(struct sim_daemon *d, int sock, pid_t pid)
{
	struct tkp_req rq;
	struct tkp_rep rp;
	int status;

	for (;;) {
		ssize_t n = recv(sock, &rq, sizeof(rq), 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n != (ssize_t)sizeof(rq))
			break;
		sim_daemon_serve(d, &rq, &rp);
		if (d->quits > DMN_MAX_QUITS)
			kill(pid, SIGKILL);
		if (send(sock, &rp, sizeof(rp), MSG_NOSIGNAL) != (ssize_t)sizeof(rp))
			break;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return status;
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
	struct sim_system *s;
	struct sim_daemon d;
	char path[4096];
	const char *why;
	int sv[2], shmid = -1, status, err, ret;
	pid_t pid;

	ret = daemon_parse(argc, argv, &o);
	if (ret)
		return ret < 0 ? TKSIM_EXIT_OK : ret;
	if (daemon_resolve(o.cmd[0], path, sizeof(path)))
		return tksim_usage_error("daemon", "%s: command not found", o.cmd[0]);
	if (daemon_check_elf(path, &why))
		return tksim_usage_error("daemon", "refusing %s: it %s", path, why);
	s = sim_system_new(&o.cfg, &err);
	if (!s)
		return tksim_usage_error("daemon", "cannot build the system (error %d)", err);
	sim_daemon_init(&d, s, o.offset_ns, o.duration_ns);
	d.privileged = !o.unprivileged;
	d.shm_noise_ns = o.shm_noise_ns;
	d.read_cost_ns = o.read_cost_ns;
	d.log = stdout;
	d.log_interval_ns = o.log_interval_ns;
	d.next_log_ns = s->now_ns + o.log_interval_ns;
	if (o.shm) {
		struct shmid_ds ds;

		shmid = shmget(IPC_PRIVATE, sizeof(struct tkp_shm_time), IPC_CREAT | 0600);
		d.shm = shmid < 0 ? NULL : shmat(shmid, NULL, 0);
		if (!d.shm || d.shm == (void *)-1) {
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
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv)) {
		ret = tksim_usage_error("daemon", "socketpair: %s", strerror(errno));
		goto out;
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		daemon_child(sv[1], shmid, o.cmd, path);
	close(sv[1]);
	if (pid < 0) {
		close(sv[0]);
		ret = tksim_usage_error("daemon", "fork: %s", strerror(errno));
		goto out;
	}
	status = daemon_serve(&d, sv[0], pid);
	close(sv[0]);
	daemon_summary(&d, &o, stdout);
	if (d.refused[0]) {
		fprintf(stderr, "tksim: daemon: %s refused by the preload: %s\n", o.cmd[0],
			d.refused);
		ret = TKSIM_EXIT_USAGE;
	} else if (!d.hello) {
		fprintf(stderr, "tksim: daemon: the preload did not start in %s\n", o.cmd[0]);
		ret = TKSIM_EXIT_USAGE;
	} else if (WIFEXITED(status)) {
		ret = WEXITSTATUS(status);
		printf("%s exited with status %d\n", o.cmd[0], ret);
	} else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM && d.quits) {
		printf("%s ended by SIGTERM at the end of the run\n", o.cmd[0]);
		ret = TKSIM_EXIT_OK;
	} else {
		printf("%s killed by signal %d\n", o.cmd[0],
		       WIFSIGNALED(status) ? WTERMSIG(status) : 0);
		ret = TKSIM_EXIT_VIOLATION;
	}
out:
	if (d.shm)
		shmdt(d.shm);
	sim_system_free(s);
	return ret;
}
