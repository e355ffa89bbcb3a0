/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the privileges of `tksim daemon`'s two processes (tools/daemon/daemon_priv.c,
 * docs/daemons.md "Safety"). */
#ifndef TKSIM_TOOLS_DAEMON_DAEMON_PRIV_H
#define TKSIM_TOOLS_DAEMON_DAEMON_PRIV_H

/**
 * daemon_drop_child() - in the child, before exec: give up every privilege, for good
 *
 * Clears the effective, permitted, inheritable and ambient capability sets and, when the
 * process may (it is root or holds CAP_SETPCAP), the bounding set; switches to uid and gid
 * DMN_NOBODY without supplementary groups when started as root; sets no_new_privs.  Then
 * checks with capget() and prctl() that nothing is left.
 *
 * Return: NULL when nothing is left, else what is (a phrase for the refusal).
 */
const char *daemon_drop_child(void);

/**
 * daemon_drop_parent() - in tksim, after the fork: keep only what serving the child needs
 *
 * Every capability goes but CAP_KILL when tksim is root (the child runs as nobody and may
 * have to be killed); no_new_privs; not dumpable, so that a child running as tksim's own user
 * cannot ptrace tksim.  Failures are ignored: each step only takes away.
 */
void daemon_drop_parent(void);

#endif /* TKSIM_TOOLS_DAEMON_DAEMON_PRIV_H */
