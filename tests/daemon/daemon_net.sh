#!/bin/sh
# tksim's own: `tksim daemon --server`: a UDP socket of the program is virtual, a client request
# to the server gets its reply after the path's delays, the arrival ends a select() at its own
# instant, the receive timestamps are the simulated REALTIME of that instant, jitter comes from
# the seed, and a real socket to port 123 is refused (tests/daemon/daemon_udp.c is the client).
. "${top_srcdir:-.}/tests/daemon/daemon_lib.sh"
udp=$bin/tests/daemon/daemon_udp
val() { sed -n "s/^$1 \\([-0-9.]*\\).*/\\1/p" "$2"; }

# 5 ms each way; reads cost nothing, so the run ends at the reply's arrival.
timeout 8 "$TKSIM" daemon --read-cost 0 --server 192.0.2.1,delay=5ms -- "$udp" 192.0.2.1 >"$tmp/a" 2>&1
rc=$?
cat "$tmp/a"
[ $rc = 0 ] || bad "tksim daemon -- daemon_udp exited $rc"
grep -q '^recv before sending: -1 Resource temporarily unavailable' "$tmp/a" || bad "an empty socket did not say EAGAIN"
grep -q '^local 192.0.2.2:32768$' "$tmp/a" || bad "a connected socket does not have the host's address and an ephemeral port"
grep -q '^reply 48 bytes from 192.0.2.1:123 mode 4 stratum 1 origin echoed$' "$tmp/a" || bad "no server reply"
# The server's receive timestamp is true time 5 ms after the send (the clock is exact at boot).
[ "$(sed -n 's/^t2-t1 \([-0-9]*\) .*/\1/p' "$tmp/a")" = 5000000 ] || bad "the server did not receive 5 ms after the send"
# The arrival is 10 ms of true time after the send: its stamp is the clock then, t1 + 10 ms +
# the clock's error at that instant (the summary's final error: the run ended there).
err=$(sed -n 's/^initial error .*final state: t=0.010000000 error=+\([0-9]*\)ns .*/\1/p' "$tmp/a")
[ -n "$err" ] || bad "the run did not end at the arrival, 10 ms in"
for how in SCM_TIMESTAMPNS SCM_TIMESTAMPING; do
	[ "$(val "$how rx-t1" "$tmp/a")" = $((10000000 + ${err:-0})) ] ||
		bad "$how is not the simulated REALTIME at arrival"
done
# select() ended at the arrival and left the rest of its 10 s, truncated to us.
grep -q '^select 1 left 9.989999$' "$tmp/a" || bad "select did not end at the arrival"

# epoll_wait on the socket ends at the arrival too: MONOTONIC advanced what REALTIME did.
"$TKSIM" daemon --read-cost 0 --server 192.0.2.1,delay=5ms -- "$udp" 192.0.2.1 epoll >"$tmp/e" 2>&1
grep -q "^epoll_wait 1 after $((10000000 + ${err:-0})) ns\$" "$tmp/e" ||
	{ cat "$tmp/e"; bad "epoll_wait did not end at the arrival"; }
grep -q '^reply 48 bytes from 192.0.2.1:123 ' "$tmp/e" || bad "epoll_wait: no server reply"
"$TKSIM" daemon --read-cost 0 --server 192.0.2.1,delay=5ms -- "$udp" 192.0.2.1 epoll >"$tmp/e2" 2>&1
cmp "$tmp/e" "$tmp/e2" || bad "two identical epoll_wait runs differ"

# asym=2ms: the request's path is 2 ms longer.
"$TKSIM" daemon --read-cost 0 --server 192.0.2.1,delay=5ms,asym=2ms -- "$udp" 192.0.2.1 >"$tmp/as" 2>&1
grep -q '^t2-t1 7000000 ' "$tmp/as" || bad "asym=2ms did not lengthen the request's path"
grep -q '^initial error .* t=0.012000000 ' "$tmp/as" || bad "asym=2ms: the reply did not arrive 12 ms in"

# Jitter from the seed: the same seed gives the same bytes, another seed another delay.
for s in 1a 1b 2; do
	"$TKSIM" daemon --seed ${s%[ab]} --server 192.0.2.1,delay=5ms,jitter=1ms -- "$udp" 192.0.2.1 >"$tmp/j$s" 2>&1
done
cmp "$tmp/j1a" "$tmp/j1b" || bad "two runs with the same seed differ"
a=$(val 'SCM_TIMESTAMPNS rx-t1' "$tmp/j1a")
b=$(val 'SCM_TIMESTAMPNS rx-t1' "$tmp/j2")
[ "${a:-0}" -gt 10000000 ] && [ "${a:-0}" -le 12000400 ] || bad "jitter=1ms: a round trip of ${a:-?} ns"
[ "${a:-x}" != "${b:-x}" ] || bad "the jitter does not depend on the seed"

# No server at that address: the request is lost, select times out.
"$TKSIM" daemon --server 192.0.2.1 -- "$udp" 192.0.2.9 >"$tmp/n" 2>&1
grep -q '^select 0 left 0.000000$' "$tmp/n" || bad "a request to no server got an answer"
grep -q '^network: sent 1 (dropped 1)' "$tmp/n" || bad "the summary does not count the lost request"

# A real (TCP) socket to port 123 would leave the machine: refused, exit 2.
"$TKSIM" daemon -- "$udp" 192.0.2.1 tcp >"$tmp/t" 2>&1
rc=$?
cat "$tmp/t"
[ $rc = 2 ] || bad "a TCP connect to port 123 gave exit $rc, not 2"
grep -q 'refusing: a real socket to port 123' "$tmp/t" || bad "no message for the real socket to port 123"
grep -q 'tcp connect to port 123 returned' "$tmp/t" && bad "the TCP connect returned to the program"

# Bad --server values: exit 2 with a message.
for s in 'example.org' '192.0.2.1,delay=2s' '192.0.2.1,color=red' '192.0.2.1,delay=1ms,asym=-2ms'; do
	"$TKSIM" daemon --server "$s" -- "$udp" 192.0.2.1 >"$tmp/u" 2>&1
	rc=$?
	[ $rc = 2 ] && grep -q -- '--server' "$tmp/u" || bad "--server '$s' gave exit $rc"
done
exit $fail
