// SPDX-License-Identifier: GPL-2.0
// tksim's own: the tree object's one file in the host's world (libc): the kernel's messages and
// warnings.
/*
 * The tree's files are compiled without libc (-nostdinc, the kernel's own
 * headers); what needs stdio is here, behind two plain functions that the
 * shims' printk() and WARN() call.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define KT_VISIBLE __attribute__((visibility("default")))

/* Counted since boot; ktree_reset() restores them with the rest of the object's data. */
unsigned long kt_nr_printk;
unsigned long kt_nr_warn;

/**
 * kt_printk() - the tree's printk(): counted, printed to stderr when TKSIM_KTREE_PRINTK is set
 * @fmt: the kernel's format (its KERN_ level prefixes are empty in the shims)
 *
 * Return: 0, as no caller in the time files looks at it.
 */
int kt_printk(const char *fmt, ...)
{
	va_list ap;

	kt_nr_printk++;
	if (!getenv("TKSIM_KTREE_PRINTK"))
		return 0;
	va_start(ap, fmt);
	fputs("ktree: printk: ", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	return 0;
}

/**
 * kt_warn() - a WARN() of the tree's code fired
 * @file: the tree's file
 * @line: its line
 */
void kt_warn(const char *file, int line)
{
	kt_nr_warn++;
	if (getenv("TKSIM_KTREE_PRINTK"))
		fprintf(stderr, "ktree: WARNING at %s:%d\n", file, line);
}

/** kt_abi_warnings() - WARN()s since boot (see ktree_warnings()); printk()s are only counted. */
KT_VISIBLE unsigned long kt_abi_warnings(void)
{
	return kt_nr_warn;
}
