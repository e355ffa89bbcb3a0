// SPDX-License-Identifier: GPL-2.0
// tksim's own: the explorer page's logic over the C API of web/explore_api.c (docs/explorer.md).
//
// The page's state is a session: the settings of a scenario, the ops with their
// times, and the number of steps.  Every change replays the session from boot in
// the core (tke_*), so the page shows what `tksim run` of the exported scenario
// prints, row for row.  The URL hash holds the session (the permalink).
'use strict';

const MAX_ROWS = 2000; // rows kept for the lanes, the plots and the trace pane
const LANES = [
  // [trace column, what it is, unit]
  ['counter', 'the counter read at this instant', 'cycles'],
  ['cycle_last', 'the counter value of the last accumulation', 'cycles'],
  ['xtime_sec', 'REALTIME seconds', 's'],
  ['xtime_nsec_sns', 'REALTIME ns within the second, shifted', 'ns << shift'],
  ['coarse_nsec', 'what the coarse clocks read', 'ns'],
  ['mult', 'ns per cycle, << shift', 'ns << shift / cycle'],
  ['ntp_error_ns32', 'what NTP wanted minus what the clock accumulated', 'ns << 32'],
  ['tick_length_ns32', 'what NTP wants one tick to be', 'ns << 32'],
  ['vvar_seq', 'the vvar seqcount: +2 each update, odd inside one', ''],
  ['time_state', 'the leap-second state machine', ''],
];

const EXPLAIN = {
  boot: ['The system booted: the clocksource registered (mult and shift chosen for its ' +
         'frequency), the timekeeper set up from the boot wall time, the vvar page written ' +
         'once.', 'timekeeping_init(), tk_setup_internals() (kernel/time/timekeeping.c)'],
  step: ['A tick: the counter was read, whole tick intervals of cycles were added to ' +
         'xtime_nsec (shifted ns) and cycle_last moved by what was accumulated; ntp_error ' +
         'took the difference between the NTP tick length and what was accumulated; mult ' +
         'was steered from it; update_vsyscall() published the vvar page (seq +2). Then ' +
         'time ran to the run\'s random instant inside the next tick, where the clocks ' +
         'are read and checked.',
         'timekeeping_advance(), logarithmic_accumulation(), timekeeping_adjust(), ' +
         'update_vsyscall() (kernel/time/timekeeping.c, kernel/time/vsyscall.c)'],
  adjtimex: ['adjtimex(2): the call\'s fields went into the NTP state (time_freq, ' +
             'time_offset, status); ntp_update_frequency() recomputed tick_length, which ' +
             'the next ticks steer mult towards.',
             'do_adjtimex(), __do_adjtimex(), ntp_update_frequency() (kernel/time/ntp.c)'],
  stall: ['A stall: time passed with no tick at all (a paused VM). The next tick ' +
          'accumulates the whole gap at once, in powers of two of the tick interval.',
          'timekeeping_advance(), logarithmic_accumulation() (kernel/time/timekeeping.c)'],
  clocksource: ['A clocksource switch through sysfs: time forwarded on the old ' +
                'counter, the timekeeper set up on the new one (mult, shift, cycle_last).',
                'clocksource_select(), timekeeping_notify(), change_clocksource() ' +
                '(kernel/time/clocksource.c, kernel/time/timekeeping.c)'],
  read: ['Every clock read through the vDSO (over the vvar page, under the seqcount) ' +
         'and through the kernel side, and the two compared.',
         'do_hres(), vdso_read_begin(), vdso_read_retry() (lib/vdso/gettimeofday.c)'],
  'read-mid-write': ['At the next vvar update the oracle looks from inside the write ' +
                     'section: the seq must be odd there, or a reader would keep a torn page.',
                     'vdso_write_begin(), vdso_write_end() (include/vdso/helpers.h)'],
  'read-across-tick': ['A vDSO read of MONOTONIC with the next tick between its loads: the ' +
                       'reader read the counter and loaded cycle_last and mult, the tick ' +
                       'published a new page (seq +2), the reader loaded the new base. That ' +
                       'value counts the tick\'s cycles twice; vdso_read_retry() sees the seq ' +
                       'moved and the reader reads again, unless reader-no-retry is injected: ' +
                       'then it keeps the torn value, and the verdict turns red. The explain ' +
                       'pane shows the same interleaving step by step (tksim explain retry).',
                       'do_hres(), vdso_read_begin(), vdso_read_retry() ' +
                       '(lib/vdso/gettimeofday.c, include/vdso/helpers.h); update_vsyscall() ' +
                       '(kernel/time/vsyscall.c)'],
  op: ['An op of the op language, applied by the op executor with the oracle after it.',
       'sim_ops_exec_op() (tksim\'s own: sim/ops/ops_exec.c)'],
};

let core = null;
let printed = []; // what the core wrote on stdout (tke_explain)
let session = null; // { set: [[key, value]...], ops: [[t_ns, text]...], steps: N, last: kind }
let rows = [];
let header = [];

function api(name, ret, ...args) {
  return core.ccall(name, ret, args.map(a => (typeof a === 'number' ? 'number' : 'string')),
                    args);
}

function defaultSession() {
  return { set: [['hz', '1000'], ['ppm', '35'], ['seed', '1']], ops: [], steps: 0,
           last: 'boot' };
}

function setting(key) {
  const s = session.set.find(kv => kv[0] === key);
  return s ? s[1] : null;
}

function putSetting(key, value) {
  session.set = session.set.filter(kv => kv[0] !== key);
  if (value !== null)
    session.set.push([key, value]);
}

// The settings in a fixed order: the scenario file does not depend on the clicks.
const ORDER = ['hz', 'freq', 'ppm', 'bits', 'seed', 'ntpd', 'poll', 'leap', 'inject', 'fix'];
function orderedSettings() {
  return ORDER.map(k => session.set.find(kv => kv[0] === k)).filter(Boolean);
}

function showError(text) {
  const v = document.getElementById('verdict');
  v.className = 'verdict bad';
  v.textContent = text;
}

// Boot, queue every op, run the steps: the session from the start, as tksim run would.
function replay() {
  api('tke_reset', null);
  for (const [k, v] of orderedSettings())
    if (api('tke_set', 'number', k, v))
      return showError('tksim run refuses the setting "' + k + ' ' + v + '"');
  if (api('tke_boot', 'number'))
    return showError('tksim run refuses this system');
  for (const [t, text] of session.ops)
    if (api('tke_at', 'number', t, text)) {
      showError('not an op of the op language: "' + text + '"');
      return false;
    }
  header = api('tke_header', 'string').replace(/^#/, '').trim().split('\t');
  rows = [api('tke_row', 'string').trim()];
  let status = 0;
  for (let i = 0; i < session.steps && status === 0; i++) {
    status = api('tke_step', 'number', 1);
    rows.push(api('tke_row', 'string').trim());
    if (rows.length > MAX_ROWS)
      rows.shift();
  }
  render(status);
  return true;
}

function col(row, name) {
  return row.split('\t')[header.indexOf(name)];
}

function renderLanes() {
  const last = rows.slice(-8);
  let h = '<table class="lanes"><tr><th>lane</th><th>unit</th>';
  for (const r of last)
    h += '<th>t = ' + col(r, 't_ns') + ' ns</th>';
  h += '</tr>';
  for (const [name, what, unit] of LANES) {
    h += '<tr><th title="' + what + '">' + name + '</th><td class="unit">' + unit + '</td>';
    let prev = null;
    for (const r of last) {
      const v = col(r, name);
      h += '<td class="' + (prev !== null && v !== prev ? 'moved' : '') + '" data-lane="' +
           name + '">' + v + '</td>';
      prev = v;
    }
    h += '</tr>';
  }
  document.getElementById('lanes').innerHTML = h + '</table>';
}

function plot(id, name, label) {
  const c = document.getElementById(id);
  const g = c.getContext('2d');
  const ys = rows.map(r => Number(col(r, name)));
  g.clearRect(0, 0, c.width, c.height);
  g.fillStyle = '#222';
  g.font = '12px sans-serif';
  g.fillText(label, 6, 14);
  if (ys.length < 2)
    return;
  const lo = Math.min(...ys), hi = Math.max(...ys), span = hi - lo || 1;
  g.fillText(String(hi), 6, 28);
  g.fillText(String(lo), 6, c.height - 4);
  g.strokeStyle = '#1060c0';
  g.beginPath();
  ys.forEach((y, i) => {
    const px = 4 + (c.width - 8) * i / (ys.length - 1);
    const py = c.height - 10 - (c.height - 40) * (y - lo) / span;
    if (i)
      g.lineTo(px, py);
    else
      g.moveTo(px, py);
  });
  g.stroke();
}

function renderClocks() {
  let h = '<tr><th>clock</th><th>vDSO (ns)</th><th>kernel side (ns)</th></tr>';
  for (const line of api('tke_clocks', 'string').trim().split('\n')) {
    const [n, v, k] = line.split('\t');
    h += '<tr><td>' + n + '</td><td>' + v + '</td><td class="' + (v === k ? '' : 'differ') +
         '">' + k + '</td></tr>';
  }
  document.getElementById('clocks').innerHTML = h;
}

// `tksim explain TOPIC` for the session's HZ and counter error, at the current instant.
function renderExplain() {
  const topic = document.getElementById('explain-topic').value;
  let args = topic + ' --hz ' + (setting('hz') || '1000') + ' --ppm ' + (setting('ppm') || '35');
  let now = BigInt(api('tke_now', 'string'));
  // After a read across a tick, retry explains that tick: the first at or after the op.
  const lastOp = session.ops[session.ops.length - 1];
  if (topic === 'retry' && session.last === 'read-across-tick' && lastOp)
    now = BigInt(lastOp[0]);
  if (/^(tick|read|retry|vvar)/.test(topic) && now > 0n)
    args += ' --at ' + now.toString() + 'ns';
  printed = [];
  const st = api('tke_explain', 'number', args);
  document.getElementById('explain-cmd').textContent = 'tksim explain ' + args;
  document.getElementById('explain-text').textContent = printed.join('\n') +
    (st ? '\n(exit ' + st + ')' : '');
}

function render(status) {
  const v = document.getElementById('verdict');
  const why = api('tke_verdict', 'string');
  if (status === 2) {
    v.className = 'verdict bad';
    v.textContent = 'an op was refused: tksim run would exit 2 at its line';
  } else if (why) {
    v.className = 'verdict bad';
    v.textContent = 'VIOLATION: ' + why;
  } else if (api('tke_unseen', 'string')) {
    // A bug these steps cannot show: no green for what was not seen (tksim run exits 2).
    v.className = 'verdict unseen';
    v.textContent = 'CANNOT SEE: ' + api('tke_unseen', 'string');
  } else {
    v.className = 'verdict ok';
    v.textContent = 'all properties held (' + session.steps + ' steps)';
  }
  const ex = EXPLAIN[session.last] || EXPLAIN.op;
  document.getElementById('explain-what').textContent = ex[0];
  document.getElementById('explain-fn').textContent = ex[1];
  renderLanes();
  plot('plot-ntp', 'ntp_error_ns32', 'ntp_error (ns << 32) per step');
  plot('plot-mult', 'mult', 'mult per step');
  renderClocks();
  renderExplain();
  const scn = api('tke_scenario', 'string');
  document.getElementById('scenario').textContent = scn;
  document.getElementById('download').href = 'data:text/plain;charset=utf-8,' +
                                             encodeURIComponent(scn);
  document.getElementById('trace').textContent =
    '#' + header.join('\t') + '\n' + rows.slice(-40).join('\n') + '\n';
  const hash = '#' + encodeURIComponent(JSON.stringify(session));
  document.getElementById('permalink').href = hash;
  history.replaceState(null, '', hash);
}

function steps(n) {
  session.steps += n;
  session.last = 'step';
  replay();
}

// An op 1 ns after the current instant, then the step that applies it.
function op(text, kind) {
  const t = (BigInt(api('tke_now', 'string')) + 1n).toString();
  session.ops.push([t, text]);
  session.steps += 1;
  session.last = kind;
  if (!replay()) {
    // Not an op: the session goes on without it, the error stays shown.
    const why = document.getElementById('verdict').textContent;
    session.ops.pop();
    session.steps -= 1;
    replay();
    showError(why);
  }
}

function changeSetting(key, value) {
  putSetting(key, value);
  session.last = 'boot';
  replay();
}

function syncControls() {
  document.getElementById('ppm').value = setting('ppm') || '0';
  document.getElementById('ppm-out').textContent = setting('ppm') || '0';
  document.getElementById('hz').value = setting('hz') || '1000';
  document.getElementById('ntpd').checked = setting('ntpd') === 'on';
  document.getElementById('poll').value = setting('poll') || '4';
  document.getElementById('poll-out').textContent = setting('poll') || '4';
  document.getElementById('leap').value = setting('leap') || '';
  document.getElementById('seed').value = setting('seed') || '1';
  for (const box of document.querySelectorAll('#bugs input')) {
    const list = (setting(box.dataset.kind) || '').split(',');
    box.checked = list.includes(box.dataset.name);
  }
}

function toggleList(kind, name, on) {
  let list = (setting(kind) || '').split(',').filter(x => x && x !== name);
  if (on)
    list.push(name);
  changeSetting(kind, list.length ? list.join(',') : null);
}

function buildBugs() {
  const box = document.getElementById('bugs');
  for (const line of api('tke_bugs', 'string').trim().split('\n')) {
    const [kind, name, seen, what, fix, shows] = line.split('\t');
    const key = kind === 'bug' ? 'inject' : 'fix';
    const l = document.createElement('label');
    l.className = kind;
    l.title = what + (fix ? '\nfixed by: ' + fix : '') + (shows ? '\nshown by: ' + shows : '');
    const i = document.createElement('input');
    i.type = 'checkbox';
    i.id = key + '-' + name;
    i.dataset.kind = key;
    i.dataset.name = name;
    i.disabled = seen !== '1';
    i.addEventListener('change', () => toggleList(key, name, i.checked));
    l.append(i, ' ' + (kind === 'fix' ? 'fix ' : '') + name +
             (seen === '1' ? '' : ' (' + what + ')'));
    box.append(l);
  }
}

function wire() {
  const on = (id, ev, f) => document.getElementById(id).addEventListener(ev, f);
  on('ppm', 'input', e => { document.getElementById('ppm-out').textContent = e.target.value; });
  on('ppm', 'change', e => changeSetting('ppm', e.target.value));
  on('hz', 'change', e => changeSetting('hz', e.target.value));
  on('ntpd', 'change', e => {
    putSetting('poll', e.target.checked ? document.getElementById('poll').value : null);
    changeSetting('ntpd', e.target.checked ? 'on' : 'off');
  });
  on('poll', 'input', e => { document.getElementById('poll-out').textContent = e.target.value; });
  on('poll', 'change', e => {
    if (setting('ntpd') === 'on')
      changeSetting('poll', e.target.value);
  });
  on('leap', 'change', e => changeSetting('leap', e.target.value || null));
  on('seed', 'change', e => changeSetting('seed', String(e.target.value)));
  for (const n of [1, 10, 100, 1000])
    on('step' + n, 'click', () => steps(n));
  on('reset', 'click', () => { session.ops = []; session.steps = 0; session.last = 'boot';
                               replay(); });
  on('op-freq', 'click', () => op('adjtimex modes=freq freq=' +
    Math.round(Number(document.getElementById('freq').value) * 65536), 'adjtimex'));
  on('op-offset', 'click', () => op('adjtimex modes=offset offset=' +
    Math.round(Number(document.getElementById('offset').value)), 'adjtimex'));
  on('op-stall', 'click', () => op('stall ' + document.getElementById('stall').value, 'stall'));
  on('op-cs', 'click', () => op('clocksource ' + document.getElementById('cs').value,
                                'clocksource'));
  on('op-read', 'click', () => op('read', 'read'));
  on('op-torn', 'click', () => {
    document.getElementById('explain-topic').value = 'retry';
    op('read-across-tick', 'read-across-tick');
  });
  on('explain-topic', 'change', renderExplain);
  on('op-any', 'click', () => {
    const text = document.getElementById('op-text').value.trim();
    op(text, text.split(' ')[0]);
  });
}

function loadHash() {
  if (location.hash.length > 1) {
    try {
      const s = JSON.parse(decodeURIComponent(location.hash.slice(1)));
      if (Array.isArray(s.set) && Array.isArray(s.ops) && Number.isInteger(s.steps))
        return s;
    } catch (e) {
      showError('the link is not a session: ' + e.message);
    }
  }
  return defaultSession();
}

// ?do=A,B,...: user actions done on load through the page's own controls (the browser test
// and the screenshots use it): ID clicks a button, ID=VALUE sets a control and fires its
// change, toggle:ID flips a checkbox.
function runActions() {
  const q = new URLSearchParams(location.search).get('do');
  for (const a of q ? q.split(',') : []) {
    const m = /^(toggle:)?([\w.-]+)(?:=(.*))?$/.exec(a);
    const el = m && document.getElementById(m[2]);
    if (!el) {
      showError('no control "' + a + '"');
      return;
    }
    if (m[1]) {
      el.checked = !el.checked;
      el.dispatchEvent(new Event('change'));
    } else if (m[3] !== undefined) {
      el.value = m[3];
      el.dispatchEvent(new Event('input'));
      el.dispatchEvent(new Event('change'));
    } else {
      el.click();
    }
  }
}

function start(m) {
  core = m;
  session = loadHash();
  buildBugs();
  wire();
  syncControls();
  replay();
  runActions();
  document.getElementById('errors').textContent = window.tksimErrors.join('\n');
  document.body.dataset.ready = '1';
}

// Built with a synchronous compile (web/local.am), the core is ready when TksimCore() returns;
// a build with the asynchronous one returns a promise.
const instance = TksimCore({ print: t => printed.push(t), printErr: t => printed.push(t) });
if (typeof instance.then === 'function')
  instance.then(start);
else
  start(instance);
