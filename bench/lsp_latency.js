#!/usr/bin/env node
// Latency of `qbank lsp` from an edit to its diagnostics, measured by an LSP client (the
// vscode-languageserver-protocol library of tests/lsp), with the server's memory; against a
// baseline in the same run: `qbank lint FILE` on the command line, the same file from disk.
//
// usage: node bench/lsp_latency.js path/to/qbank FILE... [--edits N] [--debounce MS]
// Each FILE is opened alone in a workspace of its own; N edits (default 100) each change one
// word of a question's stem in the middle of the file and wait for the diagnostics of that
// version. Prints per file: the command-line lint's wall time (median of 3), the server's first
// diagnostics, the median and 95th percentile of the edit latency, and VmRSS / VmHWM.
// bench/lsp_latency.sh makes the two files of docs/editors.md (500 MMLU questions, all of MMLU).
'use strict';

const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const protocol = require(require.resolve('vscode-languageserver-protocol/node',
                                         { paths: [path.join(__dirname, '..', 'tests', 'lsp')] }));

const args = process.argv.slice(2);
const qbank = args.shift();
let edits = 100;
let debounce = 200;
const files = [];
while (args.length > 0) {
  const a = args.shift();
  if (a === '--edits') edits = Number(args.shift());
  else if (a === '--debounce') debounce = Number(args.shift());
  else files.push(a);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

function commandLineLint(file) {
  const times = [];
  for (let i = 0; i < 3; ++i) {
    const start = process.hrtime.bigint();
    try {
      execFileSync(qbank, ['lint', file, '--fail-on', 'none'], { stdio: 'ignore' });
    } catch (e) { /* exit 1 or 2: findings or import errors; the time is what counts */ }
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[1];
}

async function measure(file) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-lsp-bench-'));
  const copy = path.join(dir, path.basename(file));
  fs.copyFileSync(file, copy);
  const baseline = commandLineLint(copy);
  const child = spawn(qbank, ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const c = protocol.createProtocolConnection(new protocol.StreamMessageReader(child.stdout),
                                              new protocol.StreamMessageWriter(child.stdin));
  const uri = pathToFileURL(copy).href;
  let waiting = null;
  c.onNotification(protocol.PublishDiagnosticsNotification.type, (p) => {
    if (waiting && p.uri === uri && p.version === waiting.version) {
      waiting.resolve(p);
      waiting = null;
    }
  });
  c.listen();
  const until = (version) => new Promise((resolve) => { waiting = { version, resolve }; });
  await c.sendRequest(protocol.InitializeRequest.type, {
    processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {},
    initializationOptions: { debounceMs: debounce },
  });
  c.sendNotification(protocol.InitializedNotification.type, {});
  let text = fs.readFileSync(copy, 'utf8');
  const openStart = process.hrtime.bigint();
  const opened = until(1);
  c.sendNotification(protocol.DidOpenTextDocumentNotification.type,
                     { textDocument: { uri, languageId: 'markdown', version: 1, text } });
  const first = await opened;
  const openMs = Number(process.hrtime.bigint() - openStart) / 1e6;
  // The edits: a word typed into, then taken out of, a stem line in the middle of the file.
  const lines = text.split('\n');
  let line = Math.floor(lines.length / 2);
  while (line < lines.length && !/^[A-Za-z]/.test(lines[line])) ++line;
  const latencies = [];
  for (let i = 0; i < edits; ++i) {
    const at = { line, character: 0 };
    const change = i % 2 === 0 ? { range: { start: at, end: at }, text: 'Typed ' }
                               : { range: { start: at, end: { line, character: 6 } }, text: '' };
    const version = i + 2;
    const arrived = until(version);
    const start = process.hrtime.bigint();
    c.sendNotification(protocol.DidChangeTextDocumentNotification.type,
                       { textDocument: { uri, version }, contentChanges: [change] });
    await arrived;
    latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const mem = memory(child.pid);
  await c.sendRequest(protocol.ShutdownRequest.type);
  c.sendNotification(protocol.ExitNotification.type);
  await new Promise((resolve) => child.on('exit', resolve));
  c.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  const fmt = (ms) => ms.toFixed(0).padStart(6) + ' ms';
  console.log(`${path.basename(file)}: ${first.diagnostics.length} diagnostics`);
  console.log(`  baseline: qbank lint FILE (command line) ${fmt(baseline)}`);
  console.log(`  lsp: open to first diagnostics           ${fmt(openMs)}`);
  console.log(`  lsp: edit to diagnostics, median          ${fmt(percentile(latencies, 0.5))}` +
              ` (debounce ${debounce} ms included, ${edits} edits)`);
  console.log(`  lsp: edit to diagnostics, 95th percentile ${fmt(percentile(latencies, 0.95))}`);
  console.log(`  lsp: server memory VmRSS ${mem.rss.toFixed(0)} MB, peak VmHWM ${mem.hwm.toFixed(0)} MB`);
}

(async () => {
  for (const file of files) await measure(file);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
